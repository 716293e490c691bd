#!/usr/bin/python3
"""sarif.t - SARIF that code scanning accepts: the official validator
(Microsoft's SARIF Multitool, installed by ./build.sh test into
build-tools/) with the SARIF rules and GitHub's (--rule-kind Sarif Gh)
finds no error in the report of a check of every committed corpus file, a
file of no known format and standard input; every rule carries its help;
and --sarif-root makes artifact URIs relative to %SRCROOT%, which the run
maps to that folder. Failure: any error of the validator, a rule without
help, or an artifact URI that is not relative to the root."""
# build.sh test runs this against the checker-only build too
import json
import os
import subprocess

from taplib import ROOT, TRACEGATE, Scratch, Tap, corpus_files, not_a_trace

t = Tap()
scratch = Scratch("tg-sarif-")
tmp = scratch.dir
MT = os.path.join(ROOT, "build-tools", "node_modules", "@microsoft",
                  "sarif-multitool-linux", "Sarif.Multitool")

files = corpus_files("0000*")
unknown = not_a_trace(scratch)
report = os.path.join(tmp, "report.sarif")
with open(os.path.join(ROOT, "corpus", "dumpalloc", "valid",
                       "0000.dumpalloc.bin"), "rb") as f:
    stdin = f.read()
p = subprocess.run([TRACEGATE, "check", "--report", "sarif", "--sarif-root",
                    ROOT, "-o", report, unknown, "-"] + files, input=stdin,
                   cwd=ROOT)
t.ok(p.returncode == 4, "the check ran (exit 4: a file of no known format)")
with open(report) as f:
    sarif = json.load(f)
run0 = sarif["runs"][0]
rules = run0["tool"]["driver"]["rules"]
t.eq([r["id"] for r in rules if not r.get("help", {}).get("text")], [],
     "every one of %d rules has a help text" % len(rules))
uris = {r["locations"][0]["physicalLocation"]["artifactLocation"].get(
    "uriBaseId") for r in run0["results"]}
t.eq((uris, run0["originalUriBaseIds"]["%SRCROOT%"]["uri"]),
     ({"%SRCROOT%"}, "file://" + ROOT + "/"),
     "--sarif-root: every result's artifact is relative to %SRCROOT%")
t.ok(len(run0["results"]) > 100, "the report has results to validate")

if not os.path.exists(MT):
    t.skip("the official SARIF validator", "not installed (./build.sh test "
           "installs it into build-tools/ from the npm registry)")
    t.done()
out = os.path.join(tmp, "validation.sarif")
env = dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="1")
p = subprocess.run([MT, "validate", "--rule-kind", "Sarif", "Gh", "-o", out,
                    report], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                   env=env)
text = p.stdout.decode("utf-8", "replace")
errors = [l for l in text.splitlines() if ": error " in l]
t.ok(p.returncode == 0 and os.path.exists(out),
     "the validator ran (SARIF Multitool)", text[-2000:])
t.eq(errors[:5], [], "no error under the SARIF rules and GitHub's")
t.done()
