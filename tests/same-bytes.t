#!/usr/bin/python3
"""same-bytes.t - the verdict depends on the bytes alone (docs/checking.md,
"How the format is decided"): a file checked by its path, under a name that suggests
another format, and through standard input gets the same format, verdict,
exit code and findings (rule and offset). Inputs: the bundled corpus, each
file renamed with the extension of another format, and inputs whose format
the content may or may not decide, named with every format's extension.
Failure: any difference."""
# build.sh test runs this against the checker-only build too
import json
import os
import shutil
import struct

from taplib import SHARED, Scratch, Tap, corpus_files, da_rec, da_str, run

t = Tap()
scratch = Scratch("tg-same-bytes-")
EXTENSIONS = [".nettrace", ".netperf", ".afperf", ".dumpalloc", ".dalloc",
              ".tracelog", ".txt", ""]


def parse(out):
    """(format, verdict, exit code, [(rule, offset)]) per file, in order."""
    return [(f["format"], f["verdict"], f["exit_code"],
             [(d["rule"], d["offset"]) for d in f["findings"]])
            for f in json.loads(out)["files"]]


def verdicts(paths):
    return parse(run("check", "--report", "json", "--max-repeats", "0",
                     *paths)[1])


def by_pipe(path):
    with open(path, "rb") as f:
        return parse(run("check", "--report", "json", "--max-repeats", "0",
                         "-", stdin=f)[1])[0]


# ---- the corpus, each file under another format's extension -----------
files = corpus_files()
renamed = []
for i, path in enumerate(files):
    ext = EXTENSIONS[i % len(EXTENSIONS)]
    renamed.append(shutil.copy(path, scratch.path("c%04d%s" % (i, ext))))
a, b = verdicts(files), verdicts(renamed)
diff = [(files[i], a[i], b[i]) for i in range(len(files)) if a[i] != b[i]]
t.eq(diff, [], "%d corpus files: the same verdict under a name that suggests "
     "another format" % len(files))

# ---- inputs the content may not decide --------------------------------
proc = da_rec(b"PROC", struct.pack("<I", 1) + da_str(b"app"))
edge = {
    # the issue's example: a first record with Length 0xFFFFFFFF
    "dumpalloc-length-ffffffff": b"ALOC" + struct.pack("<I", 0xFFFFFFFF)
    + b"\0" * 16,
    "dumpalloc-later-length": proc + b"OBJE" + struct.pack("<I", 0x7FFFFFF0),
    "dumpalloc-unknown-first-record": b"XXXX" + struct.pack("<I", 4) + b"abcd",
    "empty": b"",
    "text": b"hello, world\n",
    "nettrace-cut-in-magic": b"Nettra",
    "nettrace-cut-after-magic": b"Nettrace\x14\0\0\0!Fast",
    "afperf-header": b"# AFPerf v1     \n",
    "afperf-no-header": b"RunInfo,1,ns,1639527663.5,1.0.0,7,app,1.0,\n",
    "tracelog-prf-stm": b"prf stm 2023-06-02 05:41:09.781\n",
    "tracelog-other-tag": b"prf cfg CollectionMethod Sampling\n",
}
for name, data in edge.items():
    paths = [scratch.write(name + ext, data) for ext in EXTENSIONS]
    got = verdicts(paths) + [by_pipe(paths[0])]
    t.eq(sorted(set(map(repr, got))), [repr(got[0])],
         "%s: one verdict under %d names and through a pipe (%s, exit %d)"
         % (name, len(EXTENSIONS), got[0][1], got[0][2]))

# ---- a real capture, by path and by pipe -------------------------------
sample = os.path.join(SHARED, "samples", "nettrace",
                      "eventpipe-dotnetcore6.0-win-x64-executioncheckpoints"
                      ".nettrace")
if os.path.exists(sample):
    t.eq(by_pipe(sample), verdicts([sample])[0],
         "a real capture: the same verdict by path and by pipe")
else:
    t.skip("a real capture by path and by pipe",
           "../shared/samples is absent")
t.done()
