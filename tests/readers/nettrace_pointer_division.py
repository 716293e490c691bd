"""A NetTrace reader that divides by the Trace object's PointerSize (to
count the frames of a stack) before it checks the value: 0 divides by
zero (the oracle: crash).  v4/v5 files: PointerSize is at byte 85, after
the 32-byte header, the Trace object's 21-byte header and 32 bytes of
its fields (NetTraceFormat_v5.md)."""
import struct
import sys

from delegate import correct_verdict

path = sys.argv[1]
data = open(path, "rb").read(128)
if data[12:32] == b"!FastSerialization.1" and len(data) >= 89:
    (pointer_size,) = struct.unpack_from("<i", data, 85)
    frames_per_kib = 1024 // pointer_size  # the bug: PointerSize may be 0
correct_verdict("nettrace", path)
