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


def disagreements(base, fmt):
    """the manifest lines of the corpus at base that check disagrees with"""
    with open(os.path.join(base, "manifest.jsonl")) as f:
        lines = [json.loads(line) for line in f]
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
    return lines, wrong


for fmt in sorted(os.listdir(tmp)):
    t.ok(os.path.exists(os.path.join(committed, fmt, "README.md")),
         "%s: the corpus says what it holds (README.md)" % fmt)
    base = os.path.join(committed, fmt)
    lines, wrong = disagreements(base, fmt)
    listed = {m["file"] for m in lines}
    on_disk = {p for p in tree(base) if p not in ("manifest.jsonl",
                                                  "README.md")}
    t.eq(sorted(listed ^ on_disk), [], "%s: manifest lists every file" % fmt)
    t.eq(wrong, [], "%s: check agrees with all %d manifest lines"
         % (fmt, len(lines)))

# mutate --profile P: a corpus for a reader of P; every mutant is of a
# rule P checks, labelled as P judges it, and made from a parent valid
# under P
applies = {(f["name"], r["id"]): set(r["applies"].split(","))
           for f in json.loads(run("rules", "--report", "json")[1])
           ["formats"] for r in f["rules"]}
# what each profile checks, in the rules' "applies" words (spec/*.md:
# the draft profile reads v4/v5 and the draft, not final v6)
for fmt, profile, checks in (
        ("tracelog", "vstools-compat", {"all", "vstools-compat"}),
        ("nettrace", "nettrace-v6-draft", {"all", "v4/5", "v6d"}),
        ("afperf", "artificer-compat", {"all", "artificer-compat"}),
        ("dumpalloc", "draft-reader", {"all", "draft-reader"})):
    out = os.path.join(tmp, "profile-" + profile)
    code, said, err = run("mutate", fmt, "--profile", profile, "--out", out)
    lines, wrong = disagreements(out, fmt)
    mutants = [m for m in lines if m["rule"]]
    t.ok(code == 0 and len(mutants) > 15 and wrong == [] and
         all(m["profile"] == profile for m in mutants),
         "mutate %s --profile %s: %d mutants, each labelled as %s judges it"
         % (fmt, profile, len(mutants), profile), (err, wrong[:5]))
    t.eq(sorted({m["rule"] for m in mutants
                 if not applies[(fmt, m["rule"])] & checks}), [],
         "%s: every mutant is of a rule %s checks" % (profile, profile))
    parents = sorted({m["parent"] for m in mutants})
    bad = [p for p in parents
           if run("check", "--format", fmt, "--profile", profile,
                  os.path.join(out, p))[0] != 0]
    t.ok(parents and bad == [],
         "%s: the parents (%s) are valid under it" % (profile,
                                                      ", ".join(parents)),
         bad)
t.done()
