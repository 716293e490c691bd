#!/usr/bin/python3
"""oracle-afl.t - `tracegate oracle --engine afl` (spec/oracle.md O15):
AFL++ makes the inputs, guided by the reader's coverage, with
tracegate's mutations, and the oracle judges every input it kept.

- the planted readers of tests/readers/afl/ (built with afl-cc by
  build.sh), their bug one step deep, one per format with a native
  reader (NetTrace, AFPerf, TraceLog): the campaign finds each crash,
  and the scorecard has it as a crash defect with a reproducer that
  still crashes the reader, and the campaign's figures (executions,
  queue, edges over time rising to the edges reached, every kept input
  judged);
- the text readers with their bug two records deep (a region or a
  thread numbered past 2^16, then named again): tracegate's mutations
  reach it within the test's budget;
- TraceEvent under SharpFuzz (interop/traceevent-fuzz, the worked
  example of a .NET harness): coverage from SharpFuzz, thousands of
  edges of TraceEvent reached, every kept input judged, and no run
  scored as a crash unless TraceEvent threw something other than its
  own FormatException;
- a reader AFL++ cannot see into (tracegate's correct reader, built
  without afl-cc) gets the black-box oracle for the same time, and the
  scorecard says so;
- usage: --engine afl wants --fuzz and a command it can run without a
  shell, and --mutations wants --engine afl; afl-fuzz missing is said.
Failure: a planted crash not found or in the wrong class, a reproducer
that does not crash, figures missing or inconsistent, a reader without
coverage run under AFL++, a usage error accepted."""
import os
import subprocess

from oraclelib import CORRECT, ENV, Oracle
from taplib import ROOT, TRACEGATE, Scratch, Tap

t = Tap()
AFL_BUILD = os.path.join(ROOT, "build-afl-oracle")
READERS = os.path.join(AFL_BUILD, "readers")
MUTATOR = os.path.join(AFL_BUILD, "tracegate-afl-mutator.so")


def have_afl():
    return (subprocess.run(["sh", "-c", "command -v afl-fuzz"],
                           stdout=subprocess.DEVNULL).returncode == 0 and
            os.path.exists(MUTATOR) and os.path.isdir(READERS))


if not have_afl():
    why = "afl-fuzz or build-afl-oracle/ missing (./build.sh test builds it)"
    if os.environ.get("CI") == "true":
        t.ok(False, "AFL++ and the planted readers are there", why)
    else:
        t.skip("the oracle's AFL++ engine", why)
    t.done()

scratch = Scratch("tg-oracle-afl-")
oracle = Oracle(scratch)
ENV["TRACEGATE_AFL_MUTATOR"] = MUTATOR
os.environ["TRACEGATE_AFL_MUTATOR"] = MUTATOR


def campaign(reader, fmt, seconds, *opts, report="json"):
    """@return (exit code, scorecard, stderr, keep folder)"""
    return oracle(reader, [], "--engine", "afl", "--format", fmt, "--fuzz",
                  str(seconds), "-j", "1", "--timeout", "2",
                  "--shrink-time", "5", "--seed", "1", *opts, report=report)


