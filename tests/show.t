#!/usr/bin/python3
"""show.t - `tracegate show`: the parts of a trace as the checker reads
them.  Small files built by hand from the specs (tests/taplib.py's
dumpalloc example, tests/nt6.py's v6 example, AFPerf and TraceLog text
written here) give exact text, whose offsets and labels were worked out
from how each file was built; --at gives the owner and the bytes around
it; the JSON follows spec/show.schema.json.  Over the corpus, every
sample and every profile: the findings `show` places are exactly those
`check` reports, and every part lies inside the file and inside the part
that holds it.  Failure: any line that differs, a part outside its
parent, or a finding that one command has and the other not."""
import glob
import json
import os

import jsonschema

import nt6
from taplib import (ROOT, SHARED, Scratch, Tap, corpus_files, da_example,
                    da_rec, run)

t = Tap()
scratch = Scratch("tg-show-")

with open(os.path.join(ROOT, "spec", "show.schema.json")) as f:
    SCHEMA = json.load(f)
with open(os.path.join(ROOT, "spec", "report.schema.json")) as f:
    REPORT = json.load(f)
try:  # jsonschema 4.18 and later resolve through `referencing`
    from referencing import Registry, Resource
    VALIDATOR = jsonschema.Draft7Validator(SCHEMA, registry=Registry(
    ).with_resources([(s["$id"], Resource.from_contents(s))
                      for s in (SCHEMA, REPORT)]))
except ImportError:  # Debian 12's 4.10
    VALIDATOR = jsonschema.Draft7Validator(
        SCHEMA, resolver=jsonschema.RefResolver.from_schema(
            SCHEMA, store={REPORT["$id"]: REPORT, SCHEMA["$id"]: SCHEMA}))


def show(*args):
    return run("show", *args)


def schema_errors(doc):
    return [e.message for e in VALIDATOR.iter_errors(doc)][:5]


# ---- dumpalloc: the 151-byte example of taplib.da_example() ------------
# PROC 8+4+(4+3) = 19 bytes at 0; OBJE 8+(4+9) = 21 at 0x13; ALOC 8+20 at
# 0x28 (second 1, 500 ns); its frames NTVE 8+4+8 at 0x44, PCAL 8+4+(4+4)+
# (4+7)+4 = 35 at 0x58, TERM 12 at 0x7b; DALC 16 at 0x87.
da = scratch.write("example.dumpalloc", da_example())
DETECTED_DA = ("format from content: the first record header is a dumpalloc "
               "record type (PROC, OBJE, ALOC or DALC)")
code, out, err = show(da)
t.eq((code, out, err), (0, """%s: dumpalloc, profile default, %s
PROC at 0x0, 19 bytes: pid 1234, name "app"
OBJE at 0x13, 21 bytes: name "libc.so.6"
ALOC at 0x28, 28 bytes: address 0x1000, time 1.000000500 s
  NTVE at 0x44, 20 bytes: address 0x400000
  PCAL at 0x58, 35 bytes: function "main"
  TERM at 0x7b, 12 bytes: end of the frames
DALC at 0x87, 16 bytes: address 0x1000
statistics: 7 parts
  by kind: ALOC 1, DALC 1, NTVE 1, OBJE 1, PCAL 1, PROC 1, TERM 1
  time: 1000000500 to 1000000500
verdict: conformant (exit 0), 151 bytes
""" % (da, DETECTED_DA), ""), "dumpalloc: every record, frames below ALOC")

code, out, err = show("--depth", "0", "--at", "0x5c", da)
t.eq((code, out), (0, """%s: dumpalloc, profile default, %s
PROC at 0x0, 19 bytes: pid 1234, name "app"
OBJE at 0x13, 21 bytes: name "libc.so.6"
ALOC at 0x28, 28 bytes: address 0x1000, time 1.000000500 s
  ... 3 parts not shown: 1 NTVE, 1 PCAL, 1 TERM (--depth shows them)
DALC at 0x87, 16 bytes: address 0x1000
statistics: 7 parts
  by kind: ALOC 1, DALC 1, NTVE 1, OBJE 1, PCAL 1, PROC 1, TERM 1
  time: 1000000500 to 1000000500
at 0x5c: /record[2]{ALOC}/frame[1]{PCAL} (PCAL at 0x58, 35 bytes)
  00000030  00 10 00 00 00 00 00 00  01 00 00 00 00 00 00 00  |................|
  00000040  f4 01 00 00 46 52 41 4d  0c 00 00 00 4e 54 56 45  |....FRAM....NTVE|
  00000050  00 00 40 00 00 00 00 00  46 52 41 4d 1b 00 00 00  |..@.....FRAM....|
                                                 ^^
  00000060  50 43 41 4c 04 00 00 00  6d 61 69 6e 07 00 00 00  |PCAL....main....|
  00000070  6d 61 69 6e 2e 70 79 0a  00 00 00 46 52 41 4d 04  |main.py....FRAM.|
verdict: conformant (exit 0), 151 bytes
""" % (da, DETECTED_DA)), "dumpalloc --depth 0 --at 0x5c: frames summed; "
     "the PCAL frame owns the byte; 2 rows either side, the byte marked")

