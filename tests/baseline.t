#!/usr/bin/python3
"""baseline.t - adopting the gate on old traces: --write-baseline records
the findings of the files checked, --baseline makes only findings that are
not in it fail. A round trip: a file's old findings no longer fail, after
an unrelated edit that moves their bytes too; a new finding fails and is
the only one reported; the baseline is the same bytes when written twice,
and follows its documented format; a file that is no baseline is a usage
error. Failure: any exit code or text that differs."""
import json
import os

from taplib import Scratch, Tap, run

t = Tap()
scratch = Scratch("tg-baseline-")
tmp = scratch.dir
os.chdir(tmp)

HEAD = ("prf stm 2018-06-25 07:24:28.049\n"
        "thr crt 0x00007F3A00001000 0x00000000\n")
OLD = "prc cpu -5 2000\nprc cpu 1600 -7\n"  # two findings, TL-NUM-001
scratch.write("t.tracelog", (HEAD + OLD).encode())
code, out, err = run("check", "--write-baseline", "base.json", "t.tracelog")
t.eq(code, 1, "writing a baseline: the check itself still fails")
with open("base.json") as f:
    first = f.read()
base = json.loads(first)
entries = base["files"]["t.tracelog"]
t.eq((base["schema"], base["version"], sorted(e["rule"] for e in
                                              entries.values()),
      sorted(e["count"] for e in entries.values()),
      all(len(k) == 16 for k in entries)),
     ("tracegate-baseline", 1, ["TL-NUM-001", "TL-NUM-001"], [1, 1], True),
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
     "matched (rule and structural path)")

# a new finding fails, and is the only one reported
scratch.write("t.tracelog",
              (HEAD + OLD + "prf tps 1600 1700\n").encode())
code, out, err = run("check", "--baseline", "base.json", "t.tracelog")
t.eq((code, [l.split(": ")[1] for l in out.splitlines()
             if "error[" in l]),
     (1, ["error[TL-FLD-002]"]), "a new finding: exit 1, the only one shown")

# the same rule in another record is another finding: it fails
scratch.write("t.tracelog", (HEAD + OLD + "prc cpu -9 2000\n").encode())
code, out, err = run("check", "--baseline", "base.json", "t.tracelog")
t.eq((code, out.count("error[TL-NUM-001]")), (1, 1),
     "the same rule in a new record: exit 1, that finding alone shown")

for name, text, why in [
        ("bad.json", "{not json", "--baseline bad.json: "),
        ("other.json", '{"schema": "x", "version": 1, "files": {}}',
         "--baseline other.json: no tracegate baseline"),
        ("v2.json", '{"schema": "tracegate-baseline", "version": 2, '
         '"files": {}}', "--baseline v2.json: a baseline of another version "
         "(this tracegate reads version 1)")]:
    scratch.write(name, text.encode())
    code, out, err = run("check", "--baseline", name, "t.tracelog")
    t.ok(code == 2 and err.startswith("tracegate: " + why),
         "%s: a usage error that says why" % name, err)
t.done()
