"""An AFPerf reader with two crashes, the first hiding the second: it
dies on the first value of an `enum` measurement (in every generated
file), and, behind that, it recurses once a region and overflows its
stack on regions nested three deep (every generated file has them).
Every valid file crashes on the enum first, and every mutant of one
crashes alike: the oracle must make the files simpler, away from the
enum values, to reach the overflow, and say which crash it was behind."""
import csv
import io
import sys

from delegate import correct_verdict

path = sys.argv[1]
text = open(path, "rb").read().decode("utf-8", "replace")
rows = [row for row in csv.reader(io.StringIO(text, newline=""))
        if row and not row[0].startswith("#")]
enums = {(row[2], row[3]) for row in rows
         if row[0].strip() in ("1", "MeasurementType") and len(row) > 5 and
         row[5] == "enum"}
run = None
for row in rows:
    kind = row[0].strip()
    if kind in ("8", "RunInfo") and len(row) > 5:
        run = row[5]
    if kind in ("4", "9", "RegionPoint", "RunPoint"):
        for k in range(3, len(row) - 1, 2):  # the pairs' type ids
            if (run, row[k]) in enums:  # bug one
                raise NotImplementedError("enum measurement values")


def region(at, depth):
    """read a region's records to its RegionStop: a frame a region"""
    if depth == 3:  # bug two, as a reader with a small stack overflows
        raise RecursionError("maximum recursion depth exceeded")
    while at < len(rows):
        kind = rows[at][0].strip()
        at += 1
        if kind in ("5", "RegionStart"):
            at = region(at, depth + 1)
        elif kind in ("6", "RegionStop"):
            return at
    return at


region(0, 0)
correct_verdict("afperf", path)
