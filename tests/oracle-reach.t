#!/usr/bin/python3
"""oracle-reach.t - a scorecard a reader's maintainer can act on, and
inputs that reach the bugs (spec/oracle.md O4, O8 to O11), each shown
with a reader of tests/readers/ planted for it:

- a reader of no v6 file has one defect, whatever rules its files were
  made for, and the verdict "rejects every v6 file"; declared out of
  scope with --reads v4,v5, those files are not read and not defects,
  and --fuzz runs no input of another version;
- a reader that turns down every generated parent for an unrelated
  reason has its mutants scored "masked", never "right", in a corpus
  and under --fuzz;
- a reader that crashes on every valid file for one reason (an enum
  value) and, behind it, for another (regions three deep) has both
  found: the files made simpler, away from the first crash, reach the
  second, which the scorecard says it was behind; every mutant that
  crashes as its parent did is masked;
- the same for a NetTrace reader that crashes on any struct-typed
  metadata field and, behind it, runs field names as code: the hostile
  file made simpler (its metadata blocks with struct fields taken out,
  the objects after them padded again) makes the canary;
- a crash on a count nested in a frame record, out of reach of the
  corpus's mutants, is found by --sweep with no --fuzz, its field named;
- a reader that hangs on most files shrinks its hang within
  --shrink-time and under a shorter timeout, confirmed at the full one;
- SIGTERM, in the reader runs and in the shrinking, still writes the
  scorecard, marked interrupted, with the reproducers shrunk so far;
- --progress shows runs and defects on stderr.
Failure: a cause split in many defects, a masked mutant counted right,
the nested crash missed, a run past its budget, no scorecard after
SIGTERM."""
import json
import os
import re
import shutil
import signal
import subprocess
import time

from oraclelib import CORPUS, ENV, Oracle, defect_of, python_reader
from taplib import TRACEGATE, Scratch, Tap

t = Tap()
scratch = Scratch("tg-oracle-reach-")
oracle = Oracle(scratch)


def manifest(fmt):
    with open(os.path.join(CORPUS, fmt, "manifest.jsonl")) as f:
        return [json.loads(line) for line in f]


def layout(path):
    """what tracegate says the layout of a NetTrace file is"""
    p = subprocess.run([TRACEGATE, "check", "--format", "nettrace",
                        "--report", "json", path], stdout=subprocess.PIPE)
    return json.loads(p.stdout)["files"][0].get("layout") or ""


def v6_header(path):
    """whether the header names major version 6 (bytes 12 to 15)"""
    with open(path, "rb") as f:
        head = f.read(16)
    return head[:8] == b"Nettrace" and head[12:16] == b"\x06\0\0\0"


# ---- one defect per cause, symmetric verdicts, declared scope ------------
no_v6 = python_reader("nettrace_no_v6")
code, card, err, _ = oracle(no_v6, [os.path.join(CORPUS, "nettrace")],
                            "--shrink-runs", "20")
reader = card["readers"][0]
causes = [(d["class"], d["message"]) for d in reader["defects"]]
t.eq((code, causes),
     (1, [("rejects-valid", "open trace: invalid NetTrace header")]),
     "a reader of no v6 file: one defect, its one message")
d = reader["defects"][0]
# the files a reader must accept (valid/, and the legal mutants of warn/)
# whose header names version 6
lines = manifest("nettrace")
files = [os.path.join(CORPUS, "nettrace", m["file"]) for m in lines]
v6 = [f for f, m in zip(files, lines)
      if m["reader"] != "reject" and v6_header(f)]
t.ok(d["files"] == len(v6) > 2 and len(d["rules"]) > 1 and
     sum(r["files"] for r in d["rules"]) + d["files_under_other_rules"] ==
     d["files"],
     "its files (%d) are the valid v6 files, counted under their rules"
     % d["files"], d)
drafts = sum(1 for f in v6 if layout(f).startswith("v6 draft"))
t.eq(reader["verdict"].split("; ")[:2],
     ["rejects every v6-draft file: it accepted none of the %d it must "
      "accept" % drafts,
      "rejects every v6 file: it accepted none of the %d it must accept"
      % (len(v6) - drafts)],
     "the verdict: rejects every v6-draft and every v6 file")
t.ok(reader["runs"]["masked"] > 0 and reader["runs"]["right"] > 0,
     "the v6 mutants are masked (their parents were turned down)",
     reader["runs"])
