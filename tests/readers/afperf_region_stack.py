"""An AFPerf reader that throws on unusual structure:
a RegionStop with no open region (pop from an empty stack), a region
never stopped (an assertion), a raw aggregate with a blank interval id
(int('')).  Records are read with Python's csv module (RFC 4180)."""
import csv
import io
import sys

from delegate import correct_verdict

TYPES = {"5": "RegionStart", "6": "RegionStop", "10": "SectionAggregate"}
path = sys.argv[1]
text = open(path, "rb").read().decode("utf-8", "replace")
regions = []
for row in csv.reader(io.StringIO(text, newline="")):
    if not row or row[0].startswith("#"):
        continue
    kind = row[0].strip()
    if kind[:1].isdigit():  # an id, decimal or hexadecimal
        kind = TYPES.get(str(int(kind, 16 if kind[:2] in ("0x", "0X") else 10)))
    if kind == "RegionStart" and len(row) > 3:
        regions.append(row[3])
    elif kind == "RegionStop":
        regions.pop()  # the bug: there may be no open region
    elif kind == "SectionAggregate" and len(row) > 4 and row[3]:
        interval = int(row[4], 0)  # the bug: blank in a raw aggregate
assert not regions, "a region was never stopped"
correct_verdict("afperf", path)
