"""An AFPerf reader with two bugs, the first hiding the second: it turns
down any file that declares an `enum` measurement (legal, and in every
generated file), and it dies of SIGSEGV on a RegionStop with no open
region, as a C++ reader popping an empty stack does.  Every mutant of a
generated parent is turned down for the enum first, so the oracle must
score those rejections "masked", never "right"."""
import csv
import io
import os
import signal
import sys

from delegate import correct_verdict

path = sys.argv[1]
text = open(path, "rb").read().decode("utf-8", "replace")
rows = [row for row in csv.reader(io.StringIO(text, newline=""))
        if row and not row[0].startswith("#")]
for row in rows:
    if row[0].strip() in ("1", "MeasurementType") and len(row) > 5 and \
            row[5] == "enum":
        print("unsupported datatype 'enum'", file=sys.stderr)  # bug one
        sys.exit(1)
depth = 0
for row in rows:
    kind = row[0].strip()
    if kind in ("5", "RegionStart"):
        depth += 1
    elif kind in ("6", "RegionStop"):
        if depth == 0:  # bug two: no open region to pop
            os.kill(os.getpid(), signal.SIGSEGV)
        depth -= 1
correct_verdict("afperf", path)
