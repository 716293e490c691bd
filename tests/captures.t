#!/usr/bin/python3
"""captures.t - what the .NET runtime's own EventPipe writes.

tests/dotnet/CaptureApp's workloads (an EventSource with every field type
EventSource writes, strings of edge lengths, self-describing events, many
threads, exceptions, garbage collections, JIT, the sample profiler,
activities, a volume of events) are traced by the runtime itself, with
its own settings (DOTNET_EnableEventPipe, DOTNET_EventPipeOutputPath,
DOTNET_EventPipeConfig, DOTNET_EventPipeCircularMB,
DOTNET_EventPipeRundown, DOTNET_EventPipeOutputStreaming), and once
through a live session on the diagnostic port
(Microsoft.Diagnostics.NETCore.Client), in 14 configurations.

Each capture: its bytes say which layout the runtime writes (the header
and the Trace object, compared byte for byte); tracegate finds no MUST
finding, and every finding below MUST is one spec/nettrace.md explains
("What the .NET runtime writes"); the workload shows in the events
(`tracegate events`: the stacks of the sample profiler, the threads, the
exceptions, the rundown or its absence, the lost events of a full
buffer); and TraceEvent's lines equal tracegate's (agree.py).  A process
that dies of an unhandled exception leaves a cut file: truncated for
tracegate (NT-END-001), "Read past end of stream." for TraceEvent.

Failure: a capture the runtime did not write, a MUST finding, a finding
not explained, a workload missing from the events, or the two readers
differing."""
import json
import os
import subprocess

import dotnetlib
from taplib import TRACEGATE, Scratch, Tap, run

dotnetlib.require(dotnetlib.READER, dotnetlib.CAPTURE_APP)
t = Tap()
scratch = Scratch("tg-captures-")

APP = "Tracegate-Capture:0xFFFFFFFFFFFFFFFF:5," \
      "Tracegate-Capture-SelfDescribing:0xFFFFFFFFFFFFFFFF:5"
RUNTIME = "Microsoft-Windows-DotNETRuntime"
RUNDOWN = "Microsoft-Windows-DotNETRuntimeRundown"
# name, workloads, DOTNET_EventPipeConfig (None: the runtime's default
# providers), other settings
CONFIGS = [
    ("types", ["types", "strings"], APP, {}),
    ("threads", ["threads:32:300"], APP, {}),
    ("exceptions", ["exceptions:200"], RUNTIME + ":0x8000:5," + APP, {}),
    ("gc", ["gc:30"], RUNTIME + ":0x1:5", {}),
    ("jit", ["types"], RUNTIME + ":0x18:5", {}),
    ("sample-profiler", ["cpu:1500"],
     "Microsoft-DotNETCore-SampleProfiler:0:5," + RUNTIME + ":0x10:5", {}),
    ("rundown-off", ["types"], APP, {"DOTNET_EventPipeRundown": "0"}),
    ("rundown-on", ["types"], APP, {"DOTNET_EventPipeRundown": "1"}),
    ("streaming", ["types", "threads:8:100"], APP,
     {"DOTNET_EventPipeOutputStreaming": "1"}),
    ("circular-1mb", ["volume:64"], APP, {"DOTNET_EventPipeCircularMB": "1"}),
    ("activities", ["activities:50"],
     APP + ",System.Threading.Tasks.TplEventSource:0x80:5", {}),
    ("default-providers", ["types", "gc:5", "cpu:300"], None, {}),
    ("crash", ["types", "crash"], APP, {}),
]
LIVE = ("live-session", ["types", "threads:8:100", "exceptions:20"],
        APP + "," + RUNTIME + ":0x8001:5")

# What the runtime's findings below MUST mean (spec/nettrace.md, "What the
# .NET runtime writes"): events dropped, blocks past 100 KiB, and the
# self-described bool it writes as 1 byte under the 4-byte type code.
EXPLAINED = {"NT-SEQ-001", "NT-OBS-001", "NT-PAY-004"}

# The runtime's v4/v5 header and Trace object, up to the Trace payload
HEAD = (b"Nettrace" + b"\x14\0\0\0!FastSerialization.1" +
        b"\x05\x05\x01\x04\0\0\0\x04\0\0\0\x05\0\0\0Trace\x06")

