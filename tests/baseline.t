#!/usr/bin/python3
"""baseline.t - adopting the gate on old traces: --write-baseline records
the findings of the files checked (and exits 0 once it has), --baseline
makes only findings that are not in it fail. A round trip: a file's old
findings no longer fail, after an unrelated edit that moves their bytes
too, and after records are inserted, deleted or reordered before them, in
every format (their structural paths change, their fingerprints do not);
the same break once more is a new finding; the baseline is the same bytes
when written twice, and follows its documented format; a file that is no
baseline is a usage error. Failure: any exit code or text that differs."""
# build.sh test runs this against the checker-only build too
import json
import os
import struct

import nt45
from nt45 import File, row
from taplib import Scratch, Tap, da_rec, da_str, run

t = Tap()
scratch = Scratch("tg-baseline-")
tmp = scratch.dir
os.chdir(tmp)

HEAD = ("prf stm 2018-06-25 07:24:28.049\n"
        "thr crt 0x00007F3A00001000 0x00000000\n")
OLD = "prc cpu -5 2000\nprc cpu 1600 -7\n"  # two findings, TL-NUM-001
scratch.write("t.tracelog", (HEAD + OLD).encode())
code, out, err = run("check", "--write-baseline", "base.json", "t.tracelog")
t.eq((code, out.count("error[TL-NUM-001]")), (0, 2),
     "writing a baseline: exit 0, the findings reported as ever")
with open("base.json") as f:
    first = f.read()
base = json.loads(first)
entries = base["files"]["t.tracelog"]
t.eq((base["schema"], base["version"], sorted(e["rule"] for e in
                                              entries.values()),
      sorted(e["count"] for e in entries.values()),
      all(len(k) == 16 for k in entries)),
     ("tracegate-baseline", 2, ["TL-NUM-001", "TL-NUM-001"], [1, 1], True),
     "the baseline: schema, version, each finding by fingerprint and count")
run("check", "--write-baseline", "again.json", "t.tracelog")
with open("again.json") as f:
    t.eq(f.read(), first, "written twice: the same bytes")

code, out, err = run("check", "--baseline", "base.json", "t.tracelog")
t.eq((code, "error[" in out, out.count("(+2 in the baseline)")), (0, False, 1),
     "with its baseline: exit 0, no finding shown, two said to be known")

# an unrelated edit: another record's value, longer, moves their bytes
scratch.write("t.tracelog", (HEAD.replace("0x00007F3A00001000", "0x1A") +
                             OLD).encode())
code, out, err = run("check", "--baseline", "base.json", "t.tracelog")
t.eq(code, 0, "after an unrelated edit that moves their bytes: still "
     "matched")

# a new finding fails, and is the only one reported
scratch.write("t.tracelog",
              (HEAD + OLD + "prf tps 1600 1700\n").encode())
code, out, err = run("check", "--baseline", "base.json", "t.tracelog")
t.eq((code, [l.split(": ")[1] for l in out.splitlines()
             if "error[" in l]),
     (1, ["error[TL-FLD-002]"]), "a new finding: exit 1, the only one shown")

# the same rule in a new record, with another value: a new finding
scratch.write("t.tracelog", (HEAD + OLD + "prc cpu -9 2000\n").encode())
code, out, err = run("check", "--baseline", "base.json", "t.tracelog")
t.eq((code, out.count("error[TL-NUM-001]")), (1, 1),
     "the same rule in a new record: exit 1, that finding alone shown")

# Records inserted, deleted and reordered before a finding, in every
# format: each file is a list of records; base holds fillers a and b and
# the broken record x; the edits move x, so its path changes.
NT_META = nt45.metadata


def nt_build(records):
    f = File()
    for name, content, version, min_version in records:
        f.add(name, content, version, min_version)
    return f.build()


def nt_meta(mid):
    return ("MetadataBlock", nt45.block_content(
        row(0xC0, ts=100, payload=NT_META(mid, name="E%d" % mid)), 100, 100),
        2, 2)


