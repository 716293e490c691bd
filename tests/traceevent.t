#!/usr/bin/python3
"""traceevent.t - TraceEvent, the reference reader, reads what tracegate
writes, and delivers what `tracegate events` says the bytes hold.

Over more than a thousand NetTrace files in every layout TraceEvent reads
(v4/v5 and final v6): the corpus's valid files, `gen` over seeds, sizes
and styles (plain, --hostile, --typical) under every profile that writes
them, hand-built v6 files (tests/nt6.py, written from the spec) and the
real samples of ../shared/samples.  For each, TraceEvent reads it to the
end without an exception, and interop/traceevent/agree.py finds its lines
equal to tracegate's, field for field (spec/events.md), with the same
events counted lost and every payload decoded where tracegate decodes
it.  The draft of v6
is turned down by TraceEvent, every file of it.  And agree.py itself can
fail: a line changed in one field, an event missing, a lost event, a
payload TraceEvent could not decode, each makes a file differ.

Failure: a file either reader does not read, or whose lines differ; a
draft file TraceEvent reads; a changed line agree.py does not notice."""
import json
import os

import dotnetlib
import nt6
from taplib import SHARED, TRACEGATE, Scratch, Tap, corpus_files, run

dotnetlib.require(dotnetlib.READER)
agree = dotnetlib.agree
t = Tap()
scratch = Scratch("tg-te-agree-")


def generated(profile, style, seed, count, size=None):
    where = scratch.path("gen-%s-%s-%d-%s" % (profile, style or "plain",
                                              seed, size or "small"))
    args = ["gen", "nettrace", "--profile", profile, "--seed", seed,
            "--count", count, "--out", where]
    if style:
        args.append(style)
    if size:
        args += ["--size", size]
    code, out, err = run(*args)
    t.ok(code == 0, "gen %s" % " ".join(map(str, args[2:-2])), err)
    return [os.path.join(where, n) for n in sorted(os.listdir(where))]


def flat(paths, tag):
    """the files under names that differ (the reader keeps its output by
    file name)"""
    out = []
    for i, p in enumerate(paths):
        with open(p, "rb") as f:
            out.append(scratch.write("%s-%04d.nettrace" % (tag, i), f.read()))
    return out


# ---- the files ------------------------------------------------------------
files = []
for profile in ("default", "traceevent-compat", "nettrace-v6"):
    for style in ("", "--hostile", "--typical"):
        files += flat(generated(profile, style, 1, 110), "%s%s" % (
            profile, style))
        for size in ("64K", "1M"):
            files += flat(generated(profile, style, 1000, 2, size),
                          "%s%s-%s" % (profile, style, size))
# the corpus's valid files but the draft's (0001: nettrace-v6-draft)
corpus = [p for p in corpus_files()
          if "/nettrace/valid/" in p and not p.endswith("0001.nettrace.bin")]
files += flat(corpus, "corpus")
hand = {"nt6-example": nt6.example(), "nt6-no-optional": nt6.example(
    metadata=nt6.metadata_with(nt6.default_parts()["row"]))}
files += [scratch.write(n + ".nettrace", b) for n, b in sorted(hand.items())]
samples = os.path.join(SHARED, "samples", "nettrace")
real = sorted(os.path.join(samples, n) for n in os.listdir(samples)
              if n.endswith(".nettrace")) if os.path.isdir(samples) else []
if not real:
    t.skip("the real samples", "no ../shared/samples/nettrace here")

# ---- 1. the agreement ------------------------------------------------------
summary = agree.compare_many(TRACEGATE, dotnetlib.READER, files)
t.eq((summary["differ"][:3], summary["not_read_by_traceevent"][:3],
      summary["not_read_by_tracegate"][:3], summary["rejected_by_both"][:3]),
     ([], [], [], []), "%d generated, corpus and hand-built files: both "
     "readers read each, and their lines agree" % len(files))
t.ok(summary["files"] >= 1000 and summary["agree"] == summary["files"],
     "%d files agree, %d events compared" % (summary["agree"],
                                             summary["events_compared"]))
print("# departures: %s" % json.dumps(summary["departures"]))

if real:
    s = agree.compare_many(TRACEGATE, dotnetlib.READER, real)
    # the one cut file: both turn it down, TraceEvent's "Read past end of
    # stream." and tracegate's NT-END-001
    both = [(os.path.basename(x["file"]), x["tracegate"]["type"],
             x["traceevent"]["message"]) for x in s["rejected_by_both"]]
    t.eq((s["agree"], s["differ"], both), (
        len(real) - 1, [], [("perf_100ms.nettrace", "NT-END-001",
                             "Read past end of stream.")]),
         "the %d real samples: all but the cut one agree (%d events), and "
         "both readers turn that one down" % (len(real),
                                              s["events_compared"]))

# ---- 2. the draft: TraceEvent cannot read it ------------------------------
draft = flat(generated("nettrace-v6-draft", "", 1, 20), "draft")
te = dotnetlib.traceevent(draft)
outcomes = sorted({te[p][1]["outcome"] for p in draft})
t.eq(outcomes, ["rejected"], "TraceEvent turns down each of the %d "
     "v6-draft files tracegate writes (NT-DRAFT-006)" % len(draft))

# ---- 3. agree.py can fail ---------------------------------------------------
path = files[0]
tg = dotnetlib.tracegate_events(TRACEGATE, path)
te = dotnetlib.traceevent([path])[path]


def text(lines, end):
    return "\n".join(json.dumps(x) for x in lines + [end]) + "\n"


t.eq(agree.compare_file(path, text(*tg), text(*te), {})[0], "agree",
     "agree.py: the file as it is agrees")
for key, value in (("payload_fnv1a64", "0000000000000000"), ("id", 12345),
                   ("thread", 7), ("timestamp", 1), ("stack_bytes", 3),
                   ("name", "Other")):
    lines = [dict(x) for x in te[0]]
    lines[len(lines) // 2][key] = value
    t.eq(agree.compare_file(path, text(*tg), text(lines, te[1]), {})[0],
         "differ", "agree.py: TraceEvent's %s changed in one line: the file "
         "differs" % key)
t.eq(agree.compare_file(path, text(*tg), text(te[0][1:], te[1]), {})[0],
     "differ", "agree.py: a line missing: the file differs")
t.eq(agree.compare_file(path, text(*tg), text(te[0], dict(
    te[1], events_lost=1)), {})[0], "differ",
     "agree.py: TraceEvent's events_lost 1: the file differs")
lines = [dict(x) for x in te[0]]
lines[0]["payload_fits"] = False
t.eq(agree.compare_file(path, text(*tg), text(lines, te[1]), {}),
     ("differ", {"tracegate": [agree.as_traceevent(
         tg[0][0], False, {})[0]], "traceevent": [lines[0]],
                 "lines_that_differ": 1,
                 "keys_that_differ": ["payload_fits"]}),
     "agree.py: TraceEvent could not decode a payload tracegate decodes: "
     "the file differs in that line's payload_fits")
t.done()
