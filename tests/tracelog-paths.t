#!/usr/bin/python3
"""tracelog-paths.t - TraceLog lines are read by a fast path
(validators/tracelog/check/fast.c) that gives up on anything it does not
accept without a finding, and by the path that reports; which one reads
an item must not change a finding. The build's tests/tracegate-slowpath
is the CLI with the fast path off, so every input is checked by both
binaries under every profile (strict-canonical's TL-HEX-003 included:
the fast path checks the canonical forms too) and the findings compared:
rule, offset, line, column, path, expected and found. Inputs: the
mutants of every rule for four seeds, typical traces, and writer-dialect
edits of a valid trace that stop the fast path in the middle of lines
(lowercase and short hexadecimal digits among them). Failure: any
finding that differs."""
import glob
import json
import os
import subprocess

from taplib import ROOT, TRACEGATE, Scratch, Tap, run

BUILD = os.environ.get("TG_BUILD_DIR") or os.path.join(ROOT, "build")
SLOW = os.path.join(BUILD, "tests", "tracegate-slowpath")

t = Tap()
tmp = Scratch("tg-tlpaths-").dir
files = []
for seed in (1, 2, 3, 4):
    out = os.path.join(tmp, "m%d" % seed)
    subprocess.run([TRACEGATE, "mutate", "tracelog", "--seed", str(seed),
                    "--out", out], check=True, stdout=subprocess.DEVNULL)
    files += sorted(glob.glob(os.path.join(out, "*", "*.tracelog")) +
                    glob.glob(os.path.join(out, "invalid", "*", "*")))
for seed in (5, 6):
    path = os.path.join(tmp, "typical%d.tracelog" % seed)
    with open(path, "wb") as f:
        subprocess.run([TRACEGATE, "gen", "tracelog", "--typical", "--seed",
                        str(seed), "--size", "100000", "--out", "-"],
                       check=True, stdout=f)
    files.append(path)
code, valid, err = run("gen", "tracelog", "--seed", "3", "--size", "300000",
                      "--out", "-")
# edits that the fast path gives up on, each in some lines only; the
# last gives a stack sample a thread and a function defined nowhere
# (new ones in each line), whose first uses the end of the file reports
# in the order the other path keeps them
edits = [[("0x0000000", "0x000000")], [(":0x00007F", ":00007F")],
         [(" 0x00000001 ", " 0x00000001  ")], [(" 1 ", " -1 ")],
         [("tfff", "tff")], [(":0x00", ":?")], [(" 2:", " 2147483648:")],
         [("sam str 0x00000000", "sam str 0x0001%04X"),
          (" 0x00000001:", " 0x0002%04X:")],
         [("0x00007F", "0x00007f")], [("0x00000001", "0x0000000a")],
         [("0x00000001", "0x1")], [("0x00007F", "0x7F")]]


def edit(line, pairs, i):
    for a, b in pairs:
        line = line.replace(a, b.replace("%04X", "%04X" % i))
    return line


for n, pairs in enumerate(edits):
    lines = valid.split("\n")
    text = "\n".join(edit(l, pairs, i) if i % 3 == n % 3 else l
                     for i, l in enumerate(lines))
    path = os.path.join(tmp, "edit%d.tracelog" % n)
    with open(path, "w") as f:
        f.write(text)
    files.append(path)


def findings(binary, profile):
    p = subprocess.run([binary, "check", "--format", "tracelog", "--profile",
                        profile, "--report", "json", "--max-repeats", "0",
                        *files], stdout=subprocess.PIPE)
    return [[(d["rule"], d["offset"], d["line"], d["column"], d["path"],
              d.get("expected"), d.get("found"))
             for d in f["findings"]]
            for f in json.loads(p.stdout)["files"]]


t.ok(os.access(SLOW, os.X_OK), "the slow-path build is there: " + SLOW)
for profile in ("default", "vstools-compat", "strict-canonical"):
    fast, slow = findings(TRACEGATE, profile), findings(SLOW, profile)
    t.eq(len(fast), len(files), "%s: every input has a report" % profile)
    differ = [files[i] for i in range(len(fast)) if fast[i] != slow[i]]
    t.eq(differ, [], "%s: the same findings with and without the fast path "
         "(%d inputs, %d findings)" % (profile, len(files),
                                        sum(map(len, fast))))
    t.ok(sum(map(len, fast)) > 1000, "%s: the inputs have findings to "
         "compare" % profile)
canonical = sum(d[0] == "TL-HEX-003" for f in findings(TRACEGATE,
                "strict-canonical") for d in f)
t.ok(canonical > 100, "strict-canonical: %d TL-HEX-003 findings among them"
     % canonical)
t.done()