formats = {
    "tracelog": (lambda recs: ("prf stm 2018-06-25 07:24:28.049\n" +
                               "".join(recs)).encode(),
                 {"a": "prc cpu 1600 2000\n", "b": "prc cpu 1700 2100\n",
                  "c": "prc cpu 1800 2200\n", "x": "prc cpu -5 2000\n"},
                 "TL-NUM-001"),
    "afperf": (lambda recs: ("# AFPerf v1\n8,100,ns,1676289439.877348,1.0.0,"
                             "7,w,1.2.3,user=a\n" + "".join(recs)).encode(),
               {"a": "1,101,7,1,Calls,int32,count,,\n",
                "b": "1,102,7,2,Load,double,count,,\n",
                "c": "# a comment\n", "x": "9,112,7,2,abc\n"},
               "AF-VAL-001"),
    "dumpalloc": (lambda recs: (da_rec(b"PROC", struct.pack("<I", 1) +
                                       da_str(b"app")) + b"".join(recs)),
                  {"a": da_rec(b"OBJE", da_str(b"libc.so.6")),
                   "b": da_rec(b"OBJE", da_str(b"libm.so.6")),
                   "c": da_rec(b"OBJE", da_str(b"libz.so.1")),
                   "x": da_rec(b"ALOC", struct.pack("<QqI", 0x1000, 1,
                                                    1000000000)) +
                   da_rec(b"FRAM", b"TERM")},
                  "DA-TIME-001"),
    "nettrace": (nt_build,
                 {"a": nt_meta(1), "b": nt_meta(2), "c": nt_meta(3),
                  "x": ("StackBlock", nt45.stacks(1, 7), 2, 2)},
                 "NT-STK-003"),
}
edits = [("a record inserted before it", "acbx"),
         ("a record before it deleted", "bx"),
         ("the records around it reordered", "bxa")]


def paths(path, rule):
    code, out, err = run("check", *FAIL, "--report", "json", path)
    return code, [f["path"] for f in json.loads(out)["files"][0]["findings"]
                  if f["rule"] == rule]


for fmt, (build, recs, rule) in formats.items():
    path = "r." + fmt
    # NT-STK-003 is a SHOULD: the checks fail on it
    FAIL = ["--format", fmt, "--fail-on", "should"]

    def write(order):
        scratch.write(path, build([recs[k] for k in order]))

    write("abx")
    code, before = paths(path, rule)
    t.eq((code, len(before)), (1, 1), "%s: the base file has one %s"
         % (fmt, rule))
    run("check", *FAIL, "--write-baseline", "r.json", path)
    for name, order in edits:
        write(order)
        code, after = paths(path, rule)
        got = run("check", *FAIL, "--baseline", "r.json", path)[0]
        t.eq((code, after != before, got), (1, True, 0),
             "%s: %s: its path changes, the baseline still matches it"
             % (fmt, name))
    write("abxx")
    code, out, err = run("check", *FAIL, "--baseline", "r.json", path)
    t.eq((code, out.count("[%s]" % rule)), (1, 1),
         "%s: the same break once more: one new finding, exit 1" % fmt)

for name, text, why in [
        ("bad.json", "{not json", "--baseline bad.json: "),
        ("other.json", '{"schema": "x", "version": 1, "files": {}}',
         "--baseline other.json: no tracegate baseline"),
        ("v1.json", '{"schema": "tracegate-baseline", "version": 1, '
         '"files": {}}', "--baseline v1.json: a baseline of another version "
         "(this tracegate reads version 2: write it again with "
         "--write-baseline)")]:
    scratch.write(name, text.encode())
    code, out, err = run("check", "--baseline", name, "t.tracelog")
    t.ok(code == 2 and err.startswith("tracegate: " + why),
         "%s: a usage error that says why" % name, err)
t.done()
