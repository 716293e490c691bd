#!/usr/bin/python3
"""jobs.t - check --jobs N checks files in parallel, and everything it
writes is the same as with one job: the report (every report format, and
with --quiet), the exit code, and a baseline written; for the committed
corpus of every format, a file of no known format, a missing file and
standard input, with options that every worker must get (--fail-on,
--max-repeats, --disable, a baseline). Standard input has no file time:
JUnit stamps it with now, or SOURCE_DATE_EPOCH when set, which these runs
set. Failure: any byte or exit code that differs."""
# build.sh test runs this against the checker-only build too
import os
import re
import subprocess

from taplib import ROOT, TRACEGATE, Scratch, Tap, corpus_files, not_a_trace

t = Tap()
scratch = Scratch("tg-jobs-")
tmp = scratch.dir
files = corpus_files("*")
unknown = not_a_trace(scratch)
files += [unknown, os.path.join(tmp, "missing.afperf"), "-"]
with open(os.path.join(ROOT, "corpus", "afperf", "valid",
                       "0000.afperf.bin"), "rb") as f:
    stdin = f.read()


def check(*args, env=dict(os.environ, SOURCE_DATE_EPOCH="1700000000")):
    p = subprocess.run([TRACEGATE, "check"] + list(args) + files,
                       input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env)
    return p.returncode, p.stdout, p.stderr


base = os.path.join(tmp, "base.json")
subprocess.run([TRACEGATE, "check", "--write-baseline", base] + files[:40],
               input=stdin, stdout=subprocess.DEVNULL)
cases = [[], ["--report", "json"], ["--report", "sarif"],
         ["--report", "junit"], ["--report", "tap"], ["--quiet"],
         ["--fail-on", "info", "--max-repeats", "2",
          "--disable", "TL-NUM-001"],
         ["--baseline", base]]
for opts in cases:
    one = check("--jobs", "1", *opts)
    many = check("--jobs", "3", *opts)
    t.ok(one == many and len(one[1]) > 1000,
         "--jobs 3 %s: the same exit code and bytes as --jobs 1 (%d files)"
         % (" ".join(opts) or "(text)", len(files)))
outs = []
for jobs in ("1", "3"):
    path = os.path.join(tmp, "written%s.json" % jobs)
    check("--jobs", jobs, "--write-baseline", path)
    with open(path, "rb") as f:
        outs.append(f.read())
t.ok(outs[0] == outs[1] and len(outs[0]) > 1000,
     "--write-baseline: the same file with --jobs 3")
code, out, err = check("--report", "junit")
stamps = re.findall(rb'<testsuite name="-" [^>]*timestamp="([^"]*)"', out)
t.eq(stamps, [b"2023-11-14T22:13:20"],
     "JUnit stamps standard input with SOURCE_DATE_EPOCH when it is set")
code, out, err = check("--jobs", "0")
t.eq((code, err.decode().split("\n")[0]),
     (2, "tracegate: --jobs wants a number from 1 to 256"),
     "--jobs 0: a usage error")
t.done()