code, card, err, _ = oracle(no_v6, [os.path.join(CORPUS, "nettrace")],
                            "--reads", "v4,v5")
reader = card["readers"][0]
not_read = {v["version"]: v["not_read"] for v in reader["versions"]}
# every v6 file tracegate reads as one: the valid ones at least, not more
# than all those of a v6 header
t.ok(code == 0 and reader["defects"] == [] and len(v6) <=
     reader["runs"]["not-read"] == not_read["v6"] + not_read["v6-draft"] <=
     sum(map(v6_header, files)) and card["reads"] == "v4,v5",
     "--reads v4,v5: no defect, the v6 files not read", (code, reader))
t.ok(reader["verdict"].startswith("no defect found; ") and
     "v6 files not read (outside --reads)" in reader["verdict"],
     "the verdict says what was not read", reader["verdict"])
# --fuzz makes inputs of every version the profile reads (v6 mutants on v6
# parents under traceevent-compat); those outside --reads, and their
# parents, are dropped unrun and uncounted
code, card, err, _ = oracle("true", [], "--fuzz", "3", "--format",
                            "nettrace", "--profile", "traceevent-compat",
                            "--reads", "v4,v5", "--shrink-runs", "0")
reader = card["readers"][0]
ran = {v["version"]: v["must_accept"] + v["not_read"]
       for v in reader["versions"]}
t.ok(reader["runs"]["not-read"] == 0 and sum(reader["runs"].values()) > 0
     and set(k for k, n in ran.items() if n) <= {"v4", "v5"},
     "--fuzz with --reads v4,v5: no input of another version run or "
     "counted", (reader["runs"], reader["versions"]))

# ---- masked mutants -------------------------------------------------------
masking = python_reader("afperf_no_enum_then_stack")
code, card, err, _ = oracle(masking, [os.path.join(CORPUS, "afperf")],
                            "--shrink-runs", "0")
reader = card["readers"][0]
rows = {r["rule"]: r["runs"] for r in reader["rules"]}
must_reject = [m for m in manifest("afperf") if m["reader"] == "reject"]
# the corpus's own runs: the valid and legal files turned down, every
# mutant masked; then each mutant made again on a simpler parent
t.ok(reader["runs"]["masked"] == len(must_reject) > 40 and
     rows["AF-REG-001"]["masked"] == 1 and
     0 < reader["runs"]["right"] + reader["runs"]["crash"] <=
     len(must_reject),
     "every rejected mutant of a rejected parent is masked, none right "
     "(AF-REG-001, the planted crash's mutant, too); the ones made again "
     "on a simpler parent are scored as themselves", reader["runs"])
t.eq([(d["class"], d["message"]) for d in reader["defects"]
      if d["class"] == "rejects-valid"],
     [("rejects-valid", "unsupported datatype 'enum'")],
     "the parents' rejection: one cause")
crash = [d for d in reader["defects"] if d["class"] == "crash"]
t.ok(len(crash) == 1 and
     [r["rule"] for r in crash[0]["rules"]] == ["AF-REG-001"] and
     crash[0]["message"] ==
     "exit code 139: signal 11 (Segmentation fault), as a shell reports it"
     and "made again on a simpler parent; the reader turned down the first "
     "for the parent's line \"MeasurementType," in crash[0]["what"] and
     ",enum," in crash[0]["what"],
     "the planted segfault behind it is reached on a simpler parent, and "
     "the line the reader could not read is named", crash)
if crash:
    p = subprocess.run(masking.replace("{}", crash[0]["example"]), shell=True,
                       stderr=subprocess.PIPE, env=ENV)
    # the signal, or the shell's report of it
    t.ok(p.returncode in (-signal.SIGSEGV, 128 + signal.SIGSEGV) and
         "/unmasked/" in crash[0]["example"],
         "the reader dies of SIGSEGV on the mutant made again, kept in "
         "KEEP/unmasked/", (p.returncode, crash[0]["example"]))
t.ok(reader["verdict"].startswith("rejects everything: ") and
     "%d mutants masked" % len(must_reject) in reader["verdict"],
     "the verdict says the mutants were masked", reader["verdict"])
code, card, err, _ = oracle(masking, [], "--fuzz", "4", "--format", "afperf",
                            "--shrink-runs", "0")
