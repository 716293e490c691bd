#!/usr/bin/python3
"""bench_afl.py TRACEGATE REPORTS_DIR - the coverage-guided oracle against
the black-box one on the planted readers of tests/readers/afl/ (built
with afl-cc by build.sh), written to REPORTS_DIR/oracle-afl.md with a
plot of the edges reached over time (oracle-afl.svg).

Each reader is fuzzed in four ways with the same budget, one instance
each, two campaigns at a time on the machine's two cores:
  black-box   `oracle --fuzz` (no AFL++): the inputs it makes itself;
  generated   AFL++ running only those kinds of inputs (new traces and
              rules' mutants, never grown from what it kept), so that
              their coverage is measured (--mutations black-box);
  havoc       AFL++'s own mutations alone (--mutations havoc);
  tracegate   AFL++ with tracegate's mutations and its havoc.
For each: whether the planted crash was found, when AFL++ first saved it
(the time in the crash's name), and the edges reached.

TraceEvent under SharpFuzz can be measured the same way
(TG_AFL_BENCH_READERS=traceevent-v45,traceevent-v6): it has no planted
bug, so what counts is the edges over time and the defects.

Environment: TG_AFL_BENCH_SECONDS (default 300), TG_AFL_BENCH_SEEDS
(default 3), TG_AFL_BENCH_WAYS (default all four), TG_AFL_BENCH_READERS
(default the three planted readers; also traceevent-v45 and
traceevent-v6), TG_AFL_BENCH_REPORT (default
oracle-afl: the report's name in REPORTS_DIR)."""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
READERS = os.path.join(ROOT, "build-afl-oracle", "readers")
HARNESS = os.path.join(ROOT, "build-interop", "bin", "TraceEventFuzz",
                       "release", "traceevent-fuzz.dll")
# reader: (command, format, options, what it is for the report);
# TraceEvent under SharpFuzz (interop/traceevent-fuzz) once a layout it
# reads: v4/v5 as the traceevent-compat profile writes it, final v6
PLANTED = "tests/readers/afl/, built with afl-cc, dies of SIGSEGV on"
FORMATS = {
    "nettrace-deep": (os.path.join(READERS, "nettrace-deep"), "nettrace",
                      ["--profile", "default"],
                      PLANTED + " a v4/v5 metadata row of exactly three "
                      "fields, UInt16, Int32 and Int64, and an event of it "
                      "whose payload is exactly their 14 bytes, with the "
                      "Int32 past 2^16"),
    "afperf-deep": (os.path.join(READERS, "afperf-deep"), "afperf", [],
                    PLANTED + " a region started with an id past 2^16, "
                    "then stopped by that id"),
    "tracelog-deep": (os.path.join(READERS, "tracelog-deep"), "tracelog",
                      [], PLANTED + " a thread created with an internal id "
                      "past 2^16, then given an OS id by that id"),
    "traceevent-v45": ("dotnet " + HARNESS, "nettrace",
                       ["--profile", "traceevent-compat", "--memory", "0",
                        "--timeout", "10"],
                       "TraceEvent 4.0.0 under SharpFuzz "
                       "(interop/traceevent-fuzz), fuzzed from a v4/v5 trace "
                       "of the traceevent-compat profile and judged under it"),
    "traceevent-v6": ("dotnet " + HARNESS, "nettrace",
                      ["--profile", "nettrace-v6", "--memory", "0",
                       "--timeout", "10"],
                      "TraceEvent 4.0.0 under SharpFuzz, fuzzed from a final "
                      "v6 trace and judged under the nettrace-v6 profile")}
WAYS = ("black-box", "generated", "havoc", "tracegate")


