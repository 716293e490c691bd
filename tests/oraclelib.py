"""oraclelib - what the oracle's tests share: running `tracegate oracle`
with a reader over folders, and the planted-defect readers of
tests/readers/ as commands."""
import json
import os
import subprocess
import sys

from taplib import ROOT, TRACEGATE

BUILD = os.environ.get("TG_BUILD_DIR") or os.path.join(ROOT, "build")
CORRECT = os.path.join(BUILD, "tests", "correct-reader")
ENV = dict(os.environ, TG_CORRECT_READER=CORRECT)
READERS = os.path.join(ROOT, "tests", "readers")
CORPUS = os.path.join(ROOT, "corpus")


class Oracle:
    """Runs of the oracle, each with a keep folder of its own in scratch."""

    def __init__(self, scratch):
        self.scratch = scratch
        self.runs = 0

    def argv(self, reader, folders, opts, report, keep):
        return ([TRACEGATE, "oracle", "--report", report, "-j", "2",
                 "--keep", keep, "--reader", reader] + list(opts) +
                list(folders))

    def keep(self):
        self.runs += 1
        return self.scratch.path("keep%d" % self.runs)

    def __call__(self, reader, folders, *opts, report="json"):
        """@return (exit code, parsed or raw report, stderr, keep folder)"""
        keep = self.keep()
        p = subprocess.run(self.argv(reader, folders, opts, report, keep),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=ENV)
        out = p.stdout.decode("utf-8", "replace")
        if report == "json" and out:
            out = json.loads(out)
        return p.returncode, out, p.stderr.decode("utf-8", "replace"), keep


def python_reader(name):
    """The command of the planted reader tests/readers/NAME.py."""
    # -S: no site module, a quarter of the start-up of a reader run
    return "%s -S %s/%s.py {}" % (sys.executable, READERS, name)


def defect_of(card, cls, rule):
    """The defect of class cls that showed under rule (one per cause: the
    rule is among its evidence), or None."""
    for d in card["readers"][0]["defects"]:
        if d["class"] == cls and any(r["rule"] == rule for r in d["rules"]):
            return d
    return None