reader = card["readers"][0]
parents = [d for d in reader["defects"] if d["class"] == "rejects-valid"]
t.ok(reader["runs"]["masked"] > 0 and len(parents) == 1,
     "--fuzz: mutants of generated parents are masked too; the parents' "
     "rejection is one cause", (reader["runs"], err))

# ---- a crash behind a crash (O14) ---------------------------------------------
def valid_pair(fmt, reader):
    """the oracle with reader over a folder of the corpus's plain and
    hostile valid files of fmt: (the folder, the exit code, the
    defects)"""
    where = scratch.path(fmt + "-two")
    os.mkdir(where)
    for name in ("0000.%s.bin" % fmt, "hostile.%s.bin" % fmt):
        shutil.copy(os.path.join(CORPUS, fmt, "valid", name), where)
    code, card, err, keep = oracle(reader, [where], "--shrink-runs", "20")
    return where, code, card["readers"][0]["defects"]


deep = python_reader("afperf_enum_then_deep")
two, code, defects = valid_pair("afperf", deep)
behind = [d for d in defects if d["behind"]]
t.eq((code, [(d["class"], d["message"]) for d in defects]),
     (1, [("crash", "NotImplementedError: enum measurement values"),
          ("crash", "RecursionError: maximum recursion depth exceeded")]),
     "two crashes in sequence: both found")
if t.ok(len(behind) == 1 and behind[0]["message"].startswith("Recursion"),
        "the second says it was behind the first", defects):
    d = behind[0]
    t.ok(d["behind"].startswith('the crash "NotImplementedError: enum '
                                'measurement values" on ' + two) and
         " made simpler, away from its crash; what carries that: the "
         "parent's line \"4," in d["what"] and "/unmasked/" in d["example"],
         "it names the crash it hid behind, the file made simpler and "
         "the line that carries the first crash", d)
    p = subprocess.run(deep.replace("{}", d["minimal"]), shell=True,
                       stderr=subprocess.PIPE, env=ENV)
    last = p.stderr.decode().strip().splitlines()[-1:]
    t.eq((p.returncode, last),
         (1, ["RecursionError: maximum recursion depth exceeded"]),
         "its reproducer shows the second crash alone")
# --fuzz: the generated trace it sweeps first is made simpler, away from
# the enum crash, so the swept values reach the overflow, not the crash
# again and again (O14)
code, card, err, _ = oracle(deep, [], "--fuzz", "3", "--format", "afperf",
                            "--profile", "default", "--shrink-runs", "0")
runs = card["readers"][0]["runs"]
causes = {d["message"]: d for d in card["readers"][0]["defects"]}
over = causes.get("RecursionError: maximum recursion depth exceeded", {})
enum = causes.get("NotImplementedError: enum measurement values", {})
t.ok(card["sweep"]["files"] == 1 and over.get("behind") ==
     'the crash "NotImplementedError: enum measurement values" on the valid '
     'default trace it was made from' and
     over.get("files", 0) > 10 * enum.get("files", 0) > 0,
     "--fuzz: the swept trace made simpler; the overflow behind the enum "
     "crash, met far more often than the crash", (runs, list(causes)))
# the corpus: every mutant that crashes as its valid parent did is masked
code, card, err, _ = oracle(deep, [os.path.join(CORPUS, "afperf")],
                            "--shrink-runs", "0")
reader = card["readers"][0]
overflow = [d for d in reader["defects"]
            if d["message"].startswith("RecursionError")]
t.ok(reader["runs"]["masked"] > 40 and len(reader["defects"]) == 2 and
     len(overflow) == 1 and overflow[0]["files"] > 40,
     "the corpus: the mutants masked, and made again on simpler parents "
     "they reach the overflow", reader["runs"])

# the same for NetTrace: a crash on struct fields, code run behind it
struct_exec = python_reader("nettrace_struct_then_exec")
two, code, defects = valid_pair("nettrace", struct_exec)
t.eq((code, [(d["class"], d["message"]) for d in defects]),
     (1, [("crash", "NameError: name 'Object' is not defined"),
          ("executes-input", "made the file tracegate-canary: it ran code "
                             "from the trace")]),
     "NetTrace: a crash on struct fields, and the code run behind it")
