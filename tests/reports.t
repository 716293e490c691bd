#!/usr/bin/python3
"""reports.t - every report format is parsed back: json against
spec/report.schema.json, sarif against a schema of the SARIF 2.1.0 subset
we emit plus its cross references (ruleIndex, fingerprints), junit against
the strict schema of Ant's JUnit output and Jenkins' (xmllint), tap with
the system's prove and a YAML parser. The inputs cover every
verdict. Failure: any parse or schema error, or content that disagrees
with the json report of the same run."""
# build.sh test runs this against the checker-only build too
import json
import os
import re
import struct
import subprocess
import xml.etree.ElementTree as ET

import jsonschema
import yaml

from taplib import (Scratch, ROOT, Tap, da_example, da_rec, da_str,
                    junit_schema_errors, run)

t = Tap()
scratch = Scratch("tg-reports-")
write = scratch.write
tmp = scratch.dir


ex = da_example()
bad = bytearray(ex)
struct.pack_into("<I", bad, 0x40, 1000000000)
short_aloc = (ex[:0x28] + da_rec(b"ALOC", b"\0" * 19) + ex[0x44:])
files = [
    write("valid.dumpalloc", ex),
    write("nsec #1.dumpalloc", bytes(bad)),           # name needs escaping
    write("cut.dumpalloc", ex[:0x58]),                 # truncated
    write("aloc<&>.dumpalloc", short_aloc),            # has a consequence
    write("many.dumpalloc", da_rec(b"PROC", b"\1\0\0\0" + da_str(b"a")) +
          da_rec(b"XTRA", b"") * 120),                 # capped repeats
    write("text.txt", b"not a trace\n"),               # unknown format
    os.path.join(tmp, "missing.dumpalloc"),            # I/O error
]
opts = ["--fail-on", "info"]


def report(kind):
    return run("check", "--report", kind, *opts, *files)


code, out, err = report("json")
t.eq(code, 3, "mixed inputs: exit 3 (an I/O error outranks the rest)")
doc = json.loads(out)
with open(os.path.join(ROOT, "spec", "report.schema.json")) as f:
    schema = json.load(f)
try:
    jsonschema.validate(doc, schema)
    t.ok(True, "json report validates against spec/report.schema.json")
except jsonschema.ValidationError as e:
    t.ok(False, "json report validates against spec/report.schema.json", e)
t.eq([f["verdict"] for f in doc["files"]],
     ["conformant", "violations", "truncated", "violations", "violations",
      "unsupported", "io-error"], "json: one verdict per file, in order")
cons = [d for d in doc["files"][3]["findings"] if d["consequence_of"] is not None]
t.eq([(d["rule"], d["consequence_of"]) for d in cons], [("DA-LIVE-001", 0)],
     "json: the stray DALC is marked a consequence of finding 0")
every = [(i, d) for i, f in enumerate(doc["files"]) for d in f["findings"]]

code, out, err = report("sarif")
sarif = json.loads(out)
with open(os.path.join(ROOT, "tests", "schemas",
                       "sarif-subset.schema.json")) as f:
    sschema = json.load(f)
try:
    jsonschema.validate(sarif, sschema,
                        format_checker=jsonschema.FormatChecker())
    t.ok(True, "sarif validates against the SARIF 2.1.0 subset schema")
except jsonschema.ValidationError as e:
    t.ok(False, "sarif validates against the SARIF 2.1.0 subset schema", e)
run0 = sarif["runs"][0]
rules_doc = json.loads(run("rules", "--report", "json")[1])
all_ids = [r["id"] for fm in rules_doc["formats"] for r in fm["rules"]]
t.eq([r["id"] for r in run0["tool"]["driver"]["rules"]], all_ids,
     "sarif rules[] is the rule table")
results = run0["results"]
t.eq(len(results), len(every), "sarif: one result per json finding")
t.ok(all(run0["tool"]["driver"]["rules"][r["ruleIndex"]]["id"] == r["ruleId"]
         for r in results), "sarif: every ruleIndex points at its ruleId")


def fingerprint(d):
    """README: FNV-1a 64 of rule, path without its [N] indices, expected
    and found, each ended by a NUL"""
    h = 0xcbf29ce484222325
    text = b"".join(x.encode() + b"\0" for x in (
        d["rule"], re.sub(r"\[[0-9]+\]", "", d["path"]), d["expected"],
        d["found"]))
    for b in text:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


mism = [r for (i, d), r in zip(every, results)
        if r["partialFingerprints"]["tracegateFinding/v2"] != fingerprint(d)
        or r["locations"][0]["physicalLocation"]["region"]["byteOffset"]
        != d["offset"]]
