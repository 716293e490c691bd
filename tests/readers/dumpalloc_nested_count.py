"""A dumpalloc reader that reads a string's byte count as a signed int32
and makes a buffer of that size.  It guards the counts of the top-level
records (PROC and OBJE names) but not those inside a PCAL frame, the
unit nested in an allocation's frame list: a count of -1 there makes
bytearray() fail (the oracle: a crash that a sweep of the valid files
finds without --fuzz)."""
import struct
import sys

from delegate import correct_verdict

path = sys.argv[1]
data = open(path, "rb").read()
at = 0
while at + 8 <= len(data):
    kind = data[at:at + 4]
    (length,) = struct.unpack_from("<I", data, at + 4)
    body = data[at + 8:at + 8 + length]
    if kind in (b"PROC", b"OBJE"):
        start = 4 if kind == b"PROC" else 0
        if len(body) >= start + 4 and \
                struct.unpack_from("<i", body, start)[0] < 0:
            print("negative name length", file=sys.stderr)
            sys.exit(1)
    elif kind == b"FRAM" and body[:4] == b"PCAL" and len(body) >= 8:
        (count,) = struct.unpack_from("<i", body, 4)
        function = bytearray(count)  # the bug: a nested count unguarded
        function[:] = body[8:8 + count]
    at += 8 + length
correct_verdict("dumpalloc", path)
