#!/usr/bin/python3
"""determinism.t - the same inputs and options give the same report, byte
for byte: for every format and profile, and every report format, a
corpus made by `mutate` (valid traces and one mutant per rule) and the
real samples are checked twice. Every report is valid UTF-8, has no
control character outside its syntax (a newline), and every layout line
is one of the whole sentences the front ends write. Failure: two
runs differ, a report is not UTF-8 or holds a control character, or a
layout line is cut or unknown."""
import glob
import json
import os
import subprocess
from taplib import SHARED, TRACEGATE, Scratch, Tap, run

t = Tap()
tmp = Scratch("tg-determinism-").dir

UNCOMPRESSED = ("; uncompressed rows, read with bit 31 set = not sorted, as "
                "writers and readers do (the spec words it the other way "
                "round)")
DRAFT = ("(the seed's February 2025 layout, superseded: TraceEvent and "
         "final-v6 readers cannot read it)")
BLOCK = "its first metadata, stack, sequence point or thread block"
LAYOUTS = {
    "v5 (FastSerialization objects; V5 metadata tags present)",
    "v4/v5 (FastSerialization objects; no V5 metadata tags)",
    "v6 (final published block layout, as --profile nettrace-v6 asks)",
    "v6 (final published block layout: %s reads as final v6)" % BLOCK,
    "v6 (final published block layout: %s reads cleanly neither as final "
    "v6 nor as the draft, so final v6 is kept)" % BLOCK,
    "v6 (final published block layout: no block tells it from the seed's "
    "draft, so final v6 is assumed)",
    "v6 draft, as --profile nettrace-v6-draft asks " + DRAFT,
    "v6 draft, chosen automatically because %s has a MUST finding read as "
    "final v6 and none read as the draft %s" % (BLOCK, DRAFT),
}
LAYOUTS |= {l + UNCOMPRESSED for l in LAYOUTS}
LAYOUTS |= {"AFPerf v1, %s line ends" % e
            for e in ("LF", "CRLF", "mixed LF and CRLF")}
LAYOUTS |= {"CoreProfiler TraceLog, %s" % e
            for e in ("LF line ends", "CRLF line ends",
                      "mixed LF and CRLF line ends", "no line end")}

code, out, err = run("rules", "--report", "json")
formats = json.loads(out)["formats"]
for fmt in formats:
    name = fmt["name"]
    base = os.path.join(tmp, name)
    subprocess.run([TRACEGATE, "mutate", name, "--seed", "3", "--out", base],
                   check=True)
    files = sorted(glob.glob(os.path.join(base, "valid", "*")) +
                   glob.glob(os.path.join(base, "invalid", "*", "0000*")))
    files += sorted(glob.glob(os.path.join(SHARED, "samples", name, "*")))
    for profile in fmt["profiles"]:
        layouts_ok = True
        for report in ("text", "json", "sarif", "junit", "tap"):
            args = ["check", "--format", name, "--profile", profile,
                    "--report", report] + files
            runs = [subprocess.run([TRACEGATE] + args, stdout=subprocess.PIPE)
                    for _ in range(2)]
            label = "%s/%s --report %s (%d inputs)" % (name, profile, report,
                                                      len(files))
            t.ok(runs[0].stdout == runs[1].stdout and
                 runs[0].returncode == runs[1].returncode,
                 "%s: two runs, the same bytes" % label)
            try:
                text = runs[0].stdout.decode("utf-8")
                utf8 = True
            except UnicodeDecodeError as e:
                text, utf8 = "", False
            bad = sorted({hex(ord(c)) for c in text
                          if ord(c) < 0x20 and c != "\n" or ord(c) == 0x7f})
            t.ok(utf8 and not bad, "%s: UTF-8, no control characters" % label,
                 bad)
            if report == "json":
                for f in json.loads(text)["files"]:
                    if f["layout"] is not None and f["layout"] not in LAYOUTS:
                        layouts_ok = False
                        t.ok(False, "unknown layout line", f["layout"])
        if name == "nettrace":
            t.ok(layouts_ok, "%s/%s: every layout line is a whole, known "
                 "sentence" % (name, profile))
t.done()
