#!/usr/bin/python3
"""oracle_readers.py - the oracle over every reader of tests/readers/, for
reports/oracle-test-readers.md: each reader over the committed corpus of
its format with the options its bug needs, timed, and its scorecard's
verdict and causes put in one markdown table on stdout.

    tools/oracle_readers.py BUILD_DIR > reports/oracle-test-readers.md

BUILD_DIR holds `tracegate` and `tests/correct-reader` (a sanitizer build
runs the correct reader with --memory 0)."""
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
BUILD = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build")
TRACEGATE = os.path.join(BUILD, "tracegate")
CORRECT = os.path.join(BUILD, "tests", "correct-reader")
CORPUS = os.path.join(ROOT, "corpus")
SAMPLES = os.path.join(ROOT, "..", "shared", "samples")

# (reader, format, options, what the run shows)
RUNS = [
    ("dumpalloc_trusts_length", "dumpalloc", ["--memory", "512"], ""),
    ("dumpalloc_string_loop", "dumpalloc", ["--timeout", "3"], ""),
    ("dumpalloc_nested_count", "dumpalloc", [], "the corpus alone"),
    ("dumpalloc_nested_count", "dumpalloc", ["--sweep"], "with --sweep"),
    ("nettrace_pointer_division", "nettrace", [], ""),
    ("nettrace_block_cap", "nettrace", [], ""),
    ("nettrace_stack_count", "nettrace", [], "the corpus alone"),
    ("nettrace_stack_count", "nettrace", ["--sweep"], "with --sweep"),
    ("nettrace_no_v6", "nettrace", [], ""),
    ("nettrace_no_v6", "nettrace", ["--reads", "v4,v5"], "--reads v4,v5"),
    ("afperf_header_only", "afperf", [], ""),
    ("afperf_region_stack", "afperf", [], ""),
    ("afperf_tags_required", "afperf", [], ""),
    ("afperf_eval_text", "afperf", [], ""),
    ("afperf_no_enum_then_stack", "afperf", [], ""),
    ("afperf_enum_then_deep", "afperf", [], ""),
    ("nettrace_struct_then_exec", "nettrace", [], ""),
    ("tracelog_slow_hang", "tracelog", ["--timeout", "1"], ""),
]


def oracle(reader, folders, opts, keep):
    env = dict(os.environ, TG_CORRECT_READER=CORRECT)
    began = time.monotonic()
    p = subprocess.run([TRACEGATE, "oracle", "-j", "2", "--report", "json",
                        "--keep", keep, "--reader", reader] + opts + folders,
                       stdout=subprocess.PIPE, env=env)
    return json.loads(p.stdout), time.monotonic() - began


def causes(card):
    """the defects, one per cause: class, message (or rule), files"""
    out = []
    for d in card["defects"]:
        cause = d["rule"] if d["class"] == "accepts-invalid" else d["message"]
        out.append("%s: %s (%d)" % (d["class"], cause or "(no message)",
                                    d["files"]))
    if len(out) > 4:
        out = out[:3] + ["and %d more" % (len(out) - 3)]
    return "; ".join(out).replace("|", "/") or "none"


def row(name, card, seconds, sweep):
    r = card["readers"][0]
    runs = r["runs"]
    counted = ", ".join("%s %d" % (k, v) for k, v in runs.items() if v)
    extra = " (sweep: %d fields, %d inputs)" % (sweep["fields"],
                                                  sweep["inputs"]) \
        if sweep["files"] else ""
    return "| %s | %s | %s%s | %s | %.1f |" % (
        name, r["verdict"].replace("|", "/"), counted, extra, causes(r),
        seconds)


def main():
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short",
                             "HEAD"], stdout=subprocess.PIPE,
                            text=True).stdout.strip()
    print("# The oracle on the test readers\n")
    print("Each reader in `tests/readers/` has the bugs its README names. "
          "Each was run over the committed corpus of its format on %s, at "
          "commit %s, with `%s`, on the 2-core machine, by:\n"
          % (datetime.date.today().isoformat(), commit,
             os.path.relpath(TRACEGATE, ROOT)))
    print("```sh\ntools/oracle_readers.py %s > reports/oracle-test-readers.md"
          "\n```\n" % os.path.relpath(BUILD, ROOT))
    print("That is `tracegate oracle -j 2 --report json --keep DIR --reader "
          "'python3 tests/readers/NAME.py {}' [OPTIONS] corpus/FORMAT` for "
          "each row, and the correct reader over the corpus and the shared "
          "samples. Seconds are the wall time of the whole run, the "
          "shrinking of every defect's example included (200 reader runs "
          "or 60 s each, at most).\n")
    print("| reader | verdict | runs | causes (class: message, files) | "
          "seconds |\n|---|---|---|---|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, fmt, opts, what) in enumerate(RUNS):
            reader = "%s -S %s/tests/readers/%s.py {}" % (sys.executable,
                                                           ROOT, name)
            card, seconds = oracle(reader, [os.path.join(CORPUS, fmt)], opts,
                                   os.path.join(tmp, str(i)))
            label = name + (", " + what if what else "")
            print(row(label, card, seconds, card["sweep"]))
        for fmt in ("afperf", "dumpalloc", "nettrace", "tracelog"):
            folders = [os.path.join(CORPUS, fmt)]
            if os.path.isdir(os.path.join(SAMPLES, fmt)):
                folders.append(os.path.join(SAMPLES, fmt))
            card, seconds = oracle("%s %s {}" % (CORRECT, fmt), folders,
                                   ["--memory", "0"],
                                   os.path.join(tmp, "correct-" + fmt))
            label = "correct-reader %s (%s)" % (
                fmt, "corpus and samples" if len(folders) > 1 else "corpus")
            print(row(label, card, seconds, card["sweep"]))


main()
