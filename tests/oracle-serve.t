#!/usr/bin/python3
"""oracle-serve.t - `tracegate oracle --serve` keeps one reader process
for many files, and --misread-exit scores a reader on what it delivers
(spec/oracle.md, O12 and O13):

- tests/readers/nettrace_served.py, over the NetTrace corpus, is started
  again only after a run that ended it (a crash, a hang), not once per
  file; its planted bugs come out as one defect each: a crash (SIGSEGV on
  a bad magic), a hang (the v6 draft), a misread (final v6: exit 4);
- a file misread was read: it counts as taken (no "reads no v6 file"),
  and the mutants of a misread parent are not masked;
- a reader that answers 4 on everything misreads every file it must
  accept and accepts every file it must reject;
- a server that exits after each answer is asked again fresh, so no
  file is charged with the end of another's run;
- an answer that is no exit code stops the oracle (exit 3), as a reader
  that cannot be run does (both said in full); a reader command with {}
  is a usage error.
Failure: a server started per file, a planted bug missed or in the
wrong class, a misread counted as a rejection, another file's end
charged to a file, a broken answer scored as a verdict."""
import json
import os
import subprocess
import sys

from oraclelib import CORPUS, ENV, READERS, Oracle, defect_of
from taplib import TRACEGATE, Scratch, Tap

t = Tap()
scratch = Scratch("tg-oracle-serve-")
oracle = Oracle(scratch)
NETTRACE = os.path.join(CORPUS, "nettrace")
AFPERF = os.path.join(CORPUS, "afperf")
SERVED = "%s -S %s/nettrace_served.py" % (sys.executable, READERS)

# ---- the served test reader over the NetTrace corpus ---------------------
starts = scratch.path("starts")
os.environ["TG_SERVED_STARTS"] = starts
ENV["TG_SERVED_STARTS"] = starts
code, card, err, keep = oracle(SERVED, [NETTRACE], "--serve",
                               "--misread-exit", "4", "--memory", "0",
                               "--timeout", "2", "--shrink-runs", "0")
t.eq(code, 1, "served reader: exit 1, defects found")
r = card["readers"][0]
runs = r["runs"]
# what the corpus holds, from its manifest and tracegate's reading
lines = [json.loads(x) for x in open(os.path.join(NETTRACE,
                                                 "manifest.jsonl"))]
kinds = {"draft": 0, "final": 0, "magic": 0, "draft mutants": 0}
for m in lines:
    path = os.path.join(NETTRACE, m["file"])
    with open(path, "rb") as f:
        head = f.read(16)
    if not head.startswith(b"Nettrace"):
        kinds["magic"] += 1
    elif m["reader"] != "reject" and head[12:16] == b"\x06\0\0\0":
        p = subprocess.run([TRACEGATE, "check", "--report", "json", path],
                           stdout=subprocess.PIPE)
        layout = json.loads(p.stdout)["files"][0].get("layout") or ""
        draft = layout.startswith("v6 draft")
        kinds["draft" if draft else "final"] += 1
        # a legal mutant of a draft parent hangs as its parent did: masked
        kinds["draft mutants"] += draft and m["parent"] is not None
t.eq({k: runs[k] for k in ("hang", "crash", "misreads", "accepts-invalid",
                           "rejects-valid", "not-read", "unscored")},
     {"hang": kinds["draft"] - kinds["draft mutants"],
      "crash": kinds["magic"], "misreads": kinds["final"],
      "accepts-invalid": 0, "rejects-valid": 0, "not-read": 0,
      "unscored": 0},
     "served reader: the runs by class: the %d valid draft files hang (their "
     "%d legal mutants hang as they do: masked), the %d files of a bad "
     "magic crash, the %d final v6 files it must accept are misread"
     % (kinds["draft"] - kinds["draft mutants"], kinds["draft mutants"],
        kinds["magic"], kinds["final"]))
t.eq(r["verdict"],
     "reads no v6-draft file: it accepted none of the %d it must accept; "
     "3 defects found; %d mutants masked: the valid file each was made "
     "from was not read either" % (kinds["draft"], runs["masked"]),
     "served reader: the verdict takes a misread file as read")
