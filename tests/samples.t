#!/usr/bin/python3
"""samples.t - the real files in ../shared/samples/ get the verdicts the
format notes give them: complete runtime NetTrace files have no MUST or
SHOULD finding, perf_100ms.nettrace is truncated (exit 7, saying where it
stopped), the .netperf file is unsupported (exit 4). The files are checked
by sha256 first. Skips, saying so, when the samples folder is absent.
Failure: any other verdict or finding."""
# build.sh test runs this against the checker-only build too
import hashlib
import json
import os

from taplib import SHARED, Tap, run

t = Tap()
folder = os.path.join(SHARED, "samples", "nettrace")
EXPECT = {  # file: (sha256 prefix, exit code)
    "eventpipe-dotnetcore6.0-win-x64-executioncheckpoints.nettrace":
        ("6ed55a79759eec7e", 0),
    "eventpipe-dotnetcore5.0-win-x64-arraytypes.nettrace":
        ("12435d3bada5f10c", 0),
    "mixed_managed_external_samples.nettrace": ("c400749f58247386", 0),
    "only_managed_samples.nettrace": ("1c14c39dbd3b0168", 0),
    "perf.nettrace": ("0b5a16ffb2d86221", 0),
    "perf_100ms.nettrace": ("d7e236ba69a35f7a", 7),
    "eventpipe-dotnetcore2.1-linux-x64-tracelogging.netperf":
        ("47e29d49a1296f1a", 4),
}
if not os.path.isdir(folder):
    t.skip("real NetTrace samples", "no %s (../shared is absent)" % folder)
    t.done()

for name, (digest, want) in sorted(EXPECT.items()):
    path = os.path.join(folder, name)
    with open(path, "rb") as f:
        data = f.read()
    if not t.ok(hashlib.sha256(data).hexdigest().startswith(digest),
                "%s: the expected bytes (sha256)" % name):
        continue
    code, out, err = run("check", "--report", "json", "--fail-on", "info",
                         path)
    doc = json.loads(out)["files"][0]
    serious = [(d["rule"], d["offset"], d["message"]) for d in doc["findings"]
               if d["level"] in ("MUST", "SHOULD")]
    if want == 0:
        t.eq(serious, [], "%s: no MUST or SHOULD finding" % name)
        t.eq(run("check", path)[0], 0, "%s: exit 0" % name)
    elif want == 7:
        t.eq((code, [d["rule"] for d in doc["findings"]]), (7, ["NT-END-001"]),
             "%s: truncated, and nothing else wrong" % name)
        t.ok(doc["problem"] and str(len(data)) in doc["problem"],
             "%s: says where the stream stopped" % name, doc["problem"])
    else:
        t.eq((code, [d["rule"] for d in doc["findings"]]), (4, ["NT-HDR-005"]),
             "%s: exit 4, legacy NetPerf named" % name)
        t.ok("NetPerf" in doc["findings"][0]["message"],
             "%s: the message names NetPerf" % name)
t.done()