runs = [d for d in defects if d["class"] == "executes-input"]
if t.ok(len(runs) == 1 and runs[0]["behind"] ==
        'the crash "NameError: name \'Object\' is not defined" on ' +
        os.path.join(two, "hostile.nettrace.bin") and
        runs[0]["what"].startswith(os.path.join(two, "hostile.nettrace.bin") +
                                   " made simpler, away from its crash; "),
        "NetTrace: the code run says the crash it was behind", defects):
    canary = scratch.path("canary")
    p = subprocess.run(struct_exec.replace("{}", runs[0]["minimal"]),
                       shell=True, stderr=subprocess.PIPE,
                       env=dict(ENV, TRACEGATE_CANARY=canary))
    t.ok(os.path.exists(canary),
         "NetTrace: its reproducer makes the canary", p.stderr[-300:])

# over the whole NetTrace corpus: its mutants masked and made again on
# simpler parents (an insertion between two objects among them), the same
# two causes and no other
code, card, err, _ = oracle(struct_exec, [os.path.join(CORPUS, "nettrace")],
                            "--shrink-runs", "0")
reader = card["readers"][0] if card else {}
t.ok(code == 1 and reader["runs"]["masked"] > 40 and
     [d["class"] for d in reader["defects"]] == ["crash", "executes-input"],
     "NetTrace corpus: mutants masked and made again; the crash and the "
     "code run behind it, nothing else", (code, err[-300:], reader.get("runs")))

# ---- the sweep reaches a nested count --------------------------------------
valid = scratch.path("dumpalloc-valid")
os.mkdir(valid)
shutil.copy(os.path.join(CORPUS, "dumpalloc", "valid", "0000.dumpalloc.bin"),
            valid)
nested = python_reader("dumpalloc_nested_count")
code, card, err, _ = oracle(nested, [valid])
t.eq((code, card["readers"][0]["defects"]), (0, []),
     "without --sweep the valid file shows nothing")
code, card, err, keep = oracle(nested, [valid], "--sweep")
crash = [d for d in card["readers"][0]["defects"] if d["class"] == "crash"]
t.ok(code == 1 and len(crash) == 1 and
     crash[0]["message"] == "ValueError: negative count",
     "--sweep: the crash on a negative nested count is found", (err, card))
if crash:
    t.ok(re.match(r"sweep: /record\[\d+\]\{ALOC\}/frame\[\d+\]\{PCAL\}/"
                  r"function at byte \d+ \(4 bytes, was \d+\) set to "
                  r"4294967295, in .*0000\.dumpalloc\.bin$",
                  crash[0]["what"]) is not None,
         "its field and value are named", crash[0]["what"])
    p = subprocess.run(nested.replace("{}", crash[0]["minimal"]), shell=True,
                       stderr=subprocess.PIPE, env=ENV)
    t.ok(b"ValueError: negative count" in p.stderr,
         "the reader crashes on the reproducer", p.stderr)
# a count read until its unit ends: only 0 is reported at the count
nettrace_valid = scratch.path("nettrace-valid")
os.mkdir(nettrace_valid)
shutil.copy(os.path.join(CORPUS, "nettrace", "valid", "0000.nettrace.bin"),
            nettrace_valid)
stack = python_reader("nettrace_stack_count")
code, card_stack, err, _ = oracle(stack, [nettrace_valid], "--sweep",
                                  "--shrink-runs", "0")
panics = [d for d in card_stack["readers"][0]["defects"]
          if d["class"] == "crash"]
t.ok(len(panics) == 1 and
     panics[0]["message"] == "panic: runtime error: makeslice: len out "
     "of range" and
     re.match(r"sweep: /object\[\d+\]\{StackBlock\}/Count at byte \d+ "
              r"\(4 bytes, was \d+\) set to 4294967295",
              panics[0]["what"]) is not None,
     "--sweep: the panic on a negative StackBlock Count is found, the field "
     "named", (err, panics))
sweep = card["sweep"]
t.ok(sweep["files"] == 1 and sweep["fields"] > 10 and
     sweep["inputs"] > sweep["fields"] * 5,
     "the sweep's figures: fields of one file, several values each", sweep)

# ---- hangs inside their budget ----------------------------------------------
hangs = scratch.path("tracelog-hangs")
os.mkdir(hangs)
for i, m in enumerate(m for m in manifest("tracelog")
                      if m["reader"] == "accept"):
    shutil.copy(os.path.join(CORPUS, "tracelog", m["file"]),
                os.path.join(hangs, "%02d.tracelog" % i))
slow = python_reader("tracelog_slow_hang")
began = time.monotonic()
code, card, err, keep = oracle(slow, [hangs], "--timeout", "1",
                               "--shrink-time", "4", "--shrink-runs", "1000")