def campaign(tg, reader, way, seed, seconds, scratch):
    command, fmt, opts, _ = FORMATS[reader]
    keep = os.path.join(scratch, "%s-%s-%d" % (reader, way, seed))
    argv = [tg, "oracle", "--report", "json", "--keep", keep, "--reader",
            command + " {}", "--format", fmt, "--fuzz", str(seconds), "-j",
            "1", "--timeout", "2", "--seed", str(seed), "--shrink-runs",
            "0"] + opts
    if way != "black-box":
        argv += ["--engine", "afl", "--mutations",
                 {"generated": "black-box"}.get(way, way)]
    started = time.time()
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    card = json.loads(p.stdout) if p.stdout else None
    if card is None:
        sys.exit("bench_afl: %s failed: %s" % (" ".join(argv),
                                               p.stderr.decode()))
    found = any(d["class"] == "crash" for d in card["readers"][0]["defects"])
    first = None
    crashes = os.path.join(keep, "campaign", "out", "main", "crashes")
    for name in os.listdir(crashes) if os.path.isdir(crashes) else []:
        m = re.search(r",time:(\d+)", name)
        if m and (first is None or int(m.group(1)) / 1000 < first):
            first = int(m.group(1)) / 1000
    c = card["campaign"] or {}
    runs = sum(card["readers"][0]["runs"].values())
    defects = sorted({"%s: %s" % (d["class"], d["message"] or d["rule"])
                      for d in card["readers"][0]["defects"]})
    return {"reader": reader, "way": way, "seed": seed, "found": found,
            "defects": defects,
            "first": first, "edges": c.get("edges"), "afl_edges": c.get("afl_edges"),
            "stability": c.get("stability"),
            "executions": c.get("executions", runs),
            "curve": c.get("edges_over_time", []),
            "wall": time.time() - started}


def at(curve, t):
    """The edges a curve had reached by time t."""
    e = 0
    for s, edges in curve:
        if s <= t:
            e = edges
    return e


def svg(results, readers, seconds, path):
    """Edges over time, the mean over seeds, a panel a reader."""
    colours = {"generated": "#888888", "havoc": "#d9822b",
               "tracegate": "#2b6cd9"}
    w, h, pad = 360, 220, 40
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">'
           % (w * len(readers), h + 30)]
    for i, reader in enumerate(readers):
        x0 = i * w + pad
        curves = {way: [r["curve"] for r in results
                        if r["reader"] == reader and r["way"] == way]
                  for way in colours}
        top = max([at(c, seconds) for cs in curves.values() for c in cs] or
                  [1])
        low = min([c[0][1] for cs in curves.values() for c in cs if c] or
                  [0])
        span = max(top - low, 1)
        out.append('<text x="%d" y="14">%s: edges over %d s</text>'
                   % (x0, reader, seconds))
        out.append('<rect x="%d" y="20" width="%d" height="%d" fill="none" '
                   'stroke="#ccc"/>' % (x0, w - 2 * pad, h - 40))
        out.append('<text x="%d" y="%d">%d</text><text x="%d" y="%d">%d'
                   '</text>' % (x0 - 30, 30, top, x0 - 30, h - 22, low))
        for way, cs in curves.items():
            if not cs:
                continue
            pts = []
            for k in range(41):
                t = seconds * k / 40
                e = sum(at(c, t) for c in cs) / len(cs)
                pts.append("%.1f,%.1f" % (
                    x0 + (w - 2 * pad) * k / 40,
                    20 + (h - 40) * (1 - (max(e, low) - low) / span)))
            out.append('<polyline fill="none" stroke="%s" stroke-width="2" '
                       'points="%s"/>' % (colours[way], " ".join(pts)))
        for k, way in enumerate(colours):
            out.append('<text x="%d" y="%d" fill="%s">%s</text>'
                       % (x0 + 100 * k, h + 10, colours[way], way))
    out.append("</svg>\n")
    with open(path, "w") as f:
        f.write("\n".join(out))