def crashes(reader_file, path):
    p = subprocess.run([reader_file, path], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    return p.returncode == -11


def afl_said(keep):
    """AFL++'s own figures, from the main instance's fuzzer_stats."""
    path = os.path.join(keep, "campaign", "out", "main", "fuzzer_stats")
    said = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                key, _, value = line.partition(":")
                said[key.strip()] = value.strip()
    return said


def check_campaign(name, code, card, err, keep, reader_file, instances=1):
    """The planted crash found, and the campaign's figures consistent."""
    t.eq(code, 1, "%s: exit 1, a defect found" % name)
    if not isinstance(card, dict):
        t.ok(False, "%s: a JSON scorecard" % name, err)
        return
    c = card["campaign"]
    t.eq((c["coverage"], c["mutations"], c["instances"]),
         ("afl-cc", "tracegate's and havoc", instances),
         "%s: AFL++ with coverage from afl-cc and tracegate's mutations"
         % name)
    r = card["readers"][0]
    t.ok(c["executions"] > 1000 and c["queue"] >= 8 and c["edges"] > 0 and
         c["judged"] >= c["queue"] and r["runs"]["crash"] >= 1,
         "%s: %d executions, %d in the queue, %d edges, %d inputs judged, "
         "%d crash runs" % (name, c["executions"], c["queue"], c["edges"],
                            c["judged"], r["runs"]["crash"]), c)
    said = afl_said(keep)
    t.eq((c["afl_edges"], "%.2f%%" % c["stability"]),
         (int(said.get("edges_found", -1)), said.get("stability")),
         "%s: AFL++'s edge count and stability, as its fuzzer_stats says"
         % name)
    curve = c["edges_over_time"]
    t.ok(len(curve) >= 2 and curve[-1][1] == c["edges"] and
         all(a[0] <= b[0] and a[1] <= b[1] for a, b in zip(curve, curve[1:])),
         "%s: edges over time rise to the %d reached (%d points)"
         % (name, c["edges"], len(curve)), curve)
    found = [d for d in r["defects"] if d["class"] == "crash"]
    t.eq(len(found), 1, "%s: one crash defect" % name)
    if found:
        d = found[0]
        repro = d["minimal"] or d["example"]
        t.ok("signal 11" in d["message"] and crashes(reader_file, repro),
             "%s: %s, and its reproducer still crashes the reader"
             % (name, d["message"]), d)


# ---- the shallow planted bugs, one per format ----------------------------
# (NetTrace under its default profile: one seed, v4/v5, which is what the
# reader reads; its bug needs a row's field count and its events' payloads
# changed together, which the relayout makes: found within 7 to 25 s in
# four seeds of 30 s, two campaigns at a time, so 60 s here; TraceLog with
# two instances, a main and a secondary)
for fmt, reader, seconds, opts, instances in (
        ("nettrace", "nettrace-deep-shallow", 60, ("--profile", "default"),
         1),
        ("afperf", "afperf-deep-shallow", 30, (), 1),
        ("tracelog", "tracelog-deep-shallow", 30, ("-j", "2"), 2)):
    path = os.path.join(READERS, reader)
    code, card, err, keep = campaign(path + " {}", fmt, seconds, *opts)
    check_campaign(reader, code, card, err, keep, path, instances)
    if instances == 2:
        t.ok(all(os.path.isdir(os.path.join(keep, "campaign", "out", name))
                 for name in ("main", "s1")),
             "%s: -j 2 ran a main instance and a secondary" % reader)

# ---- the text formats: two records that must agree ------------------------
for fmt, reader in (("afperf", "afperf-deep"), ("tracelog", "tracelog-deep")):
    path = os.path.join(READERS, reader)
    code, card, err, keep = campaign(path + " {}", fmt, 60)
    check_campaign(reader, code, card, err, keep, path)

# ---- the text scorecard and markdown carry the campaign ---------------------
path = os.path.join(READERS, "tracelog-deep-shallow")
code, text, err, keep = campaign(path + " {}", "tracelog", 5, report="text")
first = text.splitlines()[0] if text else ""
t.ok(first.startswith("campaign: AFL++, coverage from afl-cc, tracegate's "
                      "and havoc mutations, 1 instance, ") and
     text.splitlines()[1].startswith("edges over time: 0 s "),
     "text scorecard: the campaign's line and its edges over time first",
     text[:600])
code, md, err, keep = campaign(path + " {}", "tracelog", 5, "--mutations",
                               "havoc", report="markdown")
t.ok("campaign: AFL++, coverage from afl-cc, havoc mutations" in md and
     "\n| seconds | edges |\n|---:|---:|\n| 0 | " in md,
     "markdown scorecard: --mutations havoc named, and the edges table", md)

# ---- TraceEvent under SharpFuzz --------------------------------------------
HARNESS = os.path.join(ROOT, "build-interop", "bin", "TraceEventFuzz",
                       "release", "traceevent-fuzz.dll")
if not os.path.exists(HARNESS):
    why = "no dotnet build of interop/traceevent-fuzz (./build.sh test)"
    if os.environ.get("CI") == "true":
        t.ok(False, "the SharpFuzz harness of TraceEvent is built", why)
    else:
        t.skip("TraceEvent under SharpFuzz", why)
else:
    # (traceevent-compat: what TraceEvent is held to; --memory 0: .NET
    # reserves more address space than the default cap)
    code, card, err, keep = campaign("dotnet %s {}" % HARNESS, "nettrace", 30,
                                     "--profile", "traceevent-compat",
                                     "--memory", "0", "--timeout", "10")
    c = card.get("campaign", {}) if isinstance(card, dict) else {}
    r = card["readers"][0] if isinstance(card, dict) else {"defects": []}
    wrong = [d for d in r["defects"] if d["class"] == "crash" and
             "FormatException" in d["message"]]
    t.ok(c.get("coverage") == "SharpFuzz" and c.get("executions", 0) > 50 and
         c.get("edges", 0) > 1000 and c.get("judged", 0) >= c.get("queue", 1)
         and not wrong,
         "TraceEvent under SharpFuzz: %s executions, %s edges, %s inputs "
         "judged, no FormatException taken for a crash"
         % (c.get("executions"), c.get("edges"), c.get("judged")),
         (err, c, wrong))
    # every setting at once (SharpFuzz's, the mutator's, the black-box
    # kind's): the environment they go into overflowed once
    code, card, err, keep = campaign("dotnet %s {}" % HARNESS, "nettrace", 5,
                                     "--profile", "traceevent-compat",
                                     "--memory", "0", "--timeout", "10",
                                     "--mutations", "black-box",
                                     "--shrink-runs", "0")
    c = card.get("campaign", {}) if isinstance(card, dict) else {}
    t.ok(code in (0, 1) and c.get("mutations") == "the black-box oracle's"
         and c.get("coverage") == "SharpFuzz" and c.get("judged", 0) > 0,
         "TraceEvent under SharpFuzz with --mutations black-box: a "
         "scorecard (%s inputs judged)" % c.get("judged"), (code, err[-800:]))

# ---- a reader without coverage: the black-box oracle instead --------------
# (--memory 0: the test build's reader has AddressSanitizer)
code, card, err, keep = oracle("%s dumpalloc {}" % CORRECT, [], "--engine",
                               "afl", "--format", "dumpalloc", "--fuzz", "3",
                               "-j", "1", "--memory", "0")
t.ok(code == 0 and card["campaign"] == {
    "coverage": "none", "mutations": "the black-box oracle's"} and
     card["readers"][0]["defects"] == [] and
     sum(card["readers"][0]["runs"].values()) > 0,
     "a reader built without afl-cc: the black-box oracle ran, no defect",
     (code, err, card if isinstance(card, dict) else None))

# ---- usage ------------------------------------------------------------------
def usage(args, want, name):
    p = subprocess.run([TRACEGATE, "oracle"] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=ENV)
    err = p.stderr.decode()
    t.ok(p.returncode == 2 and want in err, name, (p.returncode, err))


reader = os.path.join(READERS, "afperf-deep-shallow") + " {}"
usage(["--engine", "afl", "--reader", reader, "--format", "afperf"],
      "oracle: --engine afl runs one --reader for --fuzz SECONDS, without "
      "--serve", "--engine afl without --fuzz: usage error")
usage(["--engine", "afl", "--reader", reader + " | cat", "--format",
       "afperf", "--fuzz", "1"],
      "tracegate: oracle: --engine afl runs the reader itself, without a "
      "shell: its command may quote words but not use | & ; < > ( ) $ ` \\ "
      "* ? ~\n", "a reader command that needs a shell: usage error")
usage(["--mutations", "havoc", "--reader", reader, "--format", "afperf",
       "--fuzz", "1"], "oracle: --mutations is for --engine afl",
      "--mutations without --engine afl: usage error")
usage(["--engine", "afl", "--mutations", "bytes", "--reader", reader,
       "--format", "afperf", "--fuzz", "1"],
      "oracle: --mutations tracegate|havoc|black-box",
      "--mutations of no such kind: usage error")

env = dict(ENV, PATH="/nonexistent")
p = subprocess.run([TRACEGATE, "oracle", "--engine", "afl", "--reader",
                    reader, "--format", "afperf", "--fuzz", "1", "--keep",
                    scratch.path("nopath")], stdout=subprocess.PIPE,
                   stderr=subprocess.PIPE, env=env)
t.ok(p.returncode == 3 and p.stderr.decode() ==
     "tracegate: oracle: --engine afl needs afl-fuzz and afl-showmap on "
     "PATH (Debian: apt-get install afl++)\n",
     "afl-fuzz not on PATH: said, exit 3", (p.returncode, p.stderr))

t.done()