t.eq(mism, [], "sarif: fingerprint = hash(rule, path without indices, "
     "expected, found); offsets agree")
t.ok(all(r["locations"][0]["physicalLocation"]["region"]["startLine"] == 1
         for r in results), "sarif: binary findings carry startLine 1")
uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in results}
t.ok(any("nsec%20%231.dumpalloc" in u for u in uris),
     "sarif: artifact URIs are percent-encoded", uris)
notes = run0["invocations"][0]["toolExecutionNotifications"]
t.eq(len(notes), 3, "sarif: truncated, unsupported and unreadable files "
     "become notifications")

code, out, err = report("junit")
try:
    root = ET.fromstring(out)
    t.ok(True, "junit parses as XML")
except ET.ParseError as e:
    root = None
    t.ok(False, "junit parses as XML", e)
if root is not None:
    t.eq(junit_schema_errors(out), {},
         "junit: valid against Ant's and Jenkins' schemas")
    suites = root.findall("testsuite")
    t.eq(len(suites), len(files), "junit: one testsuite per file")
    nrules = len([f for f in rules_doc["formats"]
                  if f["name"] == "dumpalloc"][0]["rules"])
    t.eq(len(suites[0].findall("testcase")), nrules,
         "junit: one testcase per rule of the format")
    failing = sorted(tc.get("name") for tc in suites[1].findall("testcase")
                     if tc.find("failure") is not None)
    t.eq(failing, ["DA-TIME-001"], "junit: the violated rule fails")
    skipped = [tc.get("name") for tc in suites[0].findall("testcase")
               if tc.find("skipped") is not None]
    t.eq(skipped, ["DA-COMPAT-001"],
         "junit: rules outside the profile are skipped")
    t.eq([tc.find("skipped").get("message") for tc in suites[0].findall(
        "testcase") if tc.find("skipped") is not None],
         ["the rule does not apply under profile default"],
         "junit: a skipped case says why")
    low = ET.fromstring(run("check", "--report", "junit", "--level",
                            "DA-TIME-001=should", files[1])[1])
    t.eq((low.find("testsuite").get("failures"),
          low.find("testsuite/system-out").text),
         ("0", "DA-TIME-001:\n0x40 SHOULD /record[2]{ALOC}/time/nanoseconds: "
          "timestamp nanoseconds not below 1000000000: expected < 1000000000, "
          "found 1000000000\n"),
         "junit: a finding below --fail-on fails nothing, and is in the "
         "suite's system-out")
    t.eq([(s.get("package"), s.get("id")) for s in suites[:3]],
         [("tracegate.dumpalloc", "0"), ("tracegate.dumpalloc", "1"),
          ("tracegate.dumpalloc", "2")],
         "junit: each suite has its package and its id")
    t.eq({tc.get("time") for s in suites for tc in s.findall("testcase")},
         {"0"}, "junit: every testcase has a time (0: one pass checks all)")
    errs = [s.get("errors") for s in suites]
    t.eq(errs, ["0", "0", "1", "0", "0", "1", "1"],
         "junit: truncated/unsupported/unreadable files are errors")
    t.eq(suites[1].get("name"), files[1], "junit: suite named by the path")

code, out, err = report("tap")
lines = out.splitlines()
t.eq(lines[0], "TAP version 13", "tap: version 13 header (what prove 3.44 reads)")
t.eq(lines[-1], "1..%d" % len(files), "tap: plan counts the files")
points = [l for l in lines if l.startswith(("ok ", "not ok "))]
t.eq([p.split()[0] for p in points],
     ["ok", "not", "not", "not", "not", "not", "not"],
     "tap: only the conformant file is ok")
blocks, cur = [], None
for l in lines:
    if l == "  ---":
        cur = []
    elif l == "  ...":
        blocks.append(yaml.safe_load("\n".join(cur)))
        cur = None
    elif cur is not None:
        cur.append(l[2:])
t.eq([b["verdict"] for b in blocks], [f["verdict"] for f in doc["files"]],
     "tap: each YAML block parses and carries the verdict")
t.eq(sum(len(b.get("findings") or []) for b in blocks), len(every),
     "tap: YAML findings match the json report")


tapfile = write("report.tap", out.encode())
p = subprocess.run(["prove", "--exec", "cat", tapfile],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
t.ok(p.returncode != 0 and b"Failed 6/7" in p.stdout,
     "the system's prove reads the tap report: 6 of 7 fail",
     p.stdout.decode())
valid_tap = write("valid.tap",
                  run("check", "--report", "tap", files[0])[1].encode())
p = subprocess.run(["prove", "--exec", "cat", valid_tap],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
t.eq(p.returncode, 0, "the system's prove passes a conformant file's tap "
     "report")
t.done()
