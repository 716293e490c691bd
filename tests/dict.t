#!/usr/bin/python3
"""dict.t - the fuzzing dictionaries are made from the formats' tables:
fuzz/FORMAT.dict is what `tracegate rules FORMAT --dict` writes (so a
table change reaches the fuzzers; regenerate with that command), each has
its format's magic, record names or types, and every line is a comment or
one quoted token in the syntax libFuzzer and AFL++ read. Failure: a stale
dictionary, a missing token, a malformed line."""
# build.sh test runs this against the checker-only build too
import os
import re

from taplib import ROOT, Tap, run

t = Tap()
# one table constant each dictionary must hold, as written in it
MUST = {"afperf": ['"# AFPerf v1     "', '"RegionStart"', '"int64"'],
        "dumpalloc": ['"PROC"', '"TERM"', '"\\xff\\xff\\xff\\x7f"'],
        "nettrace": ['"Nettrace"', '"!FastSerialization.1"', '"SPBlock"'],
        "tracelog": ['"prf stm"', '"thr crt"', '"Sampling"']}
TOKEN = re.compile(r'^"([\x20-\x21\x23-\x5b\x5d-\x7e]|\\x[0-9a-f]{2})+"$')
for fmt, must in sorted(MUST.items()):
    code, out, err = run("rules", fmt, "--dict")
    with open(os.path.join(ROOT, "fuzz", fmt + ".dict")) as f:
        committed = f.read()
    t.eq((code, out == committed), (0, True),
         "%s: fuzz/%s.dict is what rules %s --dict writes" % (fmt, fmt, fmt))
    lines = out.splitlines()
    bad = [ln for ln in lines if not ln.startswith("#") and
           not TOKEN.match(ln)]
    tokens = [ln for ln in lines if not ln.startswith("#")]
    t.eq(bad, [], "%s: every line a comment or one quoted token" % fmt)
    t.eq([m for m in must if m not in tokens], [],
         "%s: %d tokens, among them %s" % (fmt, len(tokens), ", ".join(must)))
t.eq(run("rules", "--dict")[0], 2, "--dict without a format: exit 2")
t.done()
