#!/usr/bin/python3
"""compat.t - a compat profile is a promise about a named reader. Each
spec/<format>.md that has one keeps a table of that reader's behaviours,
as formats/<format>.md records them (the "compat table"): for each row,
the rule that reports it under the profile, or "Harmless" and why. Here
every row has an example built by hand from the behaviour's words; under
the profile, a row with a rule gets that rule at level MUST and a failing
exit code, and a harmless row gets no finding the profile raises to MUST
(of a COMPAT rule, or one its reader fails on). Then the
files `gen` writes under the profile (every style, many seeds) and the
valid files `mutate` writes get no finding at all, so they hold none of
the behaviours. Failure: a row without an example or an example without
a row, a rule missing or not MUST, a COMPAT finding on a harmless row, or
any finding on a generated file."""
import json
import os

from compattable import (AFPERF, TRACELOG, Mutants, nettrace_files, rule_of,
                         table)
from taplib import Scratch, Tap, run

t = Tap()
scratch = Scratch("tg-compat-")


mutants = Mutants(scratch)
MUTANT = "the first mutant of the row's rule"


code, out, err = run("rules", "--report", "json")
FORMATS = json.loads(out)["formats"]
LEVEL = {r["id"]: r["level"] for f in FORMATS for r in f["rules"]}
# every profile a text format has, so that a new one is checked too
PROFILES = {f["name"]: f["profiles"] for f in FORMATS}


def check_table(fmt, profile, examples, suffix):
    rows = table(fmt)
    t.ok(len(rows) > 0, "%s: spec/%s.md has a compat table" % (fmt, fmt))
    t.eq(sorted(set(rows) ^ set(examples)), [],
         "%s: every row of the table has an example here, and no more" % fmt)
    for row in sorted(set(rows) & set(examples),
                      key=lambda r: (len(r), r)):
        rule, harmful = rule_of(rows[row])
        data = examples[row]
        if data is MUTANT:
            data = mutants.first(fmt, rule)
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        path = scratch.write("case" + suffix, data)
        code, out, err = run("check", "--report", "json", "--format", fmt,
                             "--profile", profile, path)
        found = json.loads(out)["files"][0]["findings"]
        if harmful:
            levels = [d["level"] for d in found if d["rule"] == rule]
            t.ok(code != 0 and levels[:1] == ["MUST"],
                 "%s %s: %s, a MUST under %s" % (fmt, row, rule, profile),
                 (code, [(d["rule"], d["level"]) for d in found]))
        else:
            raised = [d["rule"] for d in found
                      if d["level"] == "MUST" and LEVEL[d["rule"]] != "MUST"]
            t.ok(raised == [], "%s %s: harmless, nothing raised to MUST "
                 "under %s" % (fmt, row, profile),
                 [d["rule"] for d in found])


def check_generated(fmt, profiles, seeds=12):
    """gen under every profile and style, and mutate's valid files: not
    one finding under their own profile"""
    for profile in profiles:
        bad = []
        for style in ("", "--hostile", "--typical"):
            where = scratch.path("gen-%s-%s%s" % (fmt, profile, style))
            args = ["gen", fmt, "--profile", profile, "--count", str(seeds),
                    "--out", where] + ([style] if style else [])
            code, out, err = run(*args)
            names = sorted(os.listdir(where)) if code == 0 else []
            if len(names) != seeds:
                bad.append((style, "gen", code, err[:200]))
                continue
            code, out, err = run("check", "--report", "json", "--format", fmt,
                                 "--profile", profile, "--fail-on", "info",
                                 *[os.path.join(where, n) for n in names])
            for f in json.loads(out)["files"]:
                if f["findings"] or code != 0:
                    bad.append((style, f["path"][-12:],
                                [d["rule"] for d in f["findings"]][:5]))
        t.eq(bad, [], "%s/%s: %d generated files of each style have no "
             "finding at all" % (fmt, profile, seeds))
    out_dir = scratch.path("mutate-" + fmt)
    code, out, err = run("mutate", fmt, "--out", out_dir, "--force")
    t.ok(code == 0, "%s: mutate exits 0" % fmt, err)
    bad = []
    with open(os.path.join(out_dir, "manifest.jsonl")) as f:
        for line in f:
            m = json.loads(line)
            if not m["file"].startswith("valid/"):
                continue
            code, out, err = run("check", "--report", "json", "--format", fmt,
                                 "--profile", m["profile"], "--fail-on",
                                 "info", os.path.join(out_dir, m["file"]))
            found = json.loads(out)["files"][0]["findings"]
            if code != 0 or found or m["reader"] != "accept":
                bad.append((m["file"], code, [d["rule"] for d in found][:5]))
    t.eq(bad, [], "%s: mutate's valid files have no finding under their "
         "profile" % fmt)


# ---- AFPerf: the Artificer reader (spec/afperf.md) -------------------------
check_table("afperf", "artificer-compat", AFPERF, ".afperf")
check_generated("afperf", PROFILES["afperf"])

# ---- TraceLog: the vstools readers (spec/tracelog.md) ------------------------
check_table("tracelog", "vstools-compat", TRACELOG, ".tracelog")
check_generated("tracelog", PROFILES["tracelog"])

# ---- NetTrace: TraceEvent (spec/nettrace.md) -----------------------------------
# Every rule has cases built by hand elsewhere (nettrace.t, nettrace45.t,
# handbuilt.t, payload.t); here each row's rule is met in its first mutant
# (tests/compattable.py; tests/traceevent-compat.t gives TraceEvent the
# same files).
NETTRACE = nettrace_files(mutants)
check_table("nettrace", "traceevent-compat", NETTRACE, ".nettrace")
check_generated("nettrace", ("traceevent-compat",), seeds=4)
t.done()
