#!/usr/bin/python3
"""limits.t - a limit of the checker is its own verdict (exit 5), reported
only when the input really goes past it, named by the option that raises
it, and raising that option makes the same input check cleanly; a length
that runs past the end of the input is a violation or a truncation, never
a limit. Every NetTrace layout's nesting depth, the block size and the
payload program table are covered, and every LIMIT rule of every format
(the last section asserts that none is left out). Failure: another exit code, rule or
message, or a limit reported for bytes that are not there."""
import json
import os
import struct
import subprocess

import nt45
import nt6
from nt45 import File, metadata, row, sp, v1
from taplib import SHARED, TRACEGATE, Scratch, Tap, run

t = Tap()
scratch = Scratch("tg-limits-")


def check(data, *opts):
    path = scratch.write("case.nettrace", data)
    code, out, err = run("check", "--report", "json", *opts, path)
    f = json.loads(out)["files"][0]
    return code, f


def rules(f):
    return [d["rule"] for d in f["findings"]]


def limit_case(name, data, rule, option, unit, *opts):
    """data hits `rule` (under opts); the finding and the verdict name
    `option`."""
    code, f = check(data, *opts)
    d = [x for x in f["findings"] if x["rule"] == rule]
    t.ok(code == 5 and len(d) == 1 and
         d[0]["expected"].endswith(unit + " (%s raises it)" % option) and
         f["problem"].endswith(": %s raises it" % option),
         "%s: exit 5, %s names %s" % (name, rule, option), json.dumps(f))
    return code, f


# ---- a length claim past the end of the input is not a limit ----------
sample = os.path.join(SHARED, "samples", "nettrace",
                      "eventpipe-dotnetcore6.0-win-x64-executioncheckpoints"
                      ".nettrace")
if os.path.exists(sample):
    src = bytearray(open(sample, "rb").read())
    src[0x83:0x87] = struct.pack("<i", 0x7FFFFFF0)  # the MetadataBlock's
    code, f = check(bytes(src))
    t.eq((code, [(d["rule"], d["offset"]) for d in f["findings"]
                 if d["level"] == "MUST"]),
         (7, [("NT-OBJ-014", 0x87)]),
         "582-byte file, BlockSize 0x7FFFFFF0: the input ends inside it "
         "(truncated, exit 7), not a limit")
    t.eq(f["bytes"], 582, "... and the verdict counts the 582 bytes read")
else:
    t.skip("BlockSize past the end of a real file", "no %s" % sample)

# ---- --max-block: a v4/v5 block of 100 KiB, really there ---------------
f45 = File()
f45.add("MetadataBlock", nt45.block_content(
    row(0xC0, ts=100, payload=metadata(1)), 100, 100))
# two stacks: no one stack of more than 65527 bytes (NT-STK-005)
f45.add("StackBlock", nt45.stacks(1, 8, 51200, 51200))
f45.add("SPBlock", sp(200))
big = f45.build()
code, f = check(big)
t.eq((code, rules(f)), (0, ["NT-OBS-001"]),
     "a 100 KiB StackBlock checks whole by default")
limit_case("--max-block 65536", big, "NT-LIM-002", "--max-block", "bytes",
           "--max-block", "65536")
code, f = check(big[:-200], "--max-block", "65536")
t.eq((code, "NT-LIM-002" in rules(f)), (7, False),
     "... cut inside that block: the input ends there (truncated), no limit")

# v6: a block over the limit is skipped and named, the rest still read
ex = nt6.example()
P = nt6.default_parts()
order = [(1, "trace"), (3, "metadata"), (9, "big"), (6, "thread"),
         (5, "stack"), (8, "labels"), (2, "events"), (4, "sp"),
         (7, "remove"), (0, "end")]
big6 = nt6.example(blocks=order, big=b"\0" * 70000)
code, f = check(big6, "--max-block", "65536")
t.eq((code, rules(f)), (5, ["NT-LIM-002"]),
     "v6: a 70000-byte block over --max-block 65536 is skipped, exit 5")
code, f = check(big6)
t.eq((code, rules(f)), (0, ["NT-FRAME-001"]),
     "v6: ... and read (an unknown kind, skipped) with the default limit")

# ---- --max-depth: nesting is a limit of the checker in every layout ----


def nested_v1(depth):
    inner = [(9, "X")]
    for _ in range(depth):
        inner = [(1, "O", inner)]
    return v1(*inner)


