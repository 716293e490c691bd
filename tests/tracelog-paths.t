#!/usr/bin/python3
"""tracelog-paths.t - TraceLog lines are read by a fast path
(validators/tracelog/check/fast.c) that gives up on anything it does not
accept without a finding, and by the path that reports; which one reads
an item must not change a finding. The strict-canonical profile turns
the fast path off (its TL-HEX-003 is the reporting path's to check), so
every input is checked under both profiles and the findings compared
with TL-HEX-003's left out: rule, offset, line, column, path, expected
and found. Inputs: the mutants of every rule for four seeds, and
writer-dialect edits of a valid trace that stop the fast path in the
middle of lines. Failure: any finding that differs."""
import glob
import json
import os
import subprocess

from taplib import TRACEGATE, Scratch, Tap, run

t = Tap()
tmp = Scratch("tg-tlpaths-").dir
files = []
for seed in (1, 2, 3, 4):
    out = os.path.join(tmp, "m%d" % seed)
    subprocess.run([TRACEGATE, "mutate", "tracelog", "--seed", str(seed),
                    "--out", out], check=True, stdout=subprocess.DEVNULL)
    files += sorted(glob.glob(os.path.join(out, "*", "*.tracelog")) +
                    glob.glob(os.path.join(out, "invalid", "*", "*")))
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
          (" 0x00000001:", " 0x0002%04X:")]]


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


def findings(profile):
    code, out, err = run("check", "--format", "tracelog", "--profile",
                         profile, "--report", "json", "--max-repeats", "0",
                         *files)
    return [[(d["rule"], d["offset"], d["line"], d["column"], d["path"],
              d.get("expected"), d.get("found"))
             for d in f["findings"] if d["rule"] != "TL-HEX-003"]
            for f in json.loads(out)["files"]]


fast, slow = findings("default"), findings("strict-canonical")
t.eq(len(fast), len(files), "every input has a report")
differ = [files[i] for i in range(len(files)) if fast[i] != slow[i]]
t.eq(differ, [], "the same findings with and without the fast path "
     "(%d inputs, %d findings)" % (len(files), sum(map(len, fast))))
t.ok(sum(map(len, fast)) > 1000, "the inputs have findings to compare")
t.done()