# A DALC of an address never allocated: DA-LIVE-001 at its address field,
# 8 bytes into the DALC record at 0x87, printed below that record.
bad = da_example()[:-8] + (0x2000).to_bytes(8, "little")
bad_da = scratch.write("unknown.dumpalloc", bad)
code, out, err = show(bad_da)
_, report, _ = run("check", "--report", "json", bad_da)
found = json.loads(report)["files"][0]["findings"]
t.eq([(d["rule"], d["offset"]) for d in found], [("DA-LIVE-001", 0x8f)],
     "the broken file has one finding, at 0x8f")
lines = out.splitlines()
t.eq(lines[7:9], ["DALC at 0x87, 16 bytes: address 0x2000",
                  "  ! warning[DA-LIVE-001] at 0x8f: " + found[0]["message"]],
     "the finding (a SHOULD) is printed below the record it is in, with "
     "its offset")
code, out, err = show("--depth", "0", "--at", "0x8f", bad_da)
t.eq((code, out.splitlines()[10:13]), (0, [
    "at 0x8f: /record[3]{DALC} (DALC at 0x87, 16 bytes)",
    "  00000060  50 43 41 4c 04 00 00 00  6d 61 69 6e 07 00 00 00  "
    "|PCAL....main....|",
    "  00000070  6d 61 69 6e 2e 70 79 0a  00 00 00 46 52 41 4d 04  "
    "|main.py....FRAM.|"]), "show exits with the file's verdict (0); the "
     "DALC, the fourth record, owns the address byte")
# a DALC of Length 4 (DA-DALC-001, a MUST): the file fails, and so does show
short = da_example()[:0x87] + da_rec(b"DALC", b"\0\0\0\0")
short_da = scratch.write("short.dumpalloc", short)
code, out, err = show(short_da)
_, report, _ = run("check", "--report", "json", short_da)
found = json.loads(report)["files"][0]["findings"]
t.eq((code, out.splitlines()[7:9]),
     (1, ["DALC at 0x87, 12 bytes",
          "  ! error[DA-DALC-001] at 0x87: " + found[0]["message"]]),
     "a DALC too short for its address (DA-DALC-001, a MUST): no label, "
     "the finding below it, and show exits 1 as check does")

