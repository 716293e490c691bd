"""dotnetlib - the C# programs of the TraceEvent tests (interop/traceevent,
tests/dotnet/CaptureApp), as `./build.sh test` builds them into
build-interop/, and the one way a test that needs them skips.

A test that needs `dotnet` says in one line that it skipped when dotnet
is not on PATH, and fails instead under CI=true (CI must never pass
without the reference reader).
"""
import os
import shutil
import subprocess
import sys
import tempfile

from taplib import ROOT

sys.path.insert(0, os.path.join(ROOT, "interop", "traceevent"))
import agree  # noqa: E402  (the comparison, one home for it)

BIN = os.path.join(ROOT, "build-interop", "bin")
READER = os.path.join(BIN, "TraceEventReader", "release", "traceevent-reader")
CAPTURE_APP = os.path.join(BIN, "CaptureApp", "release", "capture-app")


def require(*programs):
    """Stop the test here, in one line, when the programs cannot be run:
    a skip, or under CI=true a failure."""
    why = None
    if shutil.which("dotnet") is None:
        why = "dotnet is not on PATH: the TraceEvent reference reader " \
              "cannot run"
    else:
        missing = [p for p in programs if not os.access(p, os.X_OK)]
        if missing:
            why = "not built (./build.sh test builds it): " + \
                  os.path.relpath(missing[0], ROOT)
    if why is None:
        return
    if os.environ.get("CI") == "true":
        print("not ok 1 - %s (CI=true: this must not be skipped)" % why)
        print("1..1")
        sys.exit(1)
    print("1..0 # SKIP " + why)
    sys.exit(0)


def traceevent(paths):
    """TraceEvent's output for each file, read from one process:
    {path: (event lines, outcome line)}.  Names must differ."""
    out = tempfile.mkdtemp(prefix="tg-te-")
    try:
        subprocess.run([READER, "--out", out, "-"],
                       input="\n".join(paths).encode(),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        result = {}
        for p in paths:
            name = os.path.join(out, os.path.basename(p) + ".jsonl")
            if not os.path.exists(name):  # the process died on it
                result[p] = ([], {"outcome": "failed", "type": "?",
                                  "message": "no output"})
                continue
            with open(name, "rb") as f:
                result[p] = agree.read_lines(f.read().decode("utf-8"))
        return result
    finally:
        shutil.rmtree(out, ignore_errors=True)


def tracegate_events(tracegate, path, *options):
    """`tracegate events`'s output for path: (event lines, outcome)."""
    p = subprocess.run([tracegate, "events", *options, path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return agree.read_lines(p.stdout.decode("utf-8"))


def verdict(path, tg, te):
    """What TraceEvent did with a file, against tracegate's reading of it:
    'rejects: MESSAGE' (its own format exceptions), 'fails: TYPE' (any
    other exception), 'misreads: WHAT' (it read the file, and its events,
    the events it counts lost or the payload fields it could decode are
    not what the bytes say), or 'reads'.  tg and te are (lines, outcome) pairs."""
    lines, end = te
    if end.get("outcome") == "rejected":
        return "rejects: " + end.get("message", "")
    if end.get("outcome") != "read":
        return "fails: " + end.get("type", "").split(".")[-1]
    kind, detail = agree.compare_delivered(path, tg, te)
    if kind == "agree":
        return "reads"
    if "traceevent_events_lost" in detail:
        return "misreads: events lost"
    if detail.get("keys_that_differ") == ["payload_fits"]:
        return "misreads: payload fields"
    return "misreads: events"
