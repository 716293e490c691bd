#!/usr/bin/python3
"""hostile.t - garbage is judged with the same care as a valid trace, and
at its speed (issue 14; the speed itself is measured by `./build.sh bench
garbage`, reports/bench-garbage.md). Here, written from the formats' own
layouts: a finding over the repeat cap is still counted, exactly; a
NetTrace block whose rows gave more findings than --max-repeats, in a file
that already fails, has the rest of its rows skipped and reported
(NT-SKIP-001, spec/nettrace.md "Hostile input"), and never when the file
does not fail yet or when --max-repeats is 0; a row that does not frame
ends its block, and the bytes skipped are reported. Failure: another finding,
offset, count or exit code."""
# build.sh test runs this against the checker-only build too
import json
import struct

import nt6
from taplib import Scratch, Tap, da_rec, da_str, run

t = Tap()
scratch = Scratch("tg-hostile-")


def check(name, data, *opts):
    code, out, err = run("check", "--report", "json", *opts,
                         scratch.write(name, data))
    return code, json.loads(out)["files"][0]


# ---- NetTrace v6: an EventBlock of zero rows --------------------------
# The worked example's Trace and Metadata blocks (offsets 20 .. 0x6c),
# then an EventBlock: its 4-byte block header, a valid 20-byte header
# (compressed rows) and 4000 zero bytes. Each zero row is 2 bytes (flags 0,
# PayloadSize 0) and inherits the zeroed previous row: MetadataId 0, so
# undefined (NT-REF-001) and TraceEvent's sequence question (NT-ROW-011),
# and capture thread 0, never declared (NT-THR-003): 3 findings a row.
P = nt6.default_parts()
head = P["header"] + nt6.block(1, P["trace"]) + nt6.block(3, P["metadata"])
rows_at = len(head) + 4 + 20
zero_block = (head + nt6.block(2, struct.pack("<hhqq", 20, 1, 0, 0) +
                               bytes(4000)) + nt6.block(0, b""))
code, f = check("zero6", zero_block)
skip = [d for d in f["findings"] if d["rule"] == "NT-SKIP-001"]
# rows 0 .. 33 give 102 findings > 100: row 34 (at rows_at + 68) is the
# first not decoded, and the 4000 - 68 bytes from it are skipped
t.eq((code, [(d["offset"], d["length"], d["found"]) for d in skip]),
     (1, [(rows_at + 68, 4000 - 68, "3932 bytes skipped after 102 "
           "findings")]),
     "v6 zero rows: NT-SKIP-001 at row 34, 3932 bytes skipped, exit 1")
t.eq(f["counts"], {"MUST": 68, "SHOULD": 0, "COMPAT": 34, "INFO": 1},
     "... the findings of rows 0 .. 33 and the skip, no more")

code, f = check("zero6", zero_block, "--max-repeats", "0")
rules = [d["rule"] for d in f["findings"]]
# (the rows inherit timestamp 0, which the header's Min and Max say)
t.eq((code, len(rules), "NT-SKIP-001" in rules), (1, 6000, False),
     "--max-repeats 0: every row decoded, 3 x 2000 findings, no skip")

code, f = check("zero6", zero_block, "--level", "NT-REF-001=info",
                "--level", "NT-THR-003=info")
capped = {d["rule"]: d["suppressed"] for d in f["findings"]
          if d["suppressed"]}
t.eq((code, "NT-SKIP-001" in [d["rule"] for d in f["findings"]], capped),
     (0, False, {"NT-REF-001": 1900, "NT-ROW-011": 1900,
                 "NT-THR-003": 1900}),
     "a file that does not fail yet: no skip, all 2000 rows counted "
     "(1900 of each rule over the cap of 100)")

# ---- NetTrace v6: a row that does not frame ends its block -------------
# The example's EventBlock with its second row replaced by flags 0 and a
# PayloadSize of 127 that the block does not hold: NT-ROW-003 after the
# row's two bytes, then NT-SKIP-001 says the 2 bytes from that row to the
# block's end were skipped, as its consequence.
events = P["events"][:20 + 12] + bytes([0, 0x7F])
row2 = nt6.offsets(parts=dict(P, events=events))["events"] + 20 + 12
code, f = check("rowpast", nt6.example(events=events))
t.eq([(d["rule"], d["offset"], d["length"], d["found"], d["consequence_of"])
      for d in f["findings"][:2]],
     [("NT-ROW-003", row2 + 2, 0, "2", None),
      ("NT-SKIP-001", row2, 2, "2 bytes skipped from the row that does not "
       "frame", f["findings"][0]["seq"])],
     "v6 row past its block: NT-ROW-003, then the 2 bytes skipped")

# ---- dumpalloc: a zero-filled tail is records of type 0, Length 0 ------
proc = da_rec(b"PROC", struct.pack("<I", 1) + da_str(b"app"))
code, f = check("zero.dumpalloc", proc + bytes(8 * 1000))
capped = {d["rule"]: d["suppressed"] for d in f["findings"]
          if d["suppressed"]}
first = [(d["rule"], d["offset"], d["found"]) for d in f["findings"]][:1]
t.eq((code, first, capped),
     (0, [("DA-REC-004", len(proc), "\\x00\\x00\\x00\\x00")],
      {"DA-REC-004": 900}),
     "dumpalloc zero tail: 1000 records of type 00000000 (DA-REC-004, a "
     "SHOULD), the first at the tail, 900 over the cap, all counted")
t.done()
