#!/usr/bin/python3
"""checker-only.t - a build without the corpus code (cmake
-DTG_BUILD_CORPUS=OFF), as an embedder who only checks makes it: gen and
mutate refuse with one sentence and exit 4 (unsupported), the library
says TG_ENOCORPUS, and checking, the rule tables and the dictionaries
work. build.sh test runs the checker's tests against such a build; in a
full build this test has nothing to hold and skips, visibly. Failure: a
corpus command that crashes, writes a file, or exits otherwise."""
# build.sh test runs this against the checker-only build too
import os

from taplib import ROOT, Scratch, Tap, run

t = Tap()
tmp = Scratch("tg-checker-only-").dir
code, _, _ = run("gen", "dumpalloc", "-o", os.path.join(tmp, "probe"))
if code == 0:
    t.skip("the corpus commands of a checker-only build",
           "this CLI has the corpus code; build.sh test runs this test "
           "against build-checker/, which has not")
    t.done()
said = ("tracegate: this build has no corpus code (TG_BUILD_CORPUS=OFF): "
        "gen and mutate are not available\n")
out = os.path.join(tmp, "gen")
t.eq(run("gen", "nettrace", "-o", out), (4, "", said),
     "gen: exit 4 and the one sentence")
t.eq(sorted(os.listdir(tmp)), [], "gen made no file and no folder")
out = os.path.join(tmp, "corpus")
t.eq(run("mutate", "afperf", "--out", out), (4, "", said),
     "mutate: exit 4 and the one sentence")
t.eq(sorted(os.listdir(tmp)), [], "mutate made no file and no folder")
t.eq(run("rules", "dumpalloc", "--report", "json")[0], 0,
     "the rule tables are there")
valid = os.path.join(ROOT, "corpus", "tracelog", "valid",
                     "0000.tracelog.bin")
t.eq(run("check", "--quiet", valid), (0, "", ""),
     "a valid trace of the committed corpus is conformant")
t.done()