def main():
    tg, reports = sys.argv[1], sys.argv[2]
    seconds = int(os.environ.get("TG_AFL_BENCH_SECONDS", "300"))
    seeds = int(os.environ.get("TG_AFL_BENCH_SEEDS", "3"))
    readers = os.environ.get(
        "TG_AFL_BENCH_READERS",
        "nettrace-deep,afperf-deep,tracelog-deep").split(",")
    name = os.environ.get("TG_AFL_BENCH_REPORT", "oracle-afl")
    ways = os.environ.get("TG_AFL_BENCH_WAYS", ",".join(WAYS)).split(",")
    jobs = [(r, way, s) for r in readers for s in range(1, seeds + 1)
            for way in ways]
    scratch = tempfile.mkdtemp(prefix="tg-bench-afl-")
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(pool.map(
            lambda j: campaign(tg, j[0], j[1], j[2], seconds, scratch),
            jobs))
    os.makedirs(reports, exist_ok=True)
    svg(results, readers, seconds, os.path.join(reports, name + ".svg"))
    planted = all(FORMATS[r][3].startswith(PLANTED) for r in readers)
    lines = [
        "# The coverage-guided oracle on %s" % (
            "planted readers" if planted else ", ".join(readers)),
        "",
        "Made by `%stests/bench_afl.py %s REPORTS` (what `./build.sh "
        "bench afl` runs) on %s: %d s a campaign, one instance each, two "
        "campaigns at a time on the machine's two cores, seeds 1 to %d." % (
            "".join("%s=%s " % (k, v) for k, v in sorted(os.environ.items())
                    if k.startswith("TG_AFL_BENCH_")),
            os.path.relpath(tg, ROOT), time.strftime("%Y-%m-%d"), seconds,
            seeds),
        ""] + ["- `%s`: %s;" % (r, FORMATS[r][3]) for r in readers] + [
        "",
        "Ways: `black-box` is `oracle --fuzz` alone; `generated` is AFL++ "
        "running only the black-box kind of inputs, their coverage "
        "measured (`--mutations black-box`); `havoc` is AFL++'s own "
        "mutations (`--mutations havoc`); `tracegate` is AFL++ with "
        "tracegate's mutations and its havoc (`--engine afl`). "
        "\"Found\" is a crash found (for a planted reader, its bug; for "
        "TraceEvent, any), and \"first crash\" when AFL++ saved the first "
        "(the time in its name); \"edges\" are those the queue reached, "
        "replayed with afl-showmap, and \"AFL++'s edges\" the count AFL++ "
        "kept itself (the scorecard's, from the main instance's "
        "fuzzer_stats), which compares only where its \"stability\" "
        "(the share of inputs whose coverage was the same run to run) is "
        "near 100%.",
        "",
        "| reader | way | seed | found | first crash (s) | edges | "
        "AFL++'s edges | stability | executions |",
        "|---|---|---:|---|---:|---:|---:|---:|---:|"]
    for r in results:
        lines.append("| %s | %s | %d | %s | %s | %s | %s | %s | %s |" % (
            r["reader"], r["way"], r["seed"], "yes" if r["found"] else "no",
            "%.0f" % r["first"] if r["first"] is not None else "-",
            r["edges"] if r["edges"] is not None else "-",
            r["afl_edges"] if r["afl_edges"] is not None else "-",
            "%.0f%%" % r["stability"] if r["stability"] is not None else "-",
            r["executions"]))
    lines += ["", "Found, out of %d seeds:" % seeds, "",
              "| reader | " + " | ".join(ways) + " |",
              "|---|" + "---:|" * len(ways)]
    for reader in readers:
        lines.append("| %s | " % reader + " | ".join(
            str(sum(r["found"] for r in results
                    if r["reader"] == reader and r["way"] == way))
            for way in ways) + " |")
    lines += ["", "Edges over time, the mean over seeds: "
              "[%s.svg](%s.svg). The numbers:" % (name, name), "",
              "| reader | way | " + " | ".join(
                  "%d s" % (seconds * k // 5) for k in range(1, 6)) + " |",
              "|---|---|" + "---:|" * 5]
    for reader in readers:
        for way in [w for w in ways if w != "black-box"]:
            cs = [r["curve"] for r in results
                  if r["reader"] == reader and r["way"] == way]
            lines.append("| %s | %s | " % (reader, way) + " | ".join(
                "%.1f" % (sum(at(c, seconds * k / 5) for c in cs) / len(cs))
                for k in range(1, 6)) + " |")
    lines += ["", "The defects each way found (all seeds):", ""]
    for reader in readers:
        for way in ways:
            found = sorted({d for r in results if r["reader"] == reader and
                            r["way"] == way for d in r["defects"]})
            lines.append("- %s, %s: %s" % (reader, way, "; ".join(
                "`%s`" % d.replace("`", "'") for d in found) or "none"))
    with open(os.path.join(reports, name + ".md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


main()
