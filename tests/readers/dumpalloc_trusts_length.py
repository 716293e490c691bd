"""A dumpalloc reader that trusts each record's Length: it makes room
for the record before it looks whether the file holds that many bytes.
A Length of 0xFFFFFFFF asks for 4 GiB (the oracle: out-of-memory)."""
import sys

from delegate import correct_verdict

path = sys.argv[1]
data = open(path, "rb").read()
at = 0
while at + 8 <= len(data):
    length = int.from_bytes(data[at + 4:at + 8], "little")
    record = bytearray(length)  # the bug: room first, bounds never
    got = data[at + 8:at + 8 + length]
    record[:len(got)] = got
    at += 8 + length
correct_verdict("dumpalloc", path)
