#!/usr/bin/python3
"""oracle.t - tracegate oracle finds the one planted defect of each test
reader in tests/readers/, names its class, rule and message, and shrinks
an example into a reproducer that still shows it; it finds no defect in
the correct reader (tracegate's library behind the reader contract) over
the committed corpus of every format and the shared samples; a reader
that accepts everything scores as that; every run class (hang, crash by
signal, by exit code, by message, out of memory, the canary) is told
from a reader written for it; the scorecard reads as JSON, JUnit and
markdown. Failure: a planted defect missed or misnamed, a false alarm on
the correct reader, a wrong class, a reproducer that does not
reproduce."""
import json
import os
import subprocess
import xml.etree.ElementTree as ET

from oraclelib import (CORPUS, CORRECT, ENV, Oracle, defect_of,
                       python_reader)
from taplib import (SHARED, TRACEGATE, Scratch, Tap, da_example,
                    junit_schema_errors)

t = Tap()
scratch = Scratch("tg-oracle-")
oracle = Oracle(scratch)


def findings(path, fmt, profile="default"):
    p = subprocess.run([TRACEGATE, "check", "--format", fmt, "--profile",
                        profile, "--report", "json", path],
                       stdout=subprocess.PIPE)
    rules = {f["rule"] for r in json.loads(p.stdout)["files"]
             for f in r["findings"]}
    return p.returncode, rules


# ---- the planted defects ------------------------------------------------
# (reader, format, options, class, rule, the reader's message)
PLANTED = [
    ("dumpalloc_trusts_length", "dumpalloc", ["--memory", "512"],
     "out-of-memory", "DA-REC-003", "MemoryError"),
    # a hang costs the timeout on every shrink run: the shortest one
    ("dumpalloc_string_loop", "dumpalloc", ["--timeout", "1"],
     "hang", "DA-STR-001", "still running after the timeout"),
    ("nettrace_pointer_division", "nettrace", [],
     "crash", "NT-TRC-001",
     "ZeroDivisionError: integer division or modulo by zero"),
    ("nettrace_block_cap", "nettrace", [],
     "rejects-valid", "NT-OBS-001", "block of 102416 bytes is over the limit"),
    ("afperf_header_only", "afperf", [],
     "accepts-invalid", "AF-REG-001", ""),
    ("afperf_region_stack", "afperf", [],
     "crash", "AF-REG-001", "IndexError: pop from empty list"),
    ("afperf_region_stack", "afperf", [],
     "crash", "AF-REG-004", "AssertionError: a region was never stopped"),
    ("afperf_region_stack", "afperf", [],
     "crash", "AF-AGG-004",
     "ValueError: invalid literal for int() with base 0: ''"),
    ("afperf_tags_required", "afperf", [],
     "rejects-valid", None, "RegionStart without tags"),
    ("afperf_eval_text", "afperf", [],
     "executes-input", None,
     "made the file tracegate-canary: it ran code from the trace"),
]

MANY_DEFECTS = ("afperf_header_only", "afperf_tags_required")
cards = {}
for name, fmt, opts, cls, rule, message in PLANTED:
    reader = python_reader(name)
    key = (name, tuple(opts))
    if key not in cards:  # readers with many defects get short shrinks
        shrink = "8" if name in MANY_DEFECTS else "60"
        cards[key] = oracle(reader, [os.path.join(CORPUS, fmt)], *opts,
                            "--shrink-runs", shrink)
    code, card, err, keep = cards[key]
    what = "%s: %s %s" % (name, cls, rule or "(valid)")
    t.eq(code, 1, what + ": exit 1, a defect found")
    d = defect_of(card, cls, rule) if isinstance(card, dict) else None
    if not t.ok(d is not None, what + ": found", card):
        continue
    t.eq(d["message"], message, what + ": the reader's message")
    minimal = d["minimal"]
    t.ok(minimal and os.path.dirname(minimal) == keep and
         os.path.getsize(minimal) == d["minimal_bytes"] and
         d["minimal_bytes"] <= d["example_bytes"],
         what + ": a reproducer, no larger than the example", d)
    verdict, rules = findings(minimal, fmt)
    if d["rule"]:  # the rule of the example it was shrunk from
        t.ok(d["rule"] in rules,
             what + ": tracegate names %s in it" % d["rule"], rules)
    else:
        t.eq(verdict, 0, what + ": tracegate accepts the reproducer")
    if cls == "executes-input":  # the hostile valid file, shrunk
        canary = scratch.path("canary")
        subprocess.run(reader.replace("{}", minimal), shell=True,
                       env=dict(ENV, TRACEGATE_CANARY=canary))
        t.ok(os.path.exists(canary),
             what + ": the reader runs code from the reproducer")
    if cls in ("crash", "rejects-valid"):
        p = subprocess.run(reader.replace("{}", minimal), shell=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=ENV)
        t.ok(p.returncode != 0 and message in p.stderr.decode(),
             what + ": the reader fails on the reproducer as reported",
             p.stderr.decode())