captures = {}
for name, workloads, config, extra in CONFIGS:
    path = scratch.path(name + ".nettrace")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("DOTNET_EventPipe")}
    env.update({"DOTNET_EnableEventPipe": "1",
                "DOTNET_EventPipeOutputPath": path}, **extra)
    if config is not None:
        env["DOTNET_EventPipeConfig"] = config
    p = subprocess.run([dotnetlib.CAPTURE_APP] + workloads, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    t.ok((p.returncode == 0) == (name != "crash") and os.path.exists(path),
         "%s: the runtime wrote a capture (exit %d)" % (name, p.returncode),
         p.stderr.decode("utf-8", "replace")[-600:])
    captures[name] = path
name, workloads, config = LIVE
path = scratch.path(name + ".nettrace")
p = subprocess.run([dotnetlib.CAPTURE_APP, "live", path, config] + workloads,
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
t.ok(p.returncode == 0 and os.path.exists(path),
     "%s: a session opened through the diagnostic port wrote a capture"
     % name, p.stderr.decode("utf-8", "replace")[-600:])
captures[name] = path
t.ok(len(captures) >= 12, "%d configurations" % len(captures))

# ---- the layout the runtime writes, from the bytes -----------------------
layouts = set()
for name, path in sorted(captures.items()):
    with open(path, "rb") as f:
        head = f.read(len(HEAD))
    code, out, err = run("check", "--report", "json", path)
    # the layout line names it first: "v5 (...)", or "v4/v5 (...)" when
    # no metadata row has a V5 tag
    layouts.add(json.loads(out)["files"][0]["layout"].split(" ")[0])
    t.eq(head, HEAD, "%s: the v4/v5 header, then a Trace object of version "
         "4 and minimum reader version 4" % name)
t.eq(sorted(layouts), ["v4/v5", "v5"], "the runtime writes v4/v5 (v5 where "
     "a metadata row carries an OpCode or V2Params tag), never v6")

# ---- conformance ---------------------------------------------------------
for name, path in sorted(captures.items()):
    code, out, err = run("check", "--report", "json", path)
    found = json.loads(out)["files"][0]["findings"]
    rules = sorted({d["rule"] for d in found})
    if name == "crash":
        # (on a loaded machine the runtime may drop events before the
        # crash: NT-SEQ-001, explained like the other captures')
        t.eq((code, sorted(set(rules) - EXPLAINED)), (7, ["NT-END-001"]),
             "crash: the runtime never finished the file: truncated, "
             "NT-END-001 and no finding spec/nettrace.md does not explain "
             "(%s)" % ", ".join(rules))
        continue
    musts = [d["rule"] for d in found if d["level"] == "MUST"]
    t.eq((code, musts), (0, []), "%s: conformant, no MUST finding" % name)
    t.eq(sorted(set(rules) - EXPLAINED), [], "%s: every finding is one "
         "spec/nettrace.md explains (%s)" % (name, ", ".join(rules) or
                                              "none"))

# ---- the workloads, in the events ------------------------------------------
events = {n: dotnetlib.tracegate_events(TRACEGATE, p)
          for n, p in captures.items()}


def count(name, test):
    return sum(1 for e in events[name][0] if test(e))


t.ok(count("types", lambda e: e["provider"] == "Tracegate-Capture" and
           e["id"] in range(1, 12)) >= 20 and
     {e["name"] for e in events["types"][0]
      if e["provider"] == "Tracegate-Capture-SelfDescribing"} >=
     {"Scalars", "Arrays", "Nested", "NoFields", "WithOptions"},
     "types: the EventSource's events of every field type, and the "
     "self-describing ones")
t.ok(len({e["thread"] for e in events["threads"][0]
          if e["provider"] == "Tracegate-Capture"}) >= 32,
     "threads: events from 32 threads")
t.ok(count("exceptions", lambda e: e["provider"] == RUNTIME and
           e["id"] == 80) >= 200, "exceptions: 200 ExceptionThrown events")
t.ok(count("gc", lambda e: e["provider"] == RUNTIME and e["id"] == 1) >= 30,
     "gc: a GCStart event for each of 30 collections")
t.ok(count("jit", lambda e: e["provider"] == RUNTIME and
           e["id"] in (143, 145)) > 0, "jit: methods jitted")
t.ok(count("sample-profiler", lambda e: e["provider"] ==
           "Microsoft-DotNETCore-SampleProfiler" and e["stack_bytes"] > 0)
     > 100, "sample-profiler: samples with their stacks")
t.ok(count("rundown-off", lambda e: e["provider"] == RUNDOWN) == 0 and
     count("rundown-on", lambda e: e["provider"] == RUNDOWN) > 0,
     "rundown: none with DOTNET_EventPipeRundown=0, some with 1")
t.ok(events["circular-1mb"][1]["events_lost"] > 0,
     "circular-1mb: 64 MB of events through a 1 MB buffer: %d lost" %
     events["circular-1mb"][1]["events_lost"])
t.ok(count("activities", lambda e: e["activity"] !=
           "00000000-0000-0000-0000-000000000000") >= 50,
     "activities: events with activity ids")

# ---- TraceEvent agrees ----------------------------------------------------------
summary = dotnetlib.agree.compare_many(
    TRACEGATE, dotnetlib.READER, [captures[n] for n in sorted(captures)])
t.eq((summary["differ"], [x["file"] for x in summary["not_read_by_traceevent"]],
      [os.path.basename(x["file"]) for x in summary["rejected_by_both"]]),
     ([], [], ["crash.nettrace"]),
     "TraceEvent's lines equal tracegate's for the %d captures that end "
     "(%d events); both turn the cut one down" % (summary["agree"],
                                                  summary["events_compared"]))
print("# departures: %s" % json.dumps(summary["departures"]))
t.done()