# ---- NetTrace v6: the 309-byte example of nt6.py ------------------------
# header 20; Trace 4+77 at 0x14 (1000 ticks per second, pointer size 8);
# Metadata 4+52 at 0x65, its row (u16 size + 48) at 0x6b; Thread 4+15 at
# 0x9d, its row at 0xa1 (OS thread 0xae 0x2c = 5678); Stack 4+28 at 0xb0:
# FirstId and Count at 0xb4, one 16-byte stack (2 frames) at 0xbc;
# LabelList 4+25 at 0xd0; Event 4+36 at 0xed: header 20 at 0xf1, rows at
# 0x105 (12 and 4 bytes); SequencePoint 4+18 at 0x115; RemoveThread 4+2
# at 0x12b; EndOfStream at 0x131.
n6 = scratch.write("example.nettrace", nt6.example())
code, out, err = show("--depth", "2", n6)
t.eq((code, out), (0, """%s: nettrace, profile default, format from content: the "Nettrace" magic
StreamHeader at 0x0, 20 bytes: Nettrace, Reserved 0, then the major and minor version
Trace at 0x14, 81 bytes: 1000 ticks per second, pointer size 8
Metadata at 0x65, 56 bytes
  metadata at 0x6b, 50 bytes: id 1: MyProvider/MyEvent, event id 7
Thread at 0x9d, 19 bytes
  thread at 0xa1, 15 bytes: index 1, OS thread 5678, name "Main"
Stack at 0xb0, 32 bytes
  header at 0xb4, 8 bytes: FirstId 1, Count 1
  rows at 0xbc, 20 bytes: the stacks
    stack at 0xbc, 20 bytes: id 1, 2 frames
LabelList at 0xd0, 29 bytes
Event at 0xed, 40 bytes
  header at 0xf1, 20 bytes: compressed rows, timestamps 100 to 105
  rows at 0x105, 16 bytes: the events
    event at 0x105, 12 bytes: metadata id 1, sequence 1, stack 1, 2 payload bytes
    event at 0x111, 4 bytes: metadata id 1, sequence 2, stack 1, 2 payload bytes
SequencePoint at 0x115, 22 bytes
  header at 0x119, 16 bytes: timestamp 200, flags 0x0, 1 threads
RemoveThread at 0x12b, 6 bytes
EndOfStream at 0x131, 4 bytes
statistics: 20 parts
  by kind: header 3, event 2, rows 2, EndOfStream 1, Event 1, LabelList 1, Metadata 1, RemoveThread 1, SequencePoint 1, Stack 1, StreamHeader 1, Thread 1, Trace 1, metadata 1, stack 1, thread 1
  by provider/event: MyProvider/MyEvent 2
  by thread: 1 2
  time: 100 to 105
layout: v6 (final published block layout: its first metadata, stack, sequence point or thread block reads as final v6)
verdict: conformant (exit 0), 309 bytes
""" % n6), "nettrace v6 --depth 2: every block, row and event")
code, out, err = show(n6)
t.ok("    ... 2 parts not shown: 2 event; thread 1; time 100 to 105 "
     "(--depth shows them)\n" in out,
     "nettrace: at the default depth the events are summed: count, thread, "
     "time span", out)

# ---- AFPerf: text written here from the seed's Format lines -------------
AF = ("# AFPerf v1     \n"
      "8,100,ns,1700000000.5,1.0.0,7,app,1.0,\n"
      "1,100,7,1,Count,int64,count,,\n"
      "5,110,7,1,outer,\n"
      "4,120,1,1,5\n"
      "6,130,1\n")
af = scratch.write("small.afperf", AF.encode())
code, out, err = show("--at", "5", af)
t.eq((code, out), (0, """%s: afperf, profile default, format from content: the 16-byte "# AFPerf v1" header
Header at line 1: "# AFPerf v1     "
RunInfo at line 2: start timestamp 100; timestamp units ns; wallclock time 1700000000.5; afperf format version 1.0.0; run id 7; application name "app"; application version "1.0"
MeasurementType at line 3: timestamp 100; run id 7; measurement type id 1; name "Count"; datatype int64; units count
RegionStart at line 4: timestamp 110; run id 7; region id 1; region label "outer"
  RegionPoint at line 5: timestamp 120; region id 1
    ... 1 part not shown: 1 value; time 120 to 120 (--depth shows them)
RegionStop at line 6: timestamp 130; region id 1
statistics: 7 parts
  by kind: Header 1, MeasurementType 1, RegionPoint 1, RegionStart 1, RegionStop 1, RunInfo 1, value 1
  by measurement type: 1 1
  time: 100 to 130
layout: AFPerf v1, LF line ends
at line 5: /record[3]{RegionPoint}/pair[0] (value at line 5)
  | 4,120,1,1,5
  |         ^
verdict: conformant (exit 0), 123 bytes
""" % af), "afperf --at 5: records nested by region, the pair owns line 5, "
     "the caret under it")

# ---- TraceLog: text written here from the seed's records ----------------
TL = ("prf stm 2023-06-02 05:41:09.781\n"
      "prf cfg CollectionMethod Sampling\n"
      "thr crt 0x00007FA6B7FD0B60 0x00000000\n"
      "sam str 0x00000000 15 1 0:0\n"
      "thr dst 0x00000000\n")
tl = scratch.write("small.log", TL.encode())
code, out, err = show("--format", "tracelog", tl)
t.eq((code, out), (0, """%s: tracelog, profile default, format from the --format option
prf stm at line 1: 2023-06-02 05:41:09.781
prf cfg at line 2: CollectionMethod Sampling
thr crt at line 3: 0x00007FA6B7FD0B60 0x00000000
sam str at line 4: 0x00000000 15 1 0:0
thr dst at line 5: 0x00000000
statistics: 5 parts
  by kind: prf cfg 1, prf stm 1, sam str 1, thr crt 1, thr dst 1
  by thread (samples): 0 1
  by thread: 0 3
  time: 15 to 15
layout: CoreProfiler TraceLog, LF line ends
verdict: conformant (exit 0), 151 bytes
""" % tl), "tracelog: a line each, samples counted per thread")

