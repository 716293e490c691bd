"""A NetTrace reader that knows the v4/v5 layout only: it turns down every
file whose header names major version 6, the draft's and the final
layout's alike, with one message (the oracle: one rejects-valid cause,
"rejects every v6 file"; with --reads v4,v5, those files are not read)."""
import struct
import sys

from delegate import correct_verdict

path = sys.argv[1]
data = open(path, "rb").read(64)
if data[:8] == b"Nettrace" and len(data) >= 16 and \
        struct.unpack_from("<I", data, 12)[0] == 6:
    print("open trace: invalid NetTrace header", file=sys.stderr)  # the bug
    sys.exit(1)
correct_verdict("nettrace", path)
