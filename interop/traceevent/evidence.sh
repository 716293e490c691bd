#!/usr/bin/env bash
# evidence.sh - the TraceEvent evidence too long for the test suite.
#
#   interop/traceevent/evidence.sh [oracle [SECONDS] | capture [MB] |
#                                   afl [SECONDS] | all]
#
#   oracle   `tracegate oracle` on TraceEvent (oracle_server.py, served,
#            --misread-exit 4), one campaign per layout TraceEvent reads:
#            v4/v5 under traceevent-compat, final v6 under nettrace-v6.
#            Each runs the layout's `mutate` corpus, the sweep of its
#            valid files, then SECONDS of --fuzz (default 1200).  The
#            scorecards go to reports/traceevent-oracle-<layout>.md, the
#            reproducers to build-interop/evidence/keep-<layout>/.
#   capture  the runtime traces capture-app writing MB megabytes of events
#            (default 1500) with a 16 MB circular buffer; tracegate checks
#            the capture, and its events are compared with TraceEvent's
#            (agree.py).  Figures to reports/traceevent-capture-large.md.
#   afl      TraceEvent under SharpFuzz (interop/traceevent-fuzz) fuzzed
#            by `oracle --engine afl` for SECONDS (default 1800) per
#            NetTrace layout it reads, in three ways with the same budget:
#            AFL++ on the black-box oracle's kind of inputs, AFL++'s havoc,
#            AFL++ with tracegate's mutations (tests/bench_afl.py).  The
#            edges over time and the defects to
#            reports/traceevent-afl.md and .svg.
#   all      oracle and capture (the default).
#
# Needs dotnet, and `./build.sh` and `./build.sh test` (or the dotnet
# builds of build.sh's interop_build) done: build/tracegate,
# build-interop/.  Results are rewritten, never appended.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
tracegate=$top/build/tracegate
reader=$top/build-interop/bin/TraceEventReader/release/traceevent-reader
app=$top/build-interop/bin/CaptureApp/release/capture-app
work=$top/build-interop/evidence
what=${1:-all}

for need in "$tracegate" "$reader" "$app"; do
  if [ ! -x "$need" ]; then
    echo "evidence.sh: $need is missing: run ./build.sh and ./build.sh test" >&2
    exit 2
  fi
done
mkdir -p "$work/bin"
# a copy of its own: a build while a campaign runs must not change (or,
# while it links, take away) the tracegate it runs
cp "$tracegate" "$work/bin/tracegate"
# and AFL++'s mutator module, which the oracle finds next to itself
if [ -f "$top/build/tracegate-afl-mutator.so" ]; then
  cp "$top/build/tracegate-afl-mutator.so" "$work/bin/"
fi
tracegate=$work/bin/tracegate

# oracle LAYOUT PROFILE READS SECONDS, from the project's root
campaign() {
  local layout=$1 profile=$2 reads=$3 seconds=$4
  local report=reports/traceevent-oracle-$layout.md
  local dir=build-interop/evidence
  local cmd=(tracegate oracle --serve --misread-exit 4 --memory 0
    --timeout 30 -j 2 --profile "$profile" --reads "$reads"
    --fuzz "$seconds" --format nettrace --keep "$dir/keep-$layout"
    --report markdown -o "$dir/$layout.md"
    --reader "python3 interop/traceevent/oracle_server.py"
    "$dir/corpus-$layout")
  cd "$top"
  rm -rf "$dir/corpus-$layout" "$dir/keep-$layout"
  "$tracegate" mutate nettrace --profile "$profile" \
    --out "$dir/corpus-$layout" >/dev/null
  echo "evidence.sh: $layout: ${cmd[*]}" >&2
  local start=$SECONDS rc=0
  TRACEGATE=$tracegate TRACEEVENT_READER=$reader \
    "$tracegate" "${cmd[@]:1}" || rc=$?
  if [ "$rc" -gt 1 ]; then
    echo "evidence.sh: the oracle failed (exit $rc)" >&2
    exit "$rc"
  fi
  {
    echo "# TraceEvent $layout: the oracle's scorecard"
    echo
    echo "Made by \`interop/traceevent/evidence.sh oracle $seconds\` on"
    echo "$(date -u +%Y-%m-%d), in $((SECONDS - start)) s, with"
    echo "Microsoft.Diagnostics.Tracing.TraceEvent 4.0.0 on .NET" \
      "$(dotnet --list-runtimes | awk '/NETCore.App/ {v=$2} END {print v}'):"
    echo
    echo '```sh'
    echo "tracegate mutate nettrace --profile $profile --out $dir/corpus-$layout"
    echo "${cmd[*]}"
    echo '```'
    echo
    echo "What each defect means for TraceEvent, and which are deliberate"
    echo "(spec/nettrace.md, traceevent-compat), is in reports/traceevent.md."
    echo
    sed 's/^#/##/' "$dir/$layout.md"
  } >"$report"
  echo "evidence.sh: wrote $report" >&2
}

