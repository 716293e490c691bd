#!/usr/bin/env bash
# bench.sh TRACEGATE REPORTS_DIR [FORMAT[:PROFILE]...] - speed and memory
# of `check` on traces generated for each format (and profile), written to
# REPORTS_DIR/bench-<format>[-<profile>].md.  Default: every format, plus
# NetTrace's final v6 layout.  Speed is a ratio against `cat FILE
# >/dev/null` on the same file in the same run (best of 3 each, file in
# the page cache), because these machines are noisy; memory is peak RSS of
# `gen --size N | check -` for two sizes far apart.
# Environment: TG_BENCH_SIZE (default 1G), TG_BENCH_DIR (default
# build/bench; needs room for one trace of that size), TG_BENCH_STREAM
# (default 10G: one piped trace that size is checked end to end).
set -euo pipefail
tg=$1
reports=$2
shift 2
formats=${*:-"$("$tg" rules | awk '/^[^ ]/ {print $1}') nettrace:nettrace-v6"}
size=${TG_BENCH_SIZE:-1G}
dir=${TG_BENCH_DIR:-build/bench}
mkdir -p "$dir" "$reports"

best_of_3() { # command... -> prints the best wall time in seconds
  local best="" t
  for _ in 1 2 3; do
    /usr/bin/time -f '%e' -o "$dir/time" "$@" >/dev/null 2>&1
    t=$(tail -n 1 "$dir/time")
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
  done
  echo "$best"
}

peak_kib() { # SIZE -> "peak RSS (KiB), bytes checked" of check - on a
  # piped generated trace; fails unless the trace is conformant
  "$tg" "${gen[@]}" --size "$1" --out - |
    /usr/bin/time -f '%M' -o "$dir/rss" "$tg" check --report json - \
      >"$dir/stream.json"
  printf '%s KiB for %s bytes checked' "$(tail -n 1 "$dir/rss")" \
    "$(grep -o '"bytes":[0-9]*' "$dir/stream.json" | cut -d: -f2)"
}

bench_format() { # FORMAT[:PROFILE]
  local format=${1%%:*} profile=""
  [ "$1" = "$format" ] || profile=${1#*:}
  gen=(gen "$format" --seed 11)
  [ -z "$profile" ] || gen+=(--profile "$profile")
  local name=$format${profile:+-${profile#"$format"-}}
  trace="$dir/bench-$size.$name"
  # a trace kept from an earlier run is reused only if this binary did not
  # change since: a new generator may write other bytes
  [ "$trace" -nt "$tg" ] || rm -f "$trace"
  [ -s "$trace" ] || "$tg" "${gen[@]}" --size "$size" --out "$trace.tmp" --count 1
  [ -s "$trace" ] || mv "$trace.tmp"/0000.* "$trace"
  rm -rf "$trace.tmp"
  bytes=$(stat -c %s "$trace")
  cat "$trace" >/dev/null # warm the page cache
  # prove it is conformant (set -e), and note its layout if it has one
  layout=$("$tg" check --report json "$trace" |
    grep -o '"layout":"[^"]*"' | cut -d'"' -f4 || true)

  t_cat=$(best_of_3 cat "$trace")
  t_check=$(best_of_3 "$tg" check "$trace")
  t_stdin=$(best_of_3 sh -c "'$tg' check - < '$trace'")
  rss_small=$(peak_kib 100M)
  rss_big=$(peak_kib 2G)
  stream=${TG_BENCH_STREAM:-10G}
  rss_stream=$(peak_kib "$stream")

  rate() { awk -v b="$bytes" -v t="$1" 'BEGIN{printf "%.2f", (t>0? b/t/1e9 : 0)}'; }
  ratio() { awk -v a="$1" -v c="$t_cat" 'BEGIN{printf "%.2f", (c>0? a/c : 0)}'; }

  out="$reports/bench-$name.md"
  {
    echo "# $name check: speed and memory"
    echo
    echo "Command: \`./build.sh bench\` (runs \`tests/bench.sh\`), release build,"
    echo "every rule of the default profile on. Machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)."
    [ -z "$layout" ] || echo "Layout of the generated trace: $layout."
    echo "Times are the best of 3 runs with the file in the page cache."
    echo
    echo "| run | input | seconds | GB/s | time / cat time |"
    echo "|---|---|---|---|---|"
    echo "| \`cat FILE >/dev/null\` (baseline) | $bytes bytes | $t_cat | $(rate "$t_cat") | 1.00 |"
    echo "| \`tracegate check FILE\` | $bytes bytes | $t_check | $(rate "$t_check") | $(ratio "$t_check") |"
    echo "| \`tracegate check - < FILE\` | $bytes bytes | $t_stdin | $(rate "$t_stdin") | $(ratio "$t_stdin") |"
    echo
    echo "Peak RSS of \`tracegate ${gen[*]} --size N --out - | tracegate check -\`:"
    echo
    echo "| stream | peak RSS of check (each trace must be conformant) |"
    echo "|---|---|"
    echo "| 100 MiB | $rss_small |"
    echo "| 2 GiB | $rss_big |"
    echo "| $stream | $rss_stream |"
  } >"$out"
  cat "$out"
}

for format in $formats; do
  bench_format "$format"
done
