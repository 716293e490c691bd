"""A v4/v5 NetTrace reader that makes a slice of a StackBlock's Count
stacks before it reads them, as a Go reader's make([]Stack, count) does:
a Count of -1 read as an int32 panics ("makeslice: len out of range").
Only a Count of 0 draws a finding at the Count itself (a count is read
until the block ends), so the sweep must find the field by that."""
import struct
import sys

from delegate import correct_verdict

path = sys.argv[1]
data = open(path, "rb").read()
at = data.find(b"StackBlock")
while at >= 0:
    size_at = at + len("StackBlock") + 1  # after the type's EndObject
    body = size_at + 4 + (-(size_at + 4) % 4)  # padded to 4
    if body + 8 <= len(data):
        (count,) = struct.unpack_from("<i", data, body + 4)
        if count < 0:  # the bug
            print("panic: runtime error: makeslice: len out of range",
                  file=sys.stderr)
            sys.exit(2)
    at = data.find(b"StackBlock", at + 1)
correct_verdict("nettrace", path)
