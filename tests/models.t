#!/usr/bin/python3
"""models.t - each compat profile's promise, tested the way its reader
would test it.  A compat profile names a reader; tests/readers holds an
executable model of each (model_*.py), written from what the reader's
source does, that says what the reader says of a file: read, or the
error it raises, the crash, or the misreading.  Here:

- every file `gen` writes under the profile (the seeds the suite uses,
  each style, a streamed size) and the committed corpus's valid files of
  the profile are read by the model;
- every rule the profile raises to MUST (its must_under) has a mutant
  the model fails on;
- every mutant of warn/ (legal files: what `mutate` writes, for the
  default profile and for this one) that the model fails on gets a rule
  the profile raises;
- the rows of the profile's compat table agree with the model: the
  example of a row with a rule the profile raises is one the model
  fails on, a harmless row's is one it reads.

Failure names the file, the model's word, and what tracegate said."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "readers"))

import model_artificer  # noqa: E402
import model_cperfparser  # noqa: E402
import model_draft_dumpalloc  # noqa: E402
from compattable import AFPERF, TRACELOG, rule_of, table  # noqa: E402
from taplib import ROOT, Scratch, Tap, run  # noqa: E402

t = Tap()
scratch = Scratch("tg-models-")

code, out, err = run("rules", "--report", "json")
RULES = {r["id"]: r for f in json.loads(out)["formats"] for r in f["rules"]}

# (format, profile, model, the compat table's files if it has a table)
MODELS = [("afperf", "artificer-compat", model_artificer, AFPERF),
          ("tracelog", "vstools-compat", model_cperfparser, TRACELOG),
          ("dumpalloc", "draft-reader", model_draft_dumpalloc, None)]


def raised(profile):
    """the rules the profile raises to MUST: what its reader fails on"""
    return sorted(r for r, row in RULES.items()
                  if profile in (row["must_under"] or "").split(","))


def files_under(where):
    for root, _, names in sorted(os.walk(where)):
        for name in sorted(names):
            if name not in ("manifest.jsonl", "README.md"):
                yield os.path.join(root, name)


def slurp(path):
    with open(path, "rb") as f:
        return f.read()


def findings(fmt, profile, path):
    code, out, err = run("check", "--report", "json", "--format", fmt,
                         "--profile", profile, path)
    return [d["rule"] for d in json.loads(out)["files"][0]["findings"]]


def check_generated(fmt, profile, model):
    bad, count = [], 0
    for style in ("", "--hostile", "--typical"):
        where = scratch.path("gen-%s%s" % (profile, style))
        args = ["gen", fmt, "--profile", profile, "--count", "12", "--out",
                where] + ([style] if style else [])
        code, out, err = run(*args)
        t.ok(code == 0, "%s: gen %s writes 12 files" % (profile, style or
                                                        "plain"), err)
        big = scratch.path("big-%s%s" % (profile, style))
        code, out, err = run("gen", fmt, "--profile", profile, "--size",
                             "256K", "--seed", "7", "--out", big,
                             *([style] if style else []))
        t.ok(code == 0, "%s: gen %s --size 256K" % (profile, style or
                                                      "plain"), err)
        for path in list(files_under(where)) + list(files_under(big)):
            count += 1
            said = model.read(slurp(path))
            if said[0] != "read":
                bad.append((os.path.basename(path), style) + said)
    with open(os.path.join(ROOT, "corpus", fmt, "manifest.jsonl")) as f:
        for line in f:
            row = json.loads(line)
            if row["rule"] is None and row["profile"] == profile:
                count += 1
                said = model.read(slurp(os.path.join(ROOT, "corpus", fmt,
                                                     row["file"])))
                if said[0] != "read":
                    bad.append((row["file"], "corpus") + said)
    t.ok(count >= 40 and bad == [],
         "%s: the model reads all %d files gen writes under the profile "
         "and the corpus's valid files of it" % (profile, count), bad[:8])


def mutate(fmt, profile):
    where = scratch.path("mutants-%s-%s" % (fmt, profile or "default"))
    args = ["mutate", fmt, "--out", where, "--force"]
    code, out, err = run(*(args + (["--profile", profile] if profile
                                   else [])))
    t.ok(code == 0, "mutate %s %s" % (fmt, profile or "default"), err)
    labels = {}
    with open(os.path.join(where, "manifest.jsonl")) as f:
        for line in f:
            row = json.loads(line)
            labels[os.path.join(where, row["file"])] = row
    return labels


def check_mutants(fmt, profile, model):
    flagged = raised(profile)
    t.ok(flagged != [], "%s: the profile raises rules" % profile)
    labels = {}
    labels.update(mutate(fmt, None))
    labels.update(mutate(fmt, profile))
    # every raised rule: a mutant the model fails on
    missing = []
    for rule in flagged:
        said = [model.read(slurp(p)) for p, row in sorted(labels.items())
                if row["rule"] == rule]
        if not any(s[0] != "read" for s in said):
            missing.append((rule, len(said), said[:2]))
    t.ok(missing == [], "%s: each of its %d raised rules has a mutant the "
         "model fails on" % (profile, len(flagged)), missing)
    # every legal mutant the model fails on: a raised rule says so
    uncovered, failing = [], 0
    for path, row in sorted(labels.items()):
        if not row["file"].startswith("warn/"):
            continue
        said = model.read(slurp(path))
        if said[0] == "read":
            continue
        failing += 1
        rules = findings(fmt, profile, path)
        if not set(rules) & set(flagged):
            uncovered.append((row["file"], row["rule"]) + said + (rules,))
    t.ok(failing > 0 and uncovered == [],
         "%s: the %d warn/ mutants the model fails on each get a rule the "
         "profile raises" % (profile, failing), uncovered)


def check_table_rows(fmt, profile, model, examples):
    flagged = set(raised(profile))
    wrong = []
    for row, cells in table(fmt).items():
        rule, harmful = rule_of(cells)
        data = examples[row].encode("utf-8", "surrogateescape")
        said = model.read(data)
        if not harmful and said[0] != "read":
            wrong.append((row, "harmless, but", said))
        elif harmful and rule in flagged and said[0] == "read":
            wrong.append((row, rule + " raised, but the model reads it"))
    t.ok(wrong == [], "%s: the compat table's rows agree with the model"
         % profile, wrong)


for fmt, profile, model, examples in MODELS:
    check_generated(fmt, profile, model)
    check_mutants(fmt, profile, model)
    if examples is not None:  # a compat table in spec/<fmt>.md
        check_table_rows(fmt, profile, model, examples)

t.done()