# A reproducer within the mutation: AF-REG-001 shrinks to a few lines
code, card, _, _ = cards[("afperf_region_stack", ())]
d = defect_of(card, "crash", "AF-REG-001")
t.ok(d and d["minimal_bytes"] <= 100 < d["example_bytes"],
     "region stack: the AF-REG-001 reproducer is 100 bytes or less", d)
if d:
    verdict, rules = findings(d["minimal"], "afperf")
    t.eq(rules & {"AF-HDR-001", "AF-HDR-002"}, set(),
         "region stack: its reproducer keeps the header (no new MUST rule)")

# Binary formats shrink by whole records, blocks and objects first: the
# v4/v5 PointerSize reproducer keeps a third of the example at most, the
# dumpalloc Length one a hundred bytes at most (both were byte-ddmin only,
# and stayed near the example's size)
for key, cls, rule, most in (
        (("nettrace_pointer_division", ()), "crash", "NT-TRC-001", None),
        (("dumpalloc_trusts_length", ("--memory", "512")), "out-of-memory",
         "DA-REC-003", 100)):
    code, card, _, _ = cards[key]
    d = defect_of(card, cls, rule)
    limit = most if most else (d["example_bytes"] // 3 if d else 0)
    t.ok(d and d["minimal_bytes"] <= limit,
         "%s: the %s reproducer is whole units smaller (at most %d bytes)"
         % (key[0], rule, limit), d)

# ---- the correct reader: no false alarm ---------------------------------
for fmt in ("afperf", "dumpalloc", "nettrace", "tracelog"):
    folders = [os.path.join(CORPUS, fmt)]
    samples = os.path.join(SHARED, "samples", fmt)
    if os.path.isdir(samples):
        folders.append(samples)
    # a sanitizer build reserves terabytes of address space: no --memory
    code, card, err, _ = oracle("%s %s {}" % (CORRECT, fmt), folders,
                                "--memory", "0")
    runs = card["readers"][0]["runs"] if isinstance(card, dict) else {}
    t.ok(code == 0 and card["readers"][0]["defects"] == [] and
         runs["right"] == sum(runs.values()) > 0,
         "correct reader, %s%s: every run right, no defect" %
         (fmt, " and its samples" if len(folders) > 1 else ""), (runs, err))
    if len(folders) == 1 and fmt in ("afperf", "nettrace"):
        t.skip("correct reader on the %s samples" % fmt,
               "no ../shared/samples/%s" % fmt)

# a file that only a compat profile fails is legal (spec/oracle.md O1): a
# reader that accepts the mutants of its own compat rules, judged under
# that profile, is right on every one
for fmt, prefix, profile in (("afperf", "AF-ART-", "artificer-compat"),
                             ("tracelog", "TL-RDR-", "vstools-compat")):
    top = os.path.join(CORPUS, fmt, "warn")  # compat rules: legal files
    dirs = [os.path.join(top, r) for r in sorted(os.listdir(top))
            if r.startswith(prefix)]
    code, card, err, _ = oracle("true", dirs, "--profile", profile,
                                "--shrink-runs", "0")
    runs = card["readers"][0]["runs"] if isinstance(card, dict) else {}
    t.ok(code == 0 and card["readers"][0]["defects"] == [] and
         runs.get("right", 0) == sum(runs.values()) >= len(dirs) > 0,
         "a reader that accepts what only %s fails on: right" % profile,
         (code, runs, err))

# ---- two readers: the differential count ------------------------------------
header_only = python_reader("afperf_header_only")
code, card, _, _ = oracle("%s afperf {}" % CORRECT, [os.path.join(CORPUS,
                                                                 "afperf")],
                          "--reader", header_only, "--memory", "0",
                          "--shrink-runs", "0")
accepted = card["readers"][1]["runs"]["accepts-invalid"]
t.ok(code == 1 and accepted > 40 and card["disagreements"] == accepted and
     card["readers"][0]["defects"] == [],
     "two readers: they disagree on exactly the files one wrongly accepts",
     (card["disagreements"], accepted))

# ---- --fuzz: generated and mutated inputs, the defective ones kept ----------
code, card, err, keep = oracle("true", [], "--fuzz", "3", "--format",
                               "afperf", "--shrink-runs", "0")
defects = card["readers"][0]["defects"] if isinstance(card, dict) else []
# a sweep of a valid trace of each profile comes first (KEEP/sweep/): a
# value swept in the artificer-compat trace may break a rule of that
# profile alone
kept_ok = [d for d in defects
           if d["class"] == "accepts-invalid" and
           os.path.dirname(d["example"]) in (os.path.join(keep, "fuzz"),
                                             os.path.join(keep, "sweep")) and
           any(d["rule"] in findings(d["example"], "afperf", profile)[1]
               for profile in ("default", "artificer-compat"))]
t.ok(code == 1 and defects and kept_ok == defects,
     "--fuzz 3 with `true`: accepts-invalid defects, each input kept in "
     "KEEP/fuzz (or KEEP/sweep) and breaking its rule",
     (code, err, defects[:3]))
runs = card["readers"][0]["runs"] if isinstance(card, dict) else {}
t.ok(runs.get("right", 0) > 0 and runs.get("accepts-invalid", 0) > 0,
     "--fuzz: valid inputs too (`true` is right on them)", runs)

# ---- a reader that accepts everything ------------------------------------
code, card, _, _ = oracle("true", [os.path.join(CORPUS, "dumpalloc")],
                          "--shrink-runs", "0")
with open(os.path.join(CORPUS, "dumpalloc", "manifest.jsonl")) as f:
    lines = [json.loads(line) for line in f]
rejects = [m["rule"] for m in lines if m["reader"] == "reject"]
t.eq((code, card["readers"][0]["verdict"]),
     (1, "accepts everything: it accepted all %d files it must reject; "
      "%d defects found" % (len(rejects), len(set(rejects)))),
     "`true` scores as accepting everything, a defect per rule it breaks")

# ---- every run class, from readers written for it -------------------------
one = scratch.path("one")
os.mkdir(one)
with open(os.path.join(one, "valid.dumpalloc"), "wb") as f:
    f.write(da_example())
CLASSES = [
    ("sleep 30", ["--timeout", "1"], "hang", "still running after the timeout"),
    ("kill -SEGV $$", [], "crash",
     "exit code 139: signal 11 (Segmentation fault), as a shell reports it"),
    ("exit 42", ["--crash-exit", "42"], "crash", "exit code 42, a crash"),
    ("echo 'PANIC: x' >&2; exit 1", ["--crash-pattern", "^PANIC"], "crash",
     "PANIC: x"),
    ("echo 'Traceback (most recent call last):' >&2; "
     "echo 'KeyError: 7' >&2; exit 1", [], "crash", "KeyError: 7"),
    # a .NET runtime aborts on every uncaught exception: its words, not
    # the signal, name the cause
    ("echo 'Unhandled exception. System.ArgumentException: An item with "
     "the same key has already been added. Key: 1' >&2; kill -ABRT $$", [],
     "crash", "Unhandled exception. System.ArgumentException: An item with "
     "the same key has already been added. Key: 1"),
    ("echo 'terminate called after throwing std::bad_alloc' >&2; exit 134",
     [], "out-of-memory", "terminate called after throwing std::bad_alloc"),
    ("kill -KILL $$", [], "out-of-memory",
     "killed by SIGKILL (an out-of-memory killer)"),
    ("touch \"$TRACEGATE_CANARY\"", [], "executes-input",
     "made the file tracegate-canary: it ran code from the trace"),
    ("echo 'no thanks' >&2; exit 1", [], "rejects-valid", "no thanks"),
]
for command, opts, cls, why in CLASSES:
    code, card, err, _ = oracle("sh -c '%s' reader" % command.replace(
        "'", "'\\''"), [one], "--shrink-runs", "0", *opts)
    got = [(d["class"], d["rule"], d["message"])
           for d in card["readers"][0]["defects"]] if card else err
    t.eq((code, got), (1, [(cls, None, why)]),
         "a reader that runs `%s`: %s" % (command, cls))
code, card, _, _ = oracle("exec sh -c 'kill -SEGV $$' reader", [one],
                          "--shrink-runs", "0")
t.eq([(d["class"], d["message"]) for d in card["readers"][0]["defects"]],
     [("crash", "killed by signal 11 (Segmentation fault)")],
     "a reader killed by SIGSEGV itself (the shell exec'd it): crash")
code, card, _, _ = oracle("sh -c 'exit 3' reader", [one], "--accept-exit", "3")
t.eq((code, card["readers"][0]["runs"]["right"]), (0, 1),
     "--accept-exit 3: exit 3 is accepted")

# ---- usage and failures ----------------------------------------------------
for args, want, name in [
        ([one], 2, "no --reader"),
        (["--reader", "true"], 2, "no corpus folder"),
        (["--reader", "true", scratch.path("none")], 2, "a missing folder"),
        (["--reader", "true", "--profile", "nope", one], 2,
         "an unknown profile"),
        (["--reader", "true", "--timeout", "0", one], 2, "a zero timeout"),
        (["--reader", "true", "--crash-pattern", "(", one], 2,
         "a crash pattern that does not compile"),
        (["--reader", "no-such-reader-anywhere {}", one], 3,
         "a reader the shell cannot find"),
        (["--reader", "true", "--fuzz", "1"], 2, "--fuzz without --format"),
        (["--reader", "true", "--format", "afperf", one], 2,
         "--format without --fuzz")]:
    p = subprocess.run([TRACEGATE, "oracle"] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    t.ok(p.returncode == want and p.stdout == b"" and p.stderr,
         "%s: exit %d, said on stderr" % (name, want),
         (p.returncode, p.stderr))

# ---- the scorecard's other forms ---------------------------------------------
reader = "sh -c 'exit 1' reader"
code, junit, _, _ = oracle(reader, [one], report="junit")
t.eq(junit_schema_errors(junit), {},
     "JUnit: valid against Ant's and Jenkins' schemas")
suite = ET.fromstring(junit).find("testsuite")
case = suite.find("testcase")
t.eq((suite.get("tests"), suite.get("failures"), case.get("name"),
      case.find("failure").get("message")),
     ("1", "1", "(valid)", "rejects-valid 1"), "JUnit: a test case per rule")
code, md, _, keep = oracle(reader, [one], report="markdown")
minimal = os.path.join(keep, "1-rejects-valid-valid-1.dumpalloc")
t.ok(md.startswith("# tracegate oracle scorecard\n") and
     "| rejects-valid | 1 |\n| right | 0 |\n| masked | 0 |\n" in md and
     "| rejects-valid | (no message) | 1 ((valid) 1) | %s (%d bytes) |\n"
     % (minimal, os.path.getsize(minimal)) in md,
     "markdown: the counts and the defect table", md)
code, text, _, keep = oracle(reader, [one], report="text")
t.eq(text.splitlines()[:6], [
    "reader: sh -c 'exit 1' reader",
    "  1 runs: hang 0, out-of-memory 0, executes-input 0, crash 0, "
    "misreads 0, accepts-invalid 0, rejects-valid 1, right 0, masked 0, "
    "not-read 0, unscored 0",
    "  verdict: rejects everything: it accepted none of the 1 it must "
    "accept; 1 defect found",
    "  rejects-valid: (no message) (1 file: (valid) 1)",
    "    example: %s/valid.dumpalloc (%d bytes)" % (one, len(da_example())),
    "    minimal: %s/1-rejects-valid-valid-1.dumpalloc (%d bytes)"
    % (keep, os.path.getsize(os.path.join(
        keep, "1-rejects-valid-valid-1.dumpalloc")))],
    "text: the counts, the verdict, the cause and its files")
t.done()