# ---- usage ---------------------------------------------------------------
for args, why in ((["--depth", "33", da], "--depth past 32"),
                  (["--at", "-1", da], "a negative --at"),
                  (["--at", "12x", da], "--at that is no number"),
                  (["--report", "html", da], "--report html (check has it)"),
                  ([da, da], "two files"), ([], "no file")):
    code, out, err = show(*args)
    t.eq((code, out), (2, ""), "usage error: %s (exit 2, nothing on stdout)"
         % why)
code, out, err = show(scratch.path("missing.dumpalloc"))
t.eq(code, 3, "a missing file: exit 3")


# ---- what is shown is what is checked ----------------------------------
def parts_nest(doc, size):
    """every part lies in the file, and a part of depth d > 0 starts at or
    after the last part of depth d - 1; in NetTrace, whose blocks hold
    their rows, it lies inside its bytes too (a dumpalloc frame list
    follows its ALOC, AFPerf records follow their RegionStart)"""
    stack = {}
    for p in doc["parts"]:
        if p["type"] != "part":
            continue
        if p["offset"] + p["length"] > size and p["depth"] == 0 and \
                doc["verdict"] not in ("truncated", "violations"):
            return "part past the end: %r" % p
        d = p["depth"]
        if d > 0:
            up = stack.get(d - 1)
            if up is None:
                return "no parent: %r" % p
            if p["offset"] < up["offset"]:
                return "before its parent: %r in %r" % (p, up)
            if doc["format"] == "nettrace" and \
                    doc["verdict"] == "conformant" and \
                    p["offset"] + p["length"] > up["offset"] + up["length"]:
                return "past its parent: %r in %r" % (p, up)
        stack[d] = p
        for deeper in [k for k in stack if k > d]:
            del stack[deeper]
    return None


def compare(path, *opts):
    code, out, err = show("--report", "json", "--depth", "9", *opts, path)
    doc = json.loads(out)
    code2, out2, _ = run("check", "--report", "json", "--fail-on", "must",
                         *opts, path)
    want = [(d["rule"], d["offset"], d["path"], d["expected"], d["found"])
            for d in json.loads(out2)["files"][0]["findings"]]
    got = [(p["finding"]["rule"], p["finding"]["offset"], p["finding"]["path"],
            p["finding"]["expected"], p["finding"]["found"])
           for p in doc["parts"] if p["type"] == "finding"]
    problems = []
    if code != code2:
        problems.append("exit %d, check %d" % (code, code2))
    if got != want:
        problems.append("findings differ: %r / %r" % (got[:3], want[:3]))
    errors = schema_errors(doc)
    if errors:
        problems.append("schema: %s" % errors)
    nest = parts_nest(doc, os.path.getsize(path))
    if nest:
        problems.append(nest)
    return problems


inputs = corpus_files("0000*")
bad = {}
for path in inputs:
    problems = compare(path)
    if problems:
        bad[os.path.relpath(path, ROOT)] = problems
t.eq(bad, {}, "corpus (%d files): show's findings are check's, its JSON "
     "follows the schema, every part lies in its parent" % len(inputs))

# every profile of every format, on the format's valid files
_, out, _ = run("rules", "--report", "json")
bad = {}
count = 0
for fmt in json.loads(out)["formats"]:
    for profile in fmt["profiles"]:
        for path in sorted(glob.glob(os.path.join(ROOT, "corpus", fmt["name"],
                                                  "valid", "*"))):
            count += 1
            problems = compare(path, "--profile", profile)
            if problems:
                bad["%s --profile %s" % (os.path.relpath(path, ROOT),
                                         profile)] = problems
t.eq(bad, {}, "every profile (%d runs): the same findings as check" % count)

samples = sorted(glob.glob(os.path.join(SHARED, "samples", "*", "*")))
samples = [s for s in samples if not s.endswith(".md")]
if not samples:
    t.skip("samples", "../shared/samples is absent")
else:
    bad = {}
    for path in samples:
        problems = compare(path)
        if problems:
            bad[os.path.basename(path)] = problems
    t.eq(bad, {}, "the %d real samples: the same findings as check, parts "
         "nested" % len(samples))

t.done()
