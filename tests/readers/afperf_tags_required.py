"""An AFPerf reader that takes the tags of a RegionStart, an optional
set, to be required: a blank tags field, what the real writer always
writes, is an error to it (the oracle: rejects-valid)."""
import csv
import io
import sys

from delegate import correct_verdict

path = sys.argv[1]
text = open(path, "rb").read().decode("utf-8", "replace")
for row in csv.reader(io.StringIO(text, newline="")):
    if row and row[0] in ("RegionStart", "5") and len(row) == 6 and not row[5]:
        print("RegionStart without tags", file=sys.stderr)  # the bug
        sys.exit(1)
correct_verdict("afperf", path)
