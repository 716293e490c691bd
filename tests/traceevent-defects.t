#!/usr/bin/python3
"""traceevent-defects.t - the defects `tracegate oracle` found in
TraceEvent 4.0.0 (interop/traceevent/evidence.sh; reports/traceevent.md),
each kept as its shrunk reproducer in tests/traceevent/defects/, with the
write-up a TraceEvent maintainer can act on in that folder's README.md.

For each reproducer:
- tracegate reports the rule at the offset the write-up names (the
  bytes at fault), under the profile the file was made for: a check that
  the reproducer is what the write-up says, and that tracegate's reading
  of it did not move;
- TraceEvent still does what the write-up says: the exception it throws
  (type and message, and the first of its own frames on the way), or
  the events it counts lost where the file says otherwise (agree.py).
When a TraceEvent release fixes one, this test fails on it: the
write-up, the compat table and the profile then move with it.

Failure: a reproducer tracegate reads otherwise, or one TraceEvent no
longer fails on as written."""
import json
import os

import dotnetlib
from taplib import ROOT, TRACEGATE, Tap, run

dotnetlib.require(dotnetlib.READER)
t = Tap()
HERE = os.path.join(ROOT, "tests", "traceevent", "defects")

# file, the profile it was made for, the finding (rule, offset) that
# tracegate reports at the bytes at fault, and what TraceEvent does:
# ("fails", "Type: message | the first frame of TraceEvent's") or
# ("lost", (the events the file says were lost, TraceEvent's EventsLost))
TE = "at Microsoft.Diagnostics.Tracing."
PARSE_FIELDS = (TE + "EventPipeMetadata.ParseFields(SpanReader& reader, "
                "EventPipeFieldLayoutVersion fieldLayoutVersion)")
SYNC = TE + "EventPipeEventSource.ReadTraceObjectV3To5(Block block)"
DEFECTS = [
    ("block-size-negative.nettrace", ("NT-OBJ-012", 128),
     ("fails", "System.ArgumentOutOfRangeException: Specified argument was "
      "out of the range of valid values. | " + TE + "BlockParser.ReadBlock()")),
    ("block-size-2g.nettrace", ("NT-OBJ-014", 135),
     ("fails", "System.OutOfMemoryException: Insufficient memory to continue "
      "the execution of the program. | " + TE +
      "EventPipe.FixedBuffer..ctor(Int32 length)")),
    ("synctime-month.nettrace", ("NT-TRC-003", 53),
     ("fails", "System.ArgumentOutOfRangeException: Year, Month, and Day "
      "parameters describe an un-representable DateTime. | " + SYNC)),
    ("synctime-hour.nettrace", ("NT-TRC-003", 53),
     ("fails", "System.ArgumentOutOfRangeException: Hour, Minute, and Second "
      "parameters describe an un-representable DateTime. | " + SYNC)),
    ("synctime-millisecond.nettrace", ("NT-TRC-003", 53),
     ("fails", "System.ArgumentOutOfRangeException: Valid values are between "
      "0 and 999, inclusive. (Parameter 'millisecond') | " + SYNC)),
    ("stack-id-twice.nettrace", ("NT-REF-005", 1252),
     ("fails", "System.ArgumentException: An item with the same key has "
      "already been added. Key: 1 | " + TE +
      "EventPipe.StackCache.ProcessStackBlock(Block block)")),
    ("v2-field-count-negative.nettrace", ("NT-MET-001", 244),
     ("fails", "System.OverflowException: Arithmetic operation resulted in "
      "an overflow. | " + PARSE_FIELDS)),
    ("v2-field-size-negative.nettrace", ("NT-MET-001", 469),
     ("fails", "System.ArgumentOutOfRangeException: Specified argument was "
      "out of the range of valid values. | " + TE +
      "EventPipe.SpanReader.ReadBytes(Int32 length)")),
    ("field-count-huge.nettrace", ("NT-MET-001", 290),
     ("fails", "System.OutOfMemoryException: Array dimensions exceeded "
      "supported range. | " + PARSE_FIELDS)),
    ("events-lost-wraps.nettrace", ("NT-SEQ-002", 3136),
     ("lost", (738197511, -1409286138))),
    # final v6
    ("v6-stack-size-past-block.nettrace", ("NT-STK-001", 146),
     ("fails", "System.ArgumentOutOfRangeException: Specified argument was "
      "out of the range of valid values. | " + TE +
      "EventPipe.SpanReader.ReadBytes(Int32 length)")),
    ("v6-events-lost-wraps.nettrace", ("NT-SEQ-002", 281),
     ("lost", (13, -2147483636))),
]


def profile(name):
    """the profile of the campaign (evidence.sh) that found the file"""
    return "nettrace-v6" if name.startswith("v6-") else "traceevent-compat"


te = dotnetlib.traceevent([os.path.join(HERE, d[0]) for d in DEFECTS])
for name, finding, (kind, what) in DEFECTS:
    path = os.path.join(HERE, name)
    code, out, err = run("check", "--profile", profile(name), "--report",
                         "json", path)
    found = [(f["rule"], f["offset"])
             for f in json.loads(out)["files"][0]["findings"]]
    t.ok(finding in found, "%s: tracegate reports %s at %d" % (
        name, finding[0], finding[1]), found)
    lines, end = te[path]
    if kind == "fails":
        # the message, then the first of TraceEvent's own frames
        said = end.get("message", "").split(" | ")
        frames = [f for f in said[1:] if f.startswith(TE)]
        t.eq((end.get("outcome"), "%s: %s | %s" % (
            end.get("type"), said[0], frames[0] if frames else "")),
            ("failed", what), "%s: TraceEvent throws %s" % (
                name, what.split(":")[0]))
        continue
    tg = dotnetlib.tracegate_events(TRACEGATE, path, "--profile",
                                    profile(name))
    verdict, detail = dotnetlib.agree.compare_delivered(path, tg,
                                                        (lines, end))
    t.eq((verdict, detail.get("tracegate_events_lost"),
          detail.get("traceevent_events_lost")), ("differ",) + what,
         "%s: TraceEvent counts %d events lost, the file %d"
         % (name, what[1], what[0]))
t.eq(sorted(n for n in os.listdir(HERE) if n.endswith(".nettrace")),
     sorted(d[0] for d in DEFECTS), "every reproducer kept is tested")
t.done()