with open(starts) as f:
    started = len(f.readlines())
ended = runs["crash"] + runs["hang"]
# each ended run costs a start (a crash two: it is asked again fresh);
# beyond those, a start per worker thread (-j 2) of each pass
t.ok(ended < started <= 2 * runs["crash"] + runs["hang"] + 8,
     "served reader: started %d times for %d runs, %d of which ended it"
     % (started, sum(runs.values()), ended))
for cls, rule, message in (
        ("crash", "NT-HDR-001",
         "exit code 139: signal 11 (Segmentation fault), as a shell "
         "reports it"),
        ("hang", None, "still running after the timeout"),
        ("misreads", "NT-FRAME-001", "misread: the events' activity")):
    d = defect_of(card, cls, rule)
    if t.ok(d is not None, "served reader: a %s under %s" % (cls, rule or
                                                             "valid files"),
            r["defects"]):
        t.eq(d["message"], message, "served reader: the %s's message" % cls)
t.eq(len(r["defects"]), 3, "served reader: one defect per planted bug")

# ---- a reader that says "misread" of every file -------------------------
code, card, err, keep = oracle(
    "sh -c 'while read p; do echo 4; done'", [AFPERF], "--serve",
    "--misread-exit", "4", "--shrink-runs", "0")
runs = card["readers"][0]["runs"]
labels = [json.loads(x) for x in open(os.path.join(AFPERF, "manifest.jsonl"))]
accept = sum(m["reader"] != "reject" for m in labels)
reject = len(labels) - accept
t.eq((code, runs["misreads"], runs["accepts-invalid"], runs["right"]),
     (1, accept, reject, 0),
     "always 4: the %d files to accept misread, the %d to reject accepted"
     % (accept, reject))
rules = len({m["rule"] for m in labels if m["reader"] == "reject"})
t.eq(card["readers"][0]["verdict"],
     "accepts everything: it accepted all %d files it must reject; "
     "%d defects found" % (reject, rules + 1), "always 4: the verdict")

# ---- a server that ends after each answer -------------------------------
once = scratch.path("once")
code, card, err, keep = oracle(
    "sh -c 'echo >> %s; read p; echo 0; exit 1'" % once, [AFPERF],
    "--serve", "--shrink-runs", "0", "-j", "1")
runs = card["readers"][0]["runs"]
t.eq((runs["right"], runs["accepts-invalid"], runs["crash"],
      runs["rejects-valid"]), (accept, reject, 0, 0),
     "ends after each answer: every file answered 0, none charged with "
     "the exit 1 after the answer")
with open(once) as f:
    t.ok(len(f.readlines()) >= accept + reject,
         "ends after each answer: started again for each file")

# ---- contract errors -----------------------------------------------------
# (oracle options, exit code, all of stderr, what is shown)
ERRORS = [
    (["--serve", "--reader", "sh -c 'while read p; do echo nope; done'"], 3,
     "tracegate: oracle: the reader answered \"nope\" under --serve, not an "
     "exit code on a line (spec/oracle.md, O12)\n",
     "an answer that is no exit code: exit 3, said"),
    (["--reader", "/no/such-reader {}"], 3,
     "tracegate: oracle: the reader exits 127 (the shell found no such "
     "command): sh: 1: /no/such-reader: not found\n",
     "a reader that cannot be run, likewise (exit 127: no such command)"),
    (["--serve", "--reader", "cat {}"], 2,
     "tracegate: oracle: with --serve a reader reads the paths on its "
     "stdin: its command has no {}\nTry 'tracegate --help'.\n",
     "--serve with {}: a usage error"),
    (["--misread-exit", "0", "--reader", "true"], 2,
     "tracegate: oracle: --misread-exit wants an exit code 1-255, not "
     "'0'\nTry 'tracegate --help'.\n",
     "--misread-exit 0: a usage error"),
]
for options, code, said, name in ERRORS:
    p = subprocess.run([TRACEGATE, "oracle"] + options + [AFPERF],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=ENV)
    t.eq((p.returncode, p.stderr.decode()), (code, said), name)
t.done()
