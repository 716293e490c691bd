#!/usr/bin/python3
"""traceevent-compat.t - traceevent-compat is a promise about TraceEvent,
held here against TraceEvent itself (interop/traceevent: the NuGet
package Microsoft.Diagnostics.Tracing.TraceEvent 4.0.0).

1. The last column of spec/nettrace.md's compat table says what
   TraceEvent did with each row's file (tests/compattable.py makes the
   same files as tests/compat.t): the run must say the same, word for
   word.
2. The corpora `mutate --profile traceevent-compat` writes (three seeds),
   and the rows' files: every one that tracegate finds legal under the
   profile, TraceEvent reads, and what it delivers is what tracegate
   reads (dotnetlib.verdict(): its events, the events it counts lost,
   every payload field decoded).
3. Every rule the profile raises to MUST (a COMPAT rule, or one marked
   "MUST under the compat profile") has a file among them that TraceEvent
   turns down, fails on or misreads.

Failure: a row whose run differs from the table, a legal file TraceEvent
does not read as tracegate does (a rule the profile lacks), or a raised
rule TraceEvent has no trouble with (a rule the profile should not
raise)."""
import json
import os

import compattable
import dotnetlib
from taplib import TRACEGATE, Scratch, Tap, run

dotnetlib.require(dotnetlib.READER)
t = Tap()
scratch = Scratch("tg-te-compat-")
PROFILE = "traceevent-compat"

# ---- the files: each row's, and the mutants of three seeds -------------
rows = compattable.table("nettrace")
files = {}  # path -> (row or None, the rule it is a file of)
for row, data in compattable.nettrace_files(
        compattable.Mutants(scratch)).items():
    files[scratch.write("row-%s.nettrace" % row, data)] = (
        row, compattable.rule_of(rows[row])[0])
for seed in (1, 2, 3):
    where = scratch.path("mutants-%d" % seed)
    code, out, err = run("mutate", "nettrace", "--profile", PROFILE, "--seed",
                         seed, "--out", where)
    t.ok(code == 0, "mutate --profile %s --seed %d" % (PROFILE, seed), err)
    with open(os.path.join(where, "manifest.jsonl")) as f:
        for line in f:
            m = json.loads(line)
            if m["rule"]:
                # the reader keeps its lines by file name: one name each
                path = scratch.write("s%d-%s-%s" % (
                    seed, m["rule"], os.path.basename(m["file"])),
                    open(os.path.join(where, m["file"]), "rb").read())
                files[path] = (None, m["rule"])

te = dotnetlib.traceevent(sorted(files))
verdicts = {}
legal = {}
for path in sorted(files):
    tg = dotnetlib.tracegate_events(TRACEGATE, path)
    verdicts[path] = dotnetlib.verdict(path, tg, te[path])
    code, out, err = run("check", "--profile", PROFILE, path)
    legal[path] = code == 0

# ---- 1. the table's last column -----------------------------------------
bad = []
for path, (row, rule) in sorted(files.items()):
    if row is None:
        continue
    want = rows[row][-1]
    got = verdicts[path]
    if "(mutant " in want:
        got += want[want.index(" (mutant "):]
    if got != want:
        bad.append((row, rule, want, got))
t.eq(bad, [], "each of the %d rows of the compat table: TraceEvent does "
     "with its file what the last column says" % len(rows))

# ---- 2. legal under the profile: TraceEvent reads it as tracegate does --
bad = [(os.path.basename(p), files[p][1], verdicts[p]) for p in
       sorted(files) if legal[p] and verdicts[p] != "reads"]
n_legal = sum(legal.values())
t.eq(bad, [], "the %d files tracegate finds legal under %s (of %d): "
     "TraceEvent reads each as tracegate does (so every file TraceEvent "
     "turns down, fails on or misreads fails the check)" % (
         n_legal, PROFILE, len(files)))

# ---- 3. every rule the profile raises has a file TraceEvent fails on ----
code, out, err = run("rules", "nettrace", "--report", "json")
raised = sorted(r["id"] for r in json.loads(out)["formats"][0]["rules"]
                if r["must_under"] == PROFILE)
shown = {files[p][1] for p in files if verdicts[p] != "reads"}
t.eq(sorted(set(raised) - shown), [],
     "each of the %d rules %s raises to MUST has a file TraceEvent turns "
     "down, fails on or misreads" % (len(raised), PROFILE))

# the numbers, for README and the closing note
counts = {}
for p in files:
    kind = verdicts[p].split(":")[0]
    counts[kind] = counts.get(kind, 0) + 1
print("# %d files: %s" % (len(files), ", ".join(
    "%s %d" % kv for kv in sorted(counts.items()))))
t.done()
