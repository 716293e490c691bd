#!/usr/bin/env python3
"""agree.py - tracegate's events against TraceEvent's, file by file.

    agree.py [--tracegate T] [--reader R] [--json] FILE... | --list F

Each NetTrace file is read by `tracegate events` and by traceevent-reader
(TraceEvent, one process for every file: its --out mode).  Both write the
canonical event lines of spec/events.md.  tracegate's lines say what the
bytes hold; TraceEvent's say what it delivers.  Before they are compared,
tracegate's are turned into what TraceEvent is known to deliver for those
bytes: each such departure is a way TraceEvent shows what it read that
spec/events.md ("What TraceEvent shows") names, and this script counts
how often each one applied.  None of them loses a value: where TraceEvent
keeps fewer bits of a field than the file has (an event id, a version, a
thread id, a processor number, a payload's or a stack's size), the lines
differ, and a rule reports the field under traceevent-compat.
Then the two sets of lines must be equal, line for line and field for
field, once both are sorted (TraceEvent hands events on in timestamp
order, merged across threads; tracegate in file order), and the two must
count the same events lost.  A line's payload_fits says, for tracegate,
whether the payload decodes against its metadata's fields, and for
TraceEvent whether it decoded every field: where tracegate says it does,
TraceEvent must have.

A file agrees when both read it and the lines are equal.  Exit 0 when
every file agrees, 1 when one does not, 2 on a usage error.  --json
writes the summary as one JSON object.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# what TraceEvent's EventPipeMetadata.GetProviderGuidFromProviderName
# calls the runtime's two providers whose stacks it drops
RUNDOWN = "Microsoft-Windows-DotNETRuntimeRundown"
RUNTIME = "Microsoft-Windows-DotNETRuntime"
# the runtime events whose stacks TraceEvent drops (GetEventRecordForEventData)
RUNTIME_NO_STACK = set(range(140, 145)) | {190}
# The departures, by name: what TraceEvent does (spec/events.md).
DEPARTURES = {
    "order": "hands events on in timestamp order, merged across threads",
    "no-offset": "does not say where an event's row is",
    "no-capture-thread": "does not say which thread wrote an event down",
    "no-sequence": "does not say an event's sequence number",
    "name-empty": "an empty event name is no name",
    "name-suffix": "drops Start or Stop from a name when the opcode is 1 "
                   "or 2",
    "opcode-implied": "a metadata row with no opcode gets 1 or 2 from a "
                      "name ending in Start or Stop, else 0",
    "thread-signed": "shows a thread id as an int32",
    "thread-unknown": "shows -1 for a v6 thread whose row gives no OS "
                      "thread id",
    "processor-unknown": "shows a stale number (or 0) where the processor "
                         "is unknown",
    "processor-other-thread": "shows a stale number (or 0) for a v4/v5 "
                              "event logged on another thread than the one "
                              "that wrote it down",
    "timestamp-signed": "shows a v6 timestamp as an int64",
    "stack-dropped": "drops the stacks of rundown events and of runtime "
                     "events 140-144 and 190",
    "payload-unfit": "may or may not decode the fields of a payload that "
                     "does not fit its metadata",
    "lost-before-first": "does not count the events a v4/v5 thread lost "
                         "before its first event",
}


def signed(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def suffix(name):
    """'Start' or 'Stop' if the name ends so (as TraceEvent compares:
    ignoring case), else None."""
    low = (name or "").lower()
    return "Start" if low.endswith("start") else \
        "Stop" if low.endswith("stop") else None


def as_traceevent(e, v6, used):
    """Line e of tracegate's, as TraceEvent is known to deliver it; each
    departure that changed something is counted in used."""
    t = dict(e)

    def note(name):
        used[name] = used.get(name, 0) + 1

    for key, name in (("offset", "no-offset"),
                      ("capture_thread", "no-capture-thread"),
                      ("sequence", "no-sequence")):
        if t[key] is not None:
            t[key] = None
            note(name)
    opcode, name = e["opcode"], e["name"]
    end = suffix(name)
    implied = {"Start": 1, "Stop": 2}.get(end, 0)
    if opcode is None:
        t["opcode"] = implied
        note("opcode-implied")
    if name == "":
        t["name"] = None
        note("name-empty")
    # the suffix goes when the metadata row's opcode is 1 or 2, given or
    # implied; in v6 a label list may stand in for the opcode, and the
    # line does not say the row's own: either name is taken
    names = {t["name"]}
    if end:
        cut = name[:-len(end)] or None  # an empty name is no name
        row_opcode = opcode if opcode is not None else implied
        if v6 and opcode is not None:
            names.add(cut)
        elif row_opcode == {"Start": 1, "Stop": 2}[end]:
            t["name"] = cut
            names = {cut}
            note("name-suffix")
    if t["thread"] is None:
        t["thread"] = -1
        note("thread-unknown")
    elif t["thread"] < 1 << 32 and signed(t["thread"], 32) != t["thread"]:
        t["thread"] = signed(t["thread"], 32)
        note("thread-signed")
    if e["processor"] is None:
        t["processor"] = "?"
        note("processor-unknown")
    elif not v6 and e["thread"] != e["capture_thread"]:
        t["processor"] = "?"
        note("processor-other-thread")
    if v6 and signed(t["timestamp"], 64) != t["timestamp"]:
        t["timestamp"] = signed(t["timestamp"], 64)
        note("timestamp-signed")
    if e["payload_fits"] is not True:  # TraceEvent's try proves nothing
        t["payload_fits"] = "?"
        note("payload-unfit")
    if t["stack_bytes"] and (
            e["provider"] == RUNDOWN or
            (e["provider"] == RUNTIME and e["id"] in RUNTIME_NO_STACK)):
        t["stack_bytes"], t["stack_fnv1a64"] = 0, None
        note("stack-dropped")
    return t, names


def matches(want, names, got):
    """Whether TraceEvent's line got is tracegate's projected line want
    ("?": any value; names: the names TraceEvent may give)."""
    for k, v in want.items():
        if v == "?" or got.get(k) == v or (k == "name" and got[k] in names):
            continue
        return False
    return set(got) == set(want)


def differing(want, got):
    """The keys whose values tell the unmatched lines apart: for each of
    tracegate's, the keys in which the nearest of TraceEvent's (the same
    timestamp, else any) differs from it."""
    keys = set()
    for w in want:
        near = [g for g in got if g["timestamp"] == w["timestamp"]] or got
        best = min(near, key=lambda g: sum(
            1 for k in w if w[k] != "?" and g.get(k) != w[k]), default=None)
        if best is not None:
            keys |= {k for k in w if w[k] != "?" and best.get(k) != w[k]}
    return sorted(keys)


def key(line):
    return (line["timestamp"] if isinstance(line["timestamp"], int) else 0,
            json.dumps(line, sort_keys=True))


def read_lines(text):
    lines = [json.loads(x) for x in text.split("\n") if x.strip()]
    if not lines or "outcome" not in lines[-1]:
        return lines, {"outcome": "failed", "message": "no outcome line"}
    return lines[:-1], lines[-1]


def is_v6(path):
    with open(path, "rb") as f:
        head = f.read(12)
    return len(head) == 12 and head[8:12] == b"\0\0\0\0"


def compare_file(path, tg_text, te_text, used):
    """(verdict, detail): verdict 'agree', 'differ', 'both-reject',
    'tracegate' (only it did not read it) or 'traceevent' (likewise)."""
    tg, tg_end = read_lines(tg_text)
    te, te_end = read_lines(te_text)
    if tg_end.get("outcome") != "read" and te_end.get("outcome") != "read":
        return "both-reject", {"tracegate": tg_end, "traceevent": te_end}
    if tg_end.get("outcome") != "read":
        return "tracegate", tg_end
    if te_end.get("outcome") != "read":
        return "traceevent", te_end
    v6 = is_v6(path)
    lost = tg_end.get("events_lost")
    if lost != te_end.get("events_lost") and not v6:
        # a v4/v5 thread's counter starts at its first event's number
        first = {}
        for e in tg:
            first.setdefault(e["capture_thread"], e["sequence"])
        before = sum(s - 1 for s in first.values() if s > 1)
        if before and lost - before == te_end.get("events_lost"):
            lost -= before
            used["lost-before-first"] = used.get("lost-before-first",
                                                 0) + before
    if lost != te_end.get("events_lost"):
        return "differ", {"tracegate_events_lost": tg_end.get("events_lost"),
                          "traceevent_events_lost":
                          te_end.get("events_lost")}
    want = sorted((as_traceevent(e, v6, used) for e in tg),
                  key=lambda p: key(p[0]))
    got = sorted(te, key=key)
    if len(want) != len(got):
        return "differ", {"tracegate_events": len(want),
                          "traceevent_events": len(got)}
    if tg:
        used["order"] = used.get("order", 0) + len(tg)
    # both sorted the same way; a line that does not match is looked for
    # among the lines of its timestamp (sorting keys may differ by a
    # departure that "?" hides)
    unmatched = []
    pool = list(got)
    by_ts = {}
    for i, g in enumerate(pool):
        by_ts.setdefault(g["timestamp"], []).append(i)
    taken = set()
    for w, names in want:
        found = None
        for i in by_ts.get(w["timestamp"], []):
            if i not in taken and matches(w, names, pool[i]):
                found = i
                break
        if found is None:
            unmatched.append(w)
        else:
            taken.add(found)
    if unmatched:
        left = [pool[i] for i in range(len(pool)) if i not in taken]
        return "differ", {"tracegate": unmatched[:3],
                          "traceevent": left[:3],
                          "lines_that_differ": len(unmatched),
                          "keys_that_differ": differing(unmatched, left)}
    return "agree", {"events": len(tg)}


def compare_delivered(path, tg, te):
    """What TraceEvent delivered from path against what the bytes hold,
    whether or not tracegate accepts the file (its events are what it
    read of it): compare_file's (verdict, detail).  tg and te are
    (event lines, outcome line) pairs, as read_lines gives them."""
    def text(lines, end):
        return "".join(json.dumps(x) + "\n" for x in lines + [end])
    return compare_file(path, text(tg[0], dict(tg[1], outcome="read")),
                        text(*te), {})


def compare_many(tracegate, reader, files, profile=None):
    """Every file compared: the summary (see --json)."""
    names = [os.path.basename(f) for f in files]
    if len(set(names)) != len(names):
        raise ValueError("the files' names must differ (TraceEvent's lines "
                         "are kept by file name)")
    used = {}
    results = {"agree": [], "differ": [], "both-reject": [], "tracegate": [],
               "traceevent": []}
    events = 0
    with tempfile.TemporaryDirectory(prefix="tg-agree-") as out:
        p = subprocess.run([reader, "--out", out, "-"],
                           input="\n".join(files).encode(),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode not in (0, 1):
            raise RuntimeError("traceevent-reader failed (exit %d): %s" % (
                p.returncode, p.stderr.decode("utf-8", "replace")[-2000:]))
        for path, name in zip(files, names):
            cmd = [tracegate, "events", path]
            if profile:
                cmd[2:2] = ["--profile", profile]
            tg = subprocess.run(cmd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
            if tg.returncode >= 64 or tg.returncode < 0:
                raise RuntimeError("tracegate events crashed on " + path)
            with open(os.path.join(out, name + ".jsonl"), "rb") as f:
                te = f.read().decode("utf-8")
            verdict, detail = compare_file(path, tg.stdout.decode("utf-8"),
                                           te, used)
            results[verdict].append((path, detail))
            if verdict == "agree":
                events += detail["events"]
    return {
        "files": len(files), "agree": len(results["agree"]),
        "events_compared": events,
        "differ": [{"file": f, **d} for f, d in results["differ"]],
        "rejected_by_both": [{"file": f, **d}
                             for f, d in results["both-reject"]],
        "not_read_by_tracegate": [{"file": f, **d}
                                  for f, d in results["tracegate"]],
        "not_read_by_traceevent": [{"file": f, **d}
                                   for f, d in results["traceevent"]],
        "departures": {k: used[k] for k in sorted(used)},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tracegate", default=os.path.join(
        ROOT, "build", "tracegate"))
    ap.add_argument("--reader", default=os.path.join(
        ROOT, "build-interop", "bin", "TraceEventReader", "release",
        "traceevent-reader"))
    ap.add_argument("--list", help="a file naming the traces, one a line")
    ap.add_argument("--profile", default=None,
                    help="the profile tracegate reads them under")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = list(a.files)
    if a.list:
        with open(a.list) as f:
            files += [x.strip() for x in f if x.strip()]
    if not files:
        ap.error("name the files to compare")
    try:
        summary = compare_many(a.tracegate, a.reader, files, a.profile)
    except (ValueError, RuntimeError) as e:
        ap.error(str(e))
    if a.json:
        json.dump(summary, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        print("%d files, %d agree, %d events compared" %
              (summary["files"], summary["agree"],
               summary["events_compared"]))
        for k in ("differ", "rejected_by_both", "not_read_by_tracegate",
                  "not_read_by_traceevent"):
            for x in summary[k][:20]:
                print("%s: %s" % (k, json.dumps(x)))
        for k, n in summary["departures"].items():
            print("departure %-24s %8d  TraceEvent %s" % (k, n,
                                                          DEPARTURES[k]))
    sys.exit(0 if summary["agree"] == summary["files"] else 1)


if __name__ == "__main__":
    main()
