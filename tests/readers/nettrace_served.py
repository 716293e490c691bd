"""A NetTrace reader that speaks `tracegate oracle --serve` (spec/oracle.md,
O12): one process for many files, a path a line on stdin, its exit code
a line on stdout.  The verdict is correct-reader's; the planted bugs:

- it ignores v6 LabelList blocks, so the activity ids of a v6 file's
  events are not what the bytes hold: the harness it stands for says
  "misread: ..." and answers 4 (the oracle, with --misread-exit 4:
  misreads);
- it dies of SIGSEGV on a file whose magic is not "Nettrace" (crash);
- it never answers about a file of the v6 draft (hang).

Each start appends a line to $TG_SERVED_STARTS, so a test can count how
often the oracle had to start it."""
import os
import signal
import struct
import subprocess
import sys


def kinds(data):
    """The kinds of the blocks of a v6 file."""
    at, out = 20, []
    while at + 4 <= len(data):
        (header,) = struct.unpack_from("<I", data, at)
        out.append(header >> 24)
        at += 4 + (header & 0xFFFFFF)
    return out


starts = os.environ.get("TG_SERVED_STARTS")
if starts:
    with open(starts, "a") as f:
        f.write("start\n")
reader = os.environ["TG_CORRECT_READER"]
for line in sys.stdin:
    path = line.rstrip("\n")
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(b"Nettrace"):
        os.kill(os.getpid(), signal.SIGSEGV)
    p = subprocess.run([reader, "nettrace", path], stderr=subprocess.PIPE)
    code = p.returncode
    sys.stderr.write(p.stderr.decode("utf-8", "replace"))
    if code == 0 and data[8:12] == b"\0\0\0\0":
        # the generated final v6 files have LabelList (8) and RemoveThread
        # (7) blocks, which the draft has not
        if {7, 8} & set(kinds(data)):
            sys.stderr.write("misread: the events' activity\n")
            code = 4
        else:
            signal.pause()
    sys.stderr.flush()
    print(code, flush=True)
