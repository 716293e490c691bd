"""An AFPerf reader that unescapes free text with eval(): the summary and
description of a MeasurementType, and a RegionStart's label, become
eval("'" + text + "'"), a quick hack that works on plain text. Text that
closes the quote runs as code (the oracle: executes-input, on a valid
hostile file). It swallows the errors eval raises, so nothing else shows."""
import csv
import io
import sys

from delegate import correct_verdict

FIELDS = {"MeasurementType": (7, 8), "1": (7, 8),
          "RegionStart": (4,), "5": (4,)}
path = sys.argv[1]
text = open(path, "rb").read().decode("utf-8", "replace")
try:
    rows = list(csv.reader(io.StringIO(text, newline="")))
except csv.Error:
    rows = []
for row in rows:
    for i in FIELDS.get(row[0] if row else "", ()):
        if i < len(row):
            try:
                eval("'" + row[i] + "'")  # the bug
            except Exception:
                pass
correct_verdict("afperf", path)
