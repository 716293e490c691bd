#!/usr/bin/python3
"""simd-paths.t - the hand-built cases hold on every vector path.

The script tests of hand-built cases (tests/afperf.t and tests/tracelog.t,
whose cases are written from the text formats' specs with the offset each
finding must have, and tests/handbuilt.t) are run again: by the CLI on
each path below its best (TRACEGATE_SIMD, lib/core/simd.h), and by
tests/tracegate-portable, the CLI in plain C alone.  tests/fast-paths.t
compares the reports of the paths on generated and mutated inputs; this
holds each path to the cases' expected findings.  Failure: a script that
fails, prints a failed check, or passes another number of checks than on
the best path, on any path."""
import os
import re
import subprocess

from taplib import ROOT, TRACEGATE, Tap

BUILD = os.environ.get("TG_BUILD_DIR") or os.path.join(ROOT, "build")
PORTABLE = os.path.join(BUILD, "tests", "tracegate-portable")
PATHS = ("scalar", "sse2", "avx2")
SCRIPTS = ("afperf.t", "tracelog.t", "handbuilt.t")

t = Tap()


def simd(binary, env):
    out = subprocess.run([binary, "--version"], env=env,
                         stdout=subprocess.PIPE, check=True).stdout.decode()
    return re.search(r"^simd: (\w+)$", out, re.M).group(1)


best = simd(TRACEGATE, os.environ)
ways = [("plain C alone", dict(os.environ, TRACEGATE=PORTABLE))]
for path in PATHS[:PATHS.index(best)]:
    ways.append(("the %s path" % path,
                 dict(os.environ, TRACEGATE_SIMD=path)))
t.eq(simd(PORTABLE, os.environ), "scalar", "the portable CLI is plain C")


def run_script(script, env):
    """(exit code, failed checks, checks passed) of one script."""
    p = subprocess.run([os.path.join(ROOT, "tests", script)], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.decode("utf-8", "replace")
    return (p.returncode,
            [line for line in out.splitlines() if line.startswith("not ok")],
            len(re.findall(r"^ok ", out, re.M)))


for script in SCRIPTS:
    code, failed, want = run_script(script, os.environ)
    t.eq((code, failed), (0, []), "%s on the %s path: %d checks pass"
         % (script, best, want))
    for what, env in ways:
        t.eq(run_script(script, env), (0, [], want),
             "%s on %s: the same %d checks pass" % (script, what, want))
t.done()
