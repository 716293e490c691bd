#!/usr/bin/python3
"""framing_floor.py FILE... - how many instructions a byte reading a
NetTrace v4/v5 capture's event rows, or an AFPerf file's fields, costs
when nothing is checked, next to what `tracegate check` takes on the
same file (issue 13).

A file with no NUL in its first 4 KiB is taken for AFPerf text (with or
without its "# AFPerf" line) and read as it is by tools/afperf_floor.c.
A file that opens as a v4/v5 NetTrace capture does ("Nettrace", then
the serialization header "!FastSerialization.1") is walked as below;
any other (a v6 trace, a v3 .netperf) is listed as skipped.  Of a
capture, the object stream (NetTraceFormat_v5.md: the magic, the
serialization header, then objects of a type header and a payload; a
block's payload is its size, padding to 4, its bytes) is walked here, in
Python, and the rows of each compressed EventBlock are written out for
tools/framing_floor.c.  Each walker is built with `cc -O2`; callgrind
counts it twice, reading only and walking the rows or fields; the
difference, divided by the file's size, is the floor printed.  The file
is trusted: a capture that is not a well-formed v4/v5 trace stops the
script.

Env: TRACEGATE (default build/tracegate), CC (default cc)."""
import os
import re
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def event_rows(data):
    """The rows of each compressed EventBlock, length-prefixed."""
    out = bytearray()
    p = 8 + 4 + struct.unpack_from("<i", data, 8)[0]  # Nettrace, header
    # NullReference ends the stream; a capture cut after a whole object
    # ends with it
    while p < len(data) and data[p] != 1:
        if data[p:p + 3] != b"\x05\x05\x01":
            raise ValueError("no object at offset %d" % p)
        name_len = struct.unpack_from("<i", data, p + 11)[0]
        name = data[p + 15:p + 15 + name_len].decode("ascii")
        p += 15 + name_len + 1  # the type's EndObject
        if name == "Trace":
            p += 48
        else:
            size = struct.unpack_from("<i", data, p)[0]
            p += 4
            p += -p % 4
            content = data[p:p + size]
            p += size
            header, flags = struct.unpack_from("<hh", content)
            if name == "EventBlock" and flags & 1:
                out += struct.pack("<I", size - header) + content[header:]
        p += 1  # the object's EndObject
    return bytes(out)


def instructions(argv, exits=(0,)):
    """What argv prints, and the instructions callgrind counts it take;
    an exit code not in exits stops the script."""
    run = subprocess.run(["valgrind", "--tool=callgrind",
                          "--callgrind-out-file=/dev/null"] + argv,
                         capture_output=True, text=True)
    if run.returncode not in exits:
        sys.exit("framing_floor.py: %s exited %d: %s" % (
            " ".join(argv), run.returncode, run.stdout + run.stderr))
    count = int(re.search(r"Collected : (\d+)", run.stderr).group(1))
    return run.stdout, count


V45_MAGIC = b"Nettrace\x14\0\0\0!FastSerialization.1"


def walk_input(path, data, tmp):
    """The walker for path (its source file's stem), the file it reads,
    and the format `check` is told; None for a file neither walks."""
    if b"\0" not in data[:4096]:
        return "afperf_floor", path, "afperf"
    if not data.startswith(V45_MAGIC):
        return None
    rows = os.path.join(tmp, "rows")
    with open(rows, "wb") as out:
        out.write(event_rows(data))
    return "framing_floor", rows, "nettrace"


def main():
    tg = os.environ.get("TRACEGATE", os.path.join(ROOT, "build/tracegate"))
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("framing_floor", "afperf_floor"):
            subprocess.run([os.environ.get("CC", "cc"), "-O2", "-o",
                            os.path.join(tmp, name),
                            os.path.join(ROOT, "tools", name + ".c")],
                           check=True)
        print("| file | bytes | rows or records walked | floor, instructions "
              "a byte | `check`, instructions a byte | ratio |")
        print("|---|---:|---:|---:|---:|---:|")
        for path in sys.argv[1:]:
            with open(path, "rb") as f:
                data = f.read()
            walk_with = walk_input(path, data, tmp)
            if walk_with is None:
                print("| %s | %d | skipped: neither AFPerf text nor a v4/v5 "
                      "capture | | | |" % (os.path.basename(path), len(data)))
                continue
            name, walked_file, fmt = walk_with
            walker = os.path.join(tmp, name)
            walked, walk = instructions([walker, walked_file, "walk"])
            floor = (walk - instructions([walker, walked_file])[1]) / len(data)
            # a verdict (findings, exit 1; a cut input, 7) costs what it
            # costs: the file is measured
            check = instructions([tg, "check", "--format", fmt, path],
                                 (0, 1, 7))[1] / len(data)
            print("| %s | %d | %s | %.2f | %.2f | %.2f |" % (
                os.path.basename(path), len(data), walked.split()[0],
                floor, check, check / floor))


if __name__ == "__main__":
    main()