took = time.monotonic() - began
reader = card["readers"][0]
hang = reader["defects"]
files = len(os.listdir(hangs))
t.ok(len(hang) == 1 and hang[0]["class"] == "hang" and
     hang[0]["files"] == reader["runs"]["hang"] >= files - 1,
     "%d hangs: one cause" % reader["runs"]["hang"], reader)
# the runs take files / 2 jobs seconds; the shrinking 4 s, then 1 s to
# confirm; without --shrink-time, 1000 runs of 0.25 s
t.ok(took < files / 2 + 4 + 1 + 15,
     "the run stays inside its budget (%.1f s)" % took)
if hang:
    minimal = hang[0]["minimal"]
    t.ok(minimal and hang[0]["minimal_bytes"] < hang[0]["example_bytes"],
         "the hang shrunk", hang[0])
    p = subprocess.Popen(slow.replace("{}", minimal), shell=True, env=ENV,
                         start_new_session=True)
    try:
        p.wait(timeout=2)
        still = False
    except subprocess.TimeoutExpired:
        still = True
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
    t.ok(still, "the reproducer still hangs the reader at the full timeout")

# ---- SIGTERM: the scorecard of what ran --------------------------------------
slowcrash = scratch.write("slowcrash.sh", b"""#!/bin/sh
sleep 0.3
echo 'Traceback (most recent call last):' >&2
echo 'KeyError: 7' >&2
exit 1
""")
os.chmod(slowcrash, 0o755)


def stopped(reader, folders, after, *opts):
    """run the oracle and send it SIGTERM after `after` seconds"""
    keep = oracle.keep()
    p = subprocess.Popen(oracle.argv(reader, folders, opts, "json", keep),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=ENV)
    time.sleep(after)
    began = time.monotonic()
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=60)
    return p.returncode, out, time.monotonic() - began, keep


# in the shrinking: the reproducer shrunk so far is kept
code, out, took, keep = stopped(slowcrash + " {}",
                                [os.path.join(CORPUS, "tracelog", "valid")],
                                2.5, "-j", "1")
card = json.loads(out) if out else {}
defects = card.get("readers", [{}])[0].get("defects", [])
t.ok(code == 128 + signal.SIGTERM and card["interrupted"] == "SIGTERM" and
     len(defects) == 1 and defects[0]["minimal"] and
     os.path.getsize(defects[0]["minimal"]) == defects[0]["minimal_bytes"] <=
     defects[0]["example_bytes"],
     "SIGTERM while shrinking: exit 143, the scorecard, marked interrupted, "
     "and the reproducer so far", (code, card))
# in the reader runs: a reader's run under way is not scored
code, out, took, keep = stopped("sleep 30; true", [valid, hangs], 1.0,
                                "--timeout", "60")
card = json.loads(out) if out else {}
runs = card.get("readers", [{}])[0].get("runs", {})
t.ok(code == 143 and card["interrupted"] == "SIGTERM" and
     sum(runs.values()) == 0 and took < 5,
     "SIGTERM during reader runs: the scorecard at once, the runs under "
     "way not scored (%.1f s)" % took, (code, runs))

# ---- progress ----------------------------------------------------------------
code, card, err, _ = oracle(slowcrash + " {}",
                            [os.path.join(CORPUS, "tracelog", "valid")],
                            "--progress", "--shrink-runs", "6")
t.ok(re.match(r"^(\r\x1b\[Ktracegate: oracle: (\d+ runs, \d+ defects? "
              r"so far|shrinking a crash, now \d+ bytes), \d+ s)+"
              r"\r\x1b\[K$", err) is not None,
     "--progress: runs, defects and the shrinking on stderr, cleared at "
     "the end", err)

# ---- usage -------------------------------------------------------------------
for args, name in [
        (["--reads", "v7", valid], "--reads of a version no format names"),
        (["--reads", "v4,", valid], "--reads with an empty item"),
        (["--sweep"], "--sweep with no folder and no --format"),
        (["--shrink-time", "-1", valid], "a negative --shrink-time")]:
    p = subprocess.run([TRACEGATE, "oracle", "--reader", "true"] + args,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    t.ok(p.returncode == 2 and p.stdout == b"" and p.stderr,
         "%s: exit 2, said on stderr" % name, (p.returncode, p.stderr))
t.done()
