#!/usr/bin/python3
"""spec.t - every format's spec/<format>.md rule index lists exactly the
rules of its table, with the same level, kind and profiles; and every rule
has at least one case built by hand from the spec (its id appears in a
test that does not take its bytes from tracegate's generator). Failure: a
rule missing on either side, any column that differs, or a rule that only
generated mutants vouch for; or an index that differs from what
tools/spec-index.py makes of the tables."""
import glob
import json
import os
import re
import subprocess
import sys

from taplib import ROOT, Tap, run

t = Tap()
code, out, err = run("rules", "--report", "json")
t.eq(code, 0, "tracegate rules --report json exits 0")
tables = json.loads(out)
t.eq(tables["schema"], "tracegate-rules", "rules JSON names its schema")
with open(os.path.join(ROOT, "spec", "report.schema.json")) as f:
    schema_id_pattern = json.load(f)["definitions"]["finding"]["properties"][
        "rule"]["pattern"]
row = re.compile(r"^\|\s*([A-Z]+(?:-[A-Z]+)+-\d{3})\s*\|\s*(\w+)\s*\|"
                 r"\s*(\w+)\s*\|\s*([\w,/-]+)\s*\|")
for fmt in tables["formats"]:
    path = os.path.join(ROOT, "spec", fmt["name"] + ".md")
    if not t.ok(os.path.exists(path), "spec/%s.md exists" % fmt["name"]):
        continue
    index = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = row.match(line)
            if m:
                index[m.group(1)] = (m.group(2), m.group(3), m.group(4))
    table = {r["id"]: (r["level"], r["kind"], r["applies"])
             for r in fmt["rules"]}
    t.eq(sorted(set(table) - set(index)), [],
         "%s: every table rule is in the spec index" % fmt["name"])
    t.eq(sorted(set(index) - set(table)), [],
         "%s: every spec index rule is in the table" % fmt["name"])
    differ = {k: (table[k], index[k]) for k in table
              if k in index and table[k] != index[k]}
    t.eq(differ, {}, "%s: level, kind and profiles agree" % fmt["name"])
    for r in fmt["rules"]:
        if not (r["quote"] and r["section"] and r["message"]):
            t.ok(False, "%s has a clause and a message" % r["id"])
    t.ok(all(r["mutations"] or r["no_mutation"] for r in fmt["rules"]),
         "%s: each rule has a mutation or says why not" % fmt["name"])
    ids = [r["id"] for r in fmt["rules"]]
    pattern = re.compile(schema_id_pattern)
    t.eq([i for i in ids if not pattern.match(i)], [],
         "%s: every id matches the report schema's id pattern" % fmt["name"])
    t.eq(len(ids), len(set(ids)), "%s: rule ids are unique" % fmt["name"])
    # every document a rule cites is one a user can find: listed, word
    # for word, in the Sources section of spec/<format>.md
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^## Sources\n(.*?)(?=^## )", text, re.M | re.S)
    sources = m.group(1) if m else ""
    cited = sorted({r["document"] for r in fmt["rules"]} | {fmt["document"]})
    t.eq([d for d in cited if "`%s`" % d not in sources], [],
         "%s: the %d documents its rules cite are in spec/%s.md, Sources"
         % (fmt["name"], len(cited), fmt["name"]))

# the index is what tools/spec-index.py makes of the tables (STYLE 3-4)
gen = subprocess.run([sys.executable, os.path.join(ROOT, "tools",
                                                   "spec-index.py"),
                      "--check"], stdout=subprocess.PIPE)
t.ok(gen.returncode == 0, "spec/*.md rule indexes are what "
     "tools/spec-index.py generates", gen.stdout.decode()[:3000])

# the tests whose inputs are built by hand, not generated
generated = {"selfcheck-t.c", "corpus.t", "determinism.t", "spec.t",
             "chunks-t.c", "truncate-t.c", "stream.t", "fuzz-replay.t"}
handmade = ""
for path in sorted(glob.glob(os.path.join(ROOT, "tests", "*"))):
    if os.path.basename(path) not in generated and os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            handmade += f.read()
every = [r["id"] for fmt in tables["formats"] for r in fmt["rules"]]
t.eq([i for i in every if i not in handmade], [],
     "every rule has a hand-built case (%d rules)" % len(every))
t.done()
