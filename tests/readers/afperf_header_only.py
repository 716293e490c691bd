"""An AFPerf reader that accepts whatever follows a valid header (the
oracle: accepts-invalid, for every rule past the header)."""
import sys

from delegate import correct_verdict

path = sys.argv[1]
if open(path, "rb").read(16).startswith(b"# AFPerf v1"):
    sys.exit(0)  # the bug: the records are never read
correct_verdict("afperf", path)
