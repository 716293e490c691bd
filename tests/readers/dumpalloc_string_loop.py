"""A dumpalloc reader that reads a string's bytes with a loop that never
looks for the end of the file: a string longer than what is left spins
on empty reads forever (the oracle: hang)."""
import sys

from delegate import correct_verdict


def read_exact(f, n):
    out = b""
    while len(out) < n:  # the bug: f.read() gives b"" at the end, forever
        out += f.read(min(n - len(out), 4096))
    return out


def string(f):
    return read_exact(f, int.from_bytes(f.read(4), "little"))


path = sys.argv[1]
with open(path, "rb") as f:
    while True:
        head = f.read(8)
        if len(head) < 8:
            break
        kind, length = head[:4], int.from_bytes(head[4:], "little")
        if kind == b"PROC":
            f.read(4)
            string(f)
        elif kind == b"OBJE":
            string(f)
        else:
            f.seek(length, 1)
correct_verdict("dumpalloc", path)