# capture MB
capture() {
  local mb=$1 out=$top/reports/traceevent-capture-large.md
  local trace=$work/large.nettrace
  rm -f "$trace"
  echo "evidence.sh: capture: volume:$mb with a 16 MB circular buffer" >&2
  /usr/bin/time -f '%e' -o "$work/capture.time" \
    env DOTNET_EnableEventPipe=1 DOTNET_EventPipeOutputPath="$trace" \
    DOTNET_EventPipeCircularMB=16 \
    DOTNET_EventPipeConfig='Tracegate-Capture:0xFFFFFFFFFFFFFFFF:5' \
    "$app" "volume:$mb" >/dev/null
  local took bytes
  took=$(cat "$work/capture.time")
  bytes=$(stat -c %s "$trace")
  local rc=0
  /usr/bin/time -f '%e %M' -o "$work/check.time" \
    "$tracegate" check --report json "$trace" >"$work/check.json" || rc=$?
  /usr/bin/time -f '%e %M' -o "$work/events.time" \
    "$tracegate" events "$trace" >"$work/events.jsonl" || true
  python3 "$top/interop/traceevent/agree.py" --json \
    --tracegate "$tracegate" --reader "$reader" "$trace" >"$work/agree.json" ||
    true
  python3 - "$work" "$bytes" "$took" "$rc" "$mb" >"$out" <<'EOF'
import json, sys
work, size, took, rc, mb = sys.argv[1], int(sys.argv[2]), sys.argv[3], \
    int(sys.argv[4]), sys.argv[5]
check = json.load(open(work + "/check.json"))["files"][0]
agree = json.load(open(work + "/agree.json"))
ct = open(work + "/check.time").read().split()
et = open(work + "/events.time").read().split()
with open(work + "/events.jsonl", "rb") as f:
    f.seek(-4096, 2)
    end = json.loads(f.read().splitlines()[-1])
rules = {}
for d in check["findings"]:
    rules[(d["rule"], d["level"])] = rules.get((d["rule"], d["level"]), 0) + 1
print("# A large runtime capture: tracegate and TraceEvent\n")
print("Made by `interop/traceevent/evidence.sh capture %s`: capture-app's "
      "`volume:%s` workload traced by the runtime itself "
      "(`DOTNET_EnableEventPipe=1`, `DOTNET_EventPipeCircularMB=16`, "
      "the Tracegate-Capture provider at level 5).\n" % (mb, mb))
print("| figure | value |\n|---|---|")
print("| capture size | %d bytes (%.0f MB), the process ran %s s |" % (
    size, size / 1e6, took))
print("| layout | %s |" % check.get("layout"))
print("| `tracegate check` | exit %d, %s s, peak RSS %s KiB |" % (
    rc, ct[0], ct[1]))
print("| findings | %s |" % (", ".join(
    "%s %s x%d" % (r, l, n) for (r, l), n in sorted(rules.items()))
    or "none"))
print("| `tracegate events` | %s events, %s lost, %s s, peak RSS %s KiB |" % (
    end.get("events"), end.get("events_lost"), et[0], et[1]))
print("| agree.py | %d of %d files agree, %d events compared |" % (
    agree["agree"], agree["files"], agree["events_compared"]))
for k in ("differ", "not_read_by_tracegate", "not_read_by_traceevent"):
    for x in agree[k]:
        print("\n%s: `%s`" % (k, json.dumps(x)[:600]))
print("\nTraceEvent's departures applied (spec/events.md): " + ", ".join(
    "%s %d" % kv for kv in agree["departures"].items()))
EOF
  rm -f "$work/events.jsonl"
  echo "evidence.sh: wrote $out" >&2
}

case $what in
  oracle)
    campaign v45 traceevent-compat v4,v5 "${2:-1200}"
    campaign v6 nettrace-v6 v6 "${2:-1200}"
    ;;
  capture) capture "${2:-1500}" ;;
  afl)
    TG_AFL_BENCH_READERS=traceevent-v45,traceevent-v6 \
      TG_AFL_BENCH_SECONDS=${2:-1800} TG_AFL_BENCH_SEEDS=1 \
      TG_AFL_BENCH_WAYS=generated,havoc,tracegate \
      TG_AFL_BENCH_REPORT=traceevent-afl \
      python3 "$top/tests/bench_afl.py" "$work/bin/tracegate" "$top/reports"
    ;;
  all)
    capture 1500
    campaign v45 traceevent-compat v4,v5 1200
    campaign v6 nettrace-v6 v6 1200
    ;;
  *)
    echo "usage: evidence.sh [oracle [SECONDS] | capture [MB] |" \
      "afl [SECONDS] | all]" >&2
    exit 2
    ;;
esac
