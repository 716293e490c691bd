"""A NetTrace reader with a fixed cap on a block's size, set just above
the largest blocks older runtimes wrote (about 100 KiB): it rejects the
larger blocks newer runtimes write (the oracle: rejects-valid)."""
import struct
import sys

from delegate import correct_verdict

CAP = 100 * 1000
path = sys.argv[1]
data = open(path, "rb").read()
if data[12:32] == b"!FastSerialization.1":
    at = 102  # after the Trace object and its EndObject
    while at + 17 <= len(data) and data[at] == 5:
        (name_length,) = struct.unpack_from("<i", data, at + 11)
        at += 15 + max(name_length, 0) + 1  # the type, and its EndObject
        if at + 4 > len(data):
            break
        (size,) = struct.unpack_from("<i", data, at)
        if size > CAP:  # the bug
            print(f"block of {size} bytes is over the limit", file=sys.stderr)
            sys.exit(1)
        at += 4
        at += -at % 4 + max(size, 0) + 1  # padding, content, EndObject
correct_verdict("nettrace", path)
