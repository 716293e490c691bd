#!/usr/bin/python3
"""corpus.t - the committed corpus is exactly what corpus/regenerate.sh
makes, and tracegate agrees with every manifest line: the exit code, and
for mutants the named rule and no other primary finding, and what a
strict reader must do with the file (`reader`: accept, reject, or accept
and may warn) follows from the exit code. Failure: a missing, extra or
different file, or any disagreement."""
import filecmp
import json
import os
import subprocess
from taplib import ROOT, TRACEGATE, Scratch, Tap, run

t = Tap()
tmp = Scratch("tg-corpus-").dir
subprocess.run([os.path.join(ROOT, "corpus", "regenerate.sh"), TRACEGATE,
                tmp], check=True, stdout=subprocess.DEVNULL)


def tree(top):
    out = set()
    for d, _, names in os.walk(top):
        for n in names:
            out.add(os.path.relpath(os.path.join(d, n), top))
    return out


committed = os.path.join(ROOT, "corpus")
made = tree(tmp)
have = {p for p in tree(committed) if "/" in p}  # skip the top-level docs
t.eq(sorted(made ^ have), [], "regenerating gives the same file list")
differ = [p for p in made & have
          if not filecmp.cmp(os.path.join(tmp, p),
                             os.path.join(committed, p), shallow=False)]
t.eq(differ, [], "regenerating gives the same bytes (%d files)" % len(made))

version = run("--version")[1].split()[1]
# what a strict reader does with a mutant follows the rule's own level:
# a file that breaks only a rule below MUST is legal, also where a compat
# profile counts the rule as MUST (its named reader fails on it)
legal = {r["id"] for f in json.loads(run("rules", "--report", "json")[1])
         ["formats"] for r in f["rules"]
         if r["level"] != "MUST" and r["kind"] == "check"}
for fmt in sorted(os.listdir(tmp)):
    t.ok(os.path.exists(os.path.join(committed, fmt, "README.md")),
         "%s: the corpus says what it holds (README.md)" % fmt)
    base = os.path.join(committed, fmt)
    with open(os.path.join(base, "manifest.jsonl")) as f:
        lines = [json.loads(l) for l in f]
    listed = {m["file"] for m in lines}
    on_disk = {p for p in tree(base) if p not in ("manifest.jsonl",
                                                  "README.md")}
    t.eq(sorted(listed ^ on_disk), [], "%s: manifest lists every file" % fmt)
    wrong = []
    for m in lines:
        code, out, err = run("check", "--report", "json", "--format", fmt,
                             "--profile", m["profile"],
                             os.path.join(base, m["file"]))
        found = json.loads(out)["files"][0]["findings"]
        primary = {d["rule"] for d in found if d["consequence_of"] is None}
        want = {m["rule"]} if m["rule"] else set()
        reader = ("accept" if m["rule"] is None else
                  "accept, may warn" if m["rule"] in legal else "reject")
        if (code != m["expected_exit"] or primary != want or
                m["reader"] != reader or m["tracegate"] != version):
            wrong.append((m["file"], code, sorted(primary), m["reader"]))
    t.eq(wrong, [], "%s: check agrees with all %d manifest lines"
         % (fmt, len(lines)))
t.done()
