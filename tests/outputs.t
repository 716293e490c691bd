#!/usr/bin/python3
"""outputs.t - every output tracegate writes is checked: a report, a
generated trace, the rule tables, written to a full device (/dev/full),
give exit 3 and a message naming the output, never exit 0 with a cut
report; and the verdict's byte count is the size of the input, for a file
that stops early, one that checking gives up on, and one of no known
format. Failure: another exit code or message, or a wrong byte count."""
import json
import os
import subprocess

from taplib import TRACEGATE, Scratch, Tap, run

t = Tap()
scratch = Scratch("tg-outputs-")
trace = subprocess.run([TRACEGATE, "gen", "nettrace", "--seed", "1", "--out",
                        "-"], stdout=subprocess.PIPE, check=True).stdout
path = scratch.write("g.nettrace", trace)
FULL = "No space left on device"


def to_full(*args):
    with open("/dev/full", "w") as full:
        p = subprocess.run([TRACEGATE] + list(args), stdout=full,
                           stderr=subprocess.PIPE)
    return p.returncode, p.stderr.decode()


for report in ("text", "json", "sarif", "junit", "tap"):
    code, err = to_full("check", "--report", report, path)
    t.eq((code, err), (3, "tracegate: cannot write standard output: %s\n"
                       % FULL),
         "check --report %s > /dev/full: exit 3, and says so" % report)
code, out, err = run("check", "-o", "/dev/full", path)
t.eq((code, err), (3, "tracegate: cannot write /dev/full: %s\n" % FULL),
     "check -o /dev/full: exit 3, naming the output")
code, out, err = run("check", "-o", "/dev/full", scratch.write("bad", b"x"))
t.eq(code, 3, "... an I/O error outranks the verdict of the input (4)")
for args in (("gen", "nettrace", "--out", "-"), ("gen", "dumpalloc",
                                                 "--out", "-"),
             ("rules",), ("rules", "--report", "json"),
             ("explain", "NT-HDR-001"), ("--help",)):
    code, err = to_full(*args)
    t.eq((code, err), (3, "tracegate: cannot write standard output: %s\n"
                       % FULL), "%s > /dev/full: exit 3" % " ".join(args))


def counted(data, *opts):
    code, out, err = run("check", "--report", "json", *opts,
                         scratch.write("count", data))
    return json.loads(out)["files"][0]["bytes"]


t.eq(counted(trace[:600]), 600, "a file cut at 600 bytes: 600 bytes read")
t.eq(counted(trace[:40] + b"\x07" * 4000), 4040,
     "a file whose framing is lost at byte 40: all 4040 bytes read")
t.eq(counted(b"\0" * 10000), 10000, "a file of no known format: its size")
t.eq(counted(b"\0" * 10000, "--format", "dumpalloc"), 10000,
     "a legacy dumpalloc stream, not read further: its size")
code, out, err = run("check", "--report", "json", "-", input_bytes=trace)
t.eq(json.loads(out)["files"][0]["bytes"], len(trace),
     "through stdin: the size of the stream")
t.done()