def v45_nested(depth):
    f = File()
    f.add("MetadataBlock", nt45.block_content(
        row(0xC0, ts=100, payload=metadata(1, fields=nested_v1(depth))),
        100, 100))
    f.add("SPBlock", sp(200))
    return f.build()


code, f = check(v45_nested(64))
t.eq((code, rules(f)), (0, []), "v4/v5: V1 Objects nested 64 deep pass")
limit_case("v4/v5 V1 nested 70 deep", v45_nested(70), "NT-LIM-004",
           "--max-depth", "nested lists")
code, f = check(v45_nested(70), "--max-depth", "100")
t.eq((code, rules(f)), (0, []), "... and pass with --max-depth 100")


def v2_nested(depth):
    field = nt45.v2_field("X", 9)
    for _ in range(depth):
        field = nt45.v2_field("O", 1, nested=nt45.v2(field))
    return v1() + nt45.tag(2, nt45.v2(field))


f = File()
f.add("MetadataBlock", nt45.block_content(
    row(0xC0, ts=100, payload=metadata(1, fields=v2_nested(70))), 100, 100))
f.add("SPBlock", sp(200))
limit_case("v4/v5 V2Params nested 70 deep", f.build(), "NT-LIM-004",
           "--max-depth", "nested lists")


def v6_nested_type(depth):
    """A v6 Type: Object{F: ...} nested `depth` times around an Int32."""
    ty = b"\x09"
    for _ in range(depth):
        field = nt6.s("F") + ty
        ty = b"\x01" + struct.pack("<H", 1) + struct.pack("<H", len(field)) + \
            field
    return ty


def v6_row(ty):
    field = nt6.s("V") + ty
    return (b"\x05" + nt6.s("P") + b"\x01" + nt6.s("E") +
            struct.pack("<H", 1) + struct.pack("<H", len(field)) + field +
            struct.pack("<H", 0))


limit_case("v6 nested 70 deep",
           nt6.example(metadata=nt6.metadata_with(v6_row(v6_nested_type(70)))),
           "NT-LIM-004", "--max-depth", "nested lists")


def draft_nested(depth):
    """A draft metadata block: Count 1, a row whose first field is a
    VarUInt inside `depth` nested Objects, then a LengthPrefixedUTF8String
    (what the example's events hold)."""
    ty = b"\x15"
    for _ in range(depth):
        ty = b"\x01\x01" + ty + nt6.s("F")
    return (struct.pack("<H", 1) + b"\x01" + nt6.s("P") + b"\x01" +
            nt6.s("E") + b"\x02" + ty + nt6.s("V") + b"\x17" +
            nt6.s("L") + b"\x00")


draft = nt6.draft_example(metadata=draft_nested(70))
code, f = check(draft, "--profile", "nettrace-v6-draft")
t.ok(code == 5 and "NT-LIM-004" in rules(f),
     "the draft: Objects nested 70 deep reach the depth limit",
     json.dumps(f))
code, f = check(nt6.draft_example(metadata=draft_nested(3)), "--profile",
                "nettrace-v6-draft")
t.eq((code, rules(f)), (0, []), "the draft: Objects nested 3 deep pass")

# ---- --max-payload-steps, --max-live ----------------------------------
gen6 = subprocess.run([TRACEGATE, "gen", "nettrace", "--profile",
                       "nettrace-v6", "--seed", "1", "--out", "-"],
                      stdout=subprocess.PIPE, check=True).stdout
limit_case("--max-payload-steps 1", gen6, "NT-LIM-003",
           "--max-payload-steps", "steps", "--max-payload-steps", "1")
code, f = check(gen6, "--max-live", "1")
t.ok(code == 5 and f["problem"].endswith("--max-live raises it"),
     "--max-live 1: exit 5, and the verdict names --max-live",
     json.dumps(f))

# ---- every limit rule of every format names its option ----------------
# Each LIMIT row of the rule tables (tracegate rules) is hit here by a
# small input under a low option; its finding's expected text and the
# verdict name that option, and the default lets the input pass that
# limit. A LIMIT rule added without a case here fails the last test.
def gen(fmt):
    return subprocess.run([TRACEGATE, "gen", fmt, "--seed", "1", "--out",
                           "-"], stdout=subprocess.PIPE, check=True).stdout


