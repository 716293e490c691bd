#!/usr/bin/env python3
"""oracle_server.py - TraceEvent as a reader for `tracegate oracle --serve`,
judged on what it delivers as well as on what it turns down.

    tracegate oracle --serve --misread-exit 4 \\
        --reader 'interop/traceevent/oracle_server.py' ...

It speaks the oracle's --serve protocol (spec/oracle.md, O12): a path a
line on stdin, and for each, after what the reader says on stderr, its
exit code a line on stdout.  Each file is read by traceevent-reader
--serve, started once and kept (it takes 0.1 s to start and reads a
small file in a millisecond), and:

  0  TraceEvent read it, and delivered what `tracegate events` says the
     bytes hold (agree.py: its events, the events it counts lost, every
     payload it decodes where tracegate decodes it);
  1  TraceEvent turned it down: its FormatException, on stderr;
  3  TraceEvent failed: any other exception, on stderr as the .NET runtime
     reports an unhandled one (the oracle's crash pattern knows it);
  4  TraceEvent read it, and delivered something else: "misread: ..." on
     stderr says which keys differ (--misread-exit 4).

When `tracegate events` cannot run or fails on a file, the answer is
"harness error: ...", which is no exit code: the oracle stops and says so
(spec/oracle.md, O12), rather than charge TraceEvent with it.
When traceevent-reader dies (a stack overflow kills a .NET process), this
program exits as it did, after relaying what it wrote: the oracle scores
the run by that, and starts the server again for the next file.
Environment: TRACEGATE (default build/tracegate), TRACEEVENT_READER.
"""
import os
import select
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import agree  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
TRACEGATE = os.environ.get("TRACEGATE") or os.path.join(
    ROOT, "build", "tracegate")
READER = os.environ.get("TRACEEVENT_READER") or os.path.join(
    ROOT, "build-interop", "bin", "TraceEventReader", "release",
    "traceevent-reader")
MISREAD = 4


def relay(stream):
    """Whatever the reader wrote on stderr that is there now, to ours."""
    out = b""
    while select.select([stream], [], [], 0)[0]:
        chunk = os.read(stream.fileno(), 65536)
        if not chunk:
            break
        out += chunk
    sys.stderr.write(out.decode("utf-8", "replace"))
    sys.stderr.flush()


def misread(path, lines_at):
    """What TraceEvent delivered from path, against tracegate's reading:
    None if it is what the bytes hold, else the keys that differ."""
    with open(lines_at, "rb") as f:
        te = agree.read_lines(f.read().decode("utf-8"))
    p = subprocess.run([TRACEGATE, "events", path], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    tg = agree.read_lines(p.stdout.decode("utf-8"))
    if p.returncode < 0 or p.returncode >= 64 or "events" not in tg[1]:
        raise OSError("tracegate events ended with %d on %s" % (
            p.returncode, path))
    kind, detail = agree.compare_delivered(path, tg, te)
    if kind == "agree":
        return None
    if "traceevent_events_lost" in detail:
        return "events lost: TraceEvent %d, the file %d" % (
            detail["traceevent_events_lost"],
            detail["tracegate_events_lost"])
    keys = detail.get("keys_that_differ") or ["the number of events"]
    return "the events' %s" % ", ".join(keys)


def main():
    out = tempfile.mkdtemp(prefix="tg-te-serve-")
    # a heap limit, so that an allocation a file asks for ends in
    # OutOfMemoryException (out-of-memory) and not in the machine's swap
    env = dict(os.environ)
    env.setdefault("DOTNET_GCHeapHardLimit", "0x80000000")  # 2 GiB
    reader = subprocess.Popen([READER, "--serve", "--out", out],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=env)
    try:
        for line in sys.stdin:
            path = line.rstrip("\n")
            reader.stdin.write((path + "\n").encode())
            reader.stdin.flush()
            answer = reader.stdout.readline()
            relay(reader.stderr)
            if not answer:  # it died on this file: end as it did
                code = reader.wait()
                relay(reader.stderr)
                sys.exit(128 - code if code < 0 else code)
            code = int(answer)
            lines_at = os.path.join(out, os.path.basename(path) + ".jsonl")
            if code == 0:
                try:
                    why = misread(path, lines_at)
                except OSError as e:
                    # the harness cannot judge: no answer the oracle would
                    # score (it stops, and says this), not a reader defect
                    print("harness error: %s" % e, flush=True)
                    return
                if why:
                    sys.stderr.write("misread: %s\n" % why)
                    sys.stderr.flush()
                    code = MISREAD
            if os.path.exists(lines_at):
                os.unlink(lines_at)
            print(code, flush=True)
    finally:
        reader.kill()
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