AF_LONG = (b"# AFPerf v1     \nRunInfo,1,ns,1639527663.5,1.0.0,7,app,1.0,\n"
           b"RunPoint,2,7,1," + b"5" * 70000 + b"\n")
TL_LONG = (b"prf stm 2023-06-02 05:41:09.781\n"
           b"prf cfg CollectionMethod " + b"S" * 70000 + b"\n")
LIMITS = {  # rule: (format, input, option, low value)
    "AF-LIM-001": ("afperf", gen("afperf"), "--max-live", "1"),
    "AF-LIM-002": ("afperf", AF_LONG, "--max-block", "65536"),
    "DA-LIVE-003": ("dumpalloc", gen("dumpalloc"), "--max-live", "1"),
    "TL-LIM-001": ("tracelog", gen("tracelog"), "--max-live", "1"),
    "TL-LIM-002": ("tracelog", TL_LONG, "--max-block", "65536"),
    "NT-LIM-001": ("nettrace", gen6, "--max-live", "1"),
}
for rule, (fmt, data, option, low) in sorted(LIMITS.items()):
    path = scratch.write("limit." + fmt, data)
    code, out, err = run("check", "--report", "json", "--format", fmt,
                         option, low, path)
    f = json.loads(out)["files"][0]
    d = [x for x in f["findings"] if x["rule"] == rule]
    t.ok(code == 5 and len(d) == 1 and
         d[0]["expected"].endswith("(%s raises it)" % option) and
         f["problem"].endswith(": %s raises it" % option),
         "%s %s %s: exit 5, %s names %s" % (fmt, option, low, rule, option),
         json.dumps(f)[:2000])
    code, out, err = run("check", "--report", "json", "--format", fmt, path)
    f = json.loads(out)["files"][0]
    t.ok(code != 5 and rule not in rules(f),
         "%s: the default %s lets the same input past %s" % (fmt, option,
                                                            rule),
         json.dumps(f)[:2000])

# ---- --max-names: names kept to name events (tracegate events) ----------
# eight metadata rows whose provider names are 10000 UTF-16 code units
# each: 10001 bytes of UTF-8 apiece with the name "E", past 65536 at the
# seventh
f = File()
for mid in range(1, 9):
    meta = metadata(mid, provider="p" * 10000)
    f.add("MetadataBlock", nt45.block_content(row(0xC0, ts=100,
                                                  payload=meta), 100, 100))
f.add("SPBlock", sp(200))
names = f.build()
# the seventh row's payload, where its names are
seventh = (f.content[7] + 20 + len(row(0xC0, ts=100, payload=meta)) -
           len(meta))
path = scratch.write("names.nettrace", names)
code, out, err = run("events", "--max-names", "65536", path)
end = json.loads(out.splitlines()[-1])
t.eq((code, end["outcome"], end["type"], end["message"]),
     (5, "failed", "NT-LIM-005", "metadata names past the checker's names "
      "limit: the events of later metadata rows are not handed on, at byte "
      "%d" % seventh), "events --max-names 65536: exit 5 at the seventh "
     "row's names, NT-LIM-005")
code, out, err = run("check", "--report", "json", "--max-names", "65536",
                     path)
t.eq((code, rules(json.loads(out)["files"][0])), (0, []),
     "check --max-names 65536: no events are asked for, nothing is kept")
code, out, err = run("events", path)
t.eq((code, json.loads(out.splitlines()[-1])["outcome"]), (0, "read"),
     "events with the default --max-names (64 MiB) reads the file")

tables = json.loads(run("rules", "--report", "json")[1])["formats"]
limit_rules = sorted(r["id"] for fm in tables for r in fm["rules"]
                     if r["kind"] == "limit")
covered = set(LIMITS) | {"NT-LIM-002", "NT-LIM-003", "NT-LIM-004",
                         "NT-LIM-005"}
t.eq([r for r in limit_rules if r not in covered], [],
     "every LIMIT rule (%d) has a case that names its option"
     % len(limit_rules))

# ---- options are checked ----------------------------------------------
for opt, bad in (("--max-block", "100"), ("--max-depth", "0"),
                 ("--max-depth", "5000"), ("--max-live", "0")):
    code, out, err = run("check", opt, bad, scratch.write("x", ex))
    t.ok(code == 2 and opt in err and "default" in err,
         "%s %s is a usage error that gives the range and default"
         % (opt, bad), err)
t.done()
