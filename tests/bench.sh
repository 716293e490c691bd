#!/usr/bin/env bash
# bench.sh TRACEGATE REPORTS_DIR [FORMAT[:PROFILE]|scaling...] - speed and
# memory of `check` on traces generated for each format (and profile),
# written to REPORTS_DIR/bench-<format>[-<profile>].md; and `scaling`:
# time and instructions on inputs with N and 4N blocks, stacks, metadata
# ids, threads, label lists and live addresses (tests/scaling.py), written
# to REPORTS_DIR/bench-scaling.md; and `garbage`: garbage inputs (zero,
# random and repeated bytes: the whole file, a tail after a valid start,
# each kind of NetTrace block) against a valid trace of the same size
# (tests/garbage.py), written to REPORTS_DIR/bench-garbage.md; and
# `instructions`: callgrind's instructions per input byte and the top ten
# functions for every format and profile and the real NetTrace captures,
# written to REPORTS_DIR/bench-instructions.md; and `show`: the time and
# peak RSS of `show` (parts named, the fast paths off) against `check` on
# piped traces of every format at two sizes 16x apart, written to
# REPORTS_DIR/bench-show.md; and `afl` (never by default: it takes an
# hour): the coverage-guided oracle against the black-box one on planted
# readers (tests/bench_afl.py), written to REPORTS_DIR/oracle-afl.md.
# Default: every format, NetTrace's final v6
# layout, instructions, scaling, garbage and show.  Speed is a ratio against `cat FILE
# >/dev/null` and `wc -l FILE` on the same file in the same run (best of 3
# each, file in the page cache), because these machines are noisy, plus
# callgrind's instructions per input byte on a 16 MiB trace of the same
# generator, the figure to compare across machines; memory is peak RSS of
# `gen --size N | check -` for sizes far apart.
# Environment: TG_BENCH_SIZE (default 1G), TG_BENCH_DIR (default
# build/bench; needs room for one trace of that size), TG_BENCH_STREAM
# (default 10G: one piped trace that size is checked end to end).
set -euo pipefail
tg=$1
reports=$2
shift 2
formats=${*:-"$("$tg" rules | awk '/^[^ ]/ {print $1}') nettrace:nettrace-v6 instructions scaling garbage show"}
size=${TG_BENCH_SIZE:-1G}
dir=${TG_BENCH_DIR:-build/bench}
mkdir -p "$dir" "$reports"

machine() { # -> "2 cores of AMD EPYC (x86_64), Debian GNU/Linux 12 (bookworm), 2026-11-26"
  local cpu os
  cpu=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo 2>/dev/null | head -1)
  os=$(sed -n 's/^PRETTY_NAME="\(.*\)"$/\1/p' /etc/os-release 2>/dev/null)
  echo "$(nproc) cores of ${cpu:-an unnamed CPU} ($(uname -m)), ${os:-$(uname -s)}, $(date -u +%Y-%m-%d)"
}

best_of_3() { # command... -> prints the best wall time in seconds, to the
  # millisecond (bash's clock: /usr/bin/time's hundredths are too coarse
  # for the small inputs of the scaling and garbage tables)
  local best="" t start
  for _ in 1 2 3; do
    start=$EPOCHREALTIME
    "$@" >/dev/null 2>&1 || true # garbage fails its check
    t=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
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
  t_wc=$(best_of_3 wc -l "$trace")
  t_check=$(best_of_3 "$tg" check "$trace")
  t_stdin=$(best_of_3 sh -c "'$tg' check - < '$trace'")
  rss_small=$(peak_kib 100M)
  rss_big=$(peak_kib 2G)
  stream=${TG_BENCH_STREAM:-10G}
  rss_stream=$(peak_kib "$stream")
  "$tg" "${gen[@]}" --size 16M --out - >"$dir/small.$name"
  small=$(stat -c %s "$dir/small.$name")
  ins=$(instructions "$dir/small.$name")
  per_byte=$(awk -v i="${ins//,/}" -v b="$small" 'BEGIN{printf "%.1f", i/b}')

  rate() { awk -v b="$bytes" -v t="$1" 'BEGIN{printf "%.2f", (t>0? b/t/1e9 : 0)}'; }
  ratio() { awk -v a="$1" -v c="$t_cat" 'BEGIN{printf "%.2f", (c>0? a/c : 0)}'; }

  out="$reports/bench-$name.md"
  {
    echo "# $name check: speed and memory"
    echo
    echo "Command: \`./build.sh bench\` (runs \`tests/bench.sh\`), plain release build,"
    echo "every rule of the default profile on. Machine: $(machine)."
    [ -z "$layout" ] || echo "Layout of the generated trace: $layout."
    echo "Times are the best of 3 runs with the file in the page cache."
    echo
    echo "| run | input | seconds | GB/s | time / cat time |"
    echo "|---|---|---|---|---|"
    echo "| \`cat FILE >/dev/null\` (baseline) | $bytes bytes | $t_cat | $(rate "$t_cat") | 1.00 |"
    echo "| \`wc -l FILE\` (baseline) | $bytes bytes | $t_wc | $(rate "$t_wc") | $(ratio "$t_wc") |"
    echo "| \`tracegate check FILE\` | $bytes bytes | $t_check | $(rate "$t_check") | $(ratio "$t_check") |"
    echo "| \`tracegate check - < FILE\` | $bytes bytes | $t_stdin | $(rate "$t_stdin") | $(ratio "$t_stdin") |"
    echo
    echo "Check against \`wc -l\`: $(awk -v a="$t_check" -v w="$t_wc" 'BEGIN{printf "%.2f", (w>0? a/w : 0)}') times its time."
    echo "Instructions (callgrind, \`check\` of a $small-byte trace of the same generator): ${ins} = $per_byte per input byte."
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

instructions() { # FILE -> instructions `check FILE` executes (callgrind)
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$tg" check \
    "$1" 2>&1 >/dev/null | sed -n 's/.*Collected : *//p'
}

bench_scaling() {
  local n=${TG_SCALE_N:-100000} big sdir="$dir/scaling" out
  big=$((4 * n))
  python3 "$(dirname "$0")/scaling.py" "$sdir" "$n" >"$dir/cases"
  python3 "$(dirname "$0")/scaling.py" "$sdir" "$big" >/dev/null
  out="$reports/bench-scaling.md"
  {
    echo "# Scaling: time and instructions at N and 4N"
    echo
    echo "Command: \`./build.sh bench\` (runs \`tests/bench.sh\` with"
    echo "\`scaling\`), plain release build, every rule of the default profile on."
    echo "Machine: $(machine)."
    echo "Inputs: \`tests/scaling.py DIR N\`, valid traces whose size grows"
    echo "with one structure; N = $n and 4N = $big. Seconds are the best of"
    echo "3 runs with the file in the page cache; instructions are counted"
    echo "by callgrind and do not depend on the machine. A check whose work"
    echo "per structure is O(1) or O(log n) has ratios near 4 (memory"
    echo "latency can raise the time ratio a little; the instruction ratio"
    echo "is the one to compare)."
    echo
    echo "| case | what grows | bytes (N) | bytes (4N) | s (N) | s (4N) | time ratio | instructions (N) | instructions (4N) | instruction ratio |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
  } >"$out"
  while read -r name format what; do
    local a="$sdir/$name.$n.$format" b="$sdir/$name.$big.$format"
    # each input must be conformant (set -e stops the bench if not)
    "$tg" check "$a" >/dev/null
    "$tg" check "$b" >/dev/null
    cat "$a" "$b" >/dev/null
    local ta tb ia ib
    ta=$(best_of_3 "$tg" check "$a")
    tb=$(best_of_3 "$tg" check "$b")
    ia=$(instructions "$a")
    ib=$(instructions "$b")
    awk -v c="$name" -v w="$what" -v sa="$(stat -c %s "$a")" \
      -v sb="$(stat -c %s "$b")" -v ta="$ta" -v tb="$tb" \
      -v ia="${ia//,/}" -v ib="${ib//,/}" 'BEGIN {
        printf "| %s | %s | %d | %d | %s | %s | %.1f | %.0f | %.0f | %.2f |\n",
          c, w, sa, sb, ta, tb, (ta > 0 ? tb / ta : 0), ia, ib,
          (ia > 0 ? ib / ia : 0) }' >>"$out"
  done <"$dir/cases"
  cat "$out"
}

# Garbage is judged as fast as a valid trace: each garbage input against a
# valid trace of its format of about the same size, by wall time (best of
# 3, TG_GARBAGE_SIZE, default 64M) and by callgrind instructions per byte
# (on inputs of TG_GARBAGE_COUNTED, default 2M, to keep callgrind quick).
# Issue 14's target: at least a third of the speed, every input.
bench_garbage() {
  local timed=${TG_GARBAGE_SIZE:-64M} counted=${TG_GARBAGE_COUNTED:-2M}
  local gdir="$dir/garbage" out="$reports/bench-garbage.md" worst=""
  python3 "$(dirname "$0")/garbage.py" "$tg" "$gdir/t" \
    "$(numfmt --from=iec "$timed")" >"$dir/garbage-timed"
  python3 "$(dirname "$0")/garbage.py" "$tg" "$gdir/c" \
    "$(numfmt --from=iec "$counted")" >"$dir/garbage-counted"
  {
    echo "# Garbage at full speed"
    echo
    echo "Command: \`./build.sh bench garbage\` (runs \`tests/bench.sh\`"
    echo "with \`garbage\`), plain release build, every rule of the default profile"
    echo "on. Machine: $(machine)."
    echo "Inputs: \`tests/garbage.py\`: zero bytes, random bytes and one byte"
    echo "repeated (0x41, 0xFF), as the whole file (checked with --format), as"
    echo "a tail after the first 64 KiB of a valid trace, and as the content of"
    echo "each kind of NetTrace block after a valid header. Each is compared"
    echo "with a valid generated trace of the same format of about the same"
    echo "size: speed ratio = valid seconds / garbage seconds (best of 3,"
    echo "$timed inputs, file in the page cache); instruction ratio = valid"
    echo "instructions per byte / garbage instructions per byte (callgrind,"
    echo "$counted inputs: the figure to compare across machines). Target"
    echo "(issue 14): both ratios at least 0.33 for every input."
    echo
    echo "| input | format | bytes | garbage s | valid s | speed ratio | garbage instr/byte | valid instr/byte | instruction ratio |"
    echo "|---|---|---|---|---|---|---|---|---|"
  } >"$out"
  # the loop reads its cases on fd 3: valgrind would read stdin
  paste -d' ' "$dir/garbage-timed" "$dir/garbage-counted" |
    while read -r name format file valid _ _ cfile cvalid <&3; do
      cat "$file" "$valid" >/dev/null
      local tg_s tv_s ig iv
      tg_s=$(best_of_3 "$tg" check --format "$format" "$file")
      tv_s=$(best_of_3 "$tg" check "$valid")
      # garbage fails the check: the pipeline's status is not the bench's
      ig=$({ valgrind --tool=callgrind --callgrind-out-file=/dev/null "$tg" \
        check --format "$format" "$cfile" 2>&1 >/dev/null || true; } |
        sed -n 's/.*Collected : *//p')
      iv=$(instructions "$cvalid")
      awk -v n="$name" -v f="$format" -v b="$(stat -c %s "$file")" \
        -v tg="$tg_s" -v tv="$tv_s" -v ig="${ig//,/}" -v iv="${iv//,/}" \
        -v cb="$(stat -c %s "$cfile")" -v cv="$(stat -c %s "$cvalid")" '
        BEGIN {
          gi = ig / cb; vi = iv / cv
          printf "| %s | %s | %d | %s | %s | %.2f | %.1f | %.1f | %.2f |\n",
            n, f, b, tg, tv, (tg > 0 ? tv / tg : 99), gi, vi, vi / gi }'
    done 3<&0 </dev/null >>"$out"
  worst=$(awk -F'|' '$4 ~ /^ [0-9]+ $/ { s = $7 + 0; i = $10 + 0;
    m = s < i ? s : i; if (w == "" || m < w) w = m } END { print w }' "$out")
  {
    echo
    echo "Lowest ratio of all inputs: $worst (target 0.33)."
  } >>"$out"
  cat "$out"
}

# Instructions per input byte, the figure to compare across machines:
# callgrind on a fixed-size dense and typical trace of every format and
# profile (TG_INSTR_SIZE, default 50M; dense: `gen`'s plain style, the
# smallest realistic records; typical: `gen --typical`, records as large
# as a busy writer's) and on the real NetTrace captures of
# ../shared/samples (TG_SHARED), each with the ten functions that execute
# the most instructions themselves (inlined callees count as their
# caller's).  Counted for the plain release build users get (TRACEGATE)
# and, where TG_PGO_TRACEGATE names it, the profile-guided one.
instr_target() { # FORMAT PROFILE INPUT -> issue 51's target for the plain
  # build: its format's (v6's for NetTrace's v6 layouts), 1.5 times that
  # for every other profile; none for the samples, which it does not name
  local base
  case $1:$2 in
    afperf:*) base=6 ;;
    tracelog:*) base=3.5 ;;
    dumpalloc:*) base=2.5 ;;
    nettrace:nettrace-v6 | nettrace:nettrace-v6-draft) base=3.5 ;;
    *) base=3.0 ;;
  esac
  case $3:$1:$2 in
    sample:*) echo "-" ;;
    *:default | *:nettrace:nettrace-v6) echo "$base" ;;
    *) awk -v b="$base" 'BEGIN { printf "%.2f", 1.5 * b }' ;;
  esac
}

# callgrind's instruction count of `TG check --profile P FILE`, its
# profile kept in OUT
count_instructions() { # TG PROFILE FILE OUT
  valgrind --tool=callgrind --dump-instr=no --callgrind-out-file="$4" "$1" \
    check --profile "$2" "$3" >/dev/null 2>"$4.log"
  sed -n 's/.*Collected : *//p' "$4.log" | tr -d ,
}

bench_instructions() {
  local size=${TG_INSTR_SIZE:-50M} idir="$dir/instructions"
  local out="$reports/bench-instructions.md" detail cases=()
  local samples=${TG_SHARED:-$(dirname "$0")/../../shared}/samples
  mkdir -p "$idir"
  detail=$(mktemp)
  {
    echo "# Instructions per input byte"
    echo
    echo "Command: \`${TG_BENCH_COMMAND:-./build.sh bench instructions}\` (runs"
    echo "\`tests/bench.sh\` with \`instructions\`), every rule of the profile"
    echo "on. \`plain\`: the release build \`./build.sh\` and README's Install"
    echo "section make, what users run; \`PGO\`: the same laid out by a profile"
    echo "of its own runs (\`build-bench/\`), the benchmark's extra."
    echo "Machine: $(machine); the"
    echo "counts do not depend on it. Instructions are callgrind's total for"
    echo "one \`tracegate check --profile P FILE\` (start-up included, under"
    echo "0.1 M). Inputs: \`tracegate gen FORMAT --profile P --seed 11 --size"
    echo "$size\` (\`dense\`: the generator's mix of the smallest realistic"
    echo "records), the same with \`--typical\` (\`typical\`: dumpalloc and"
    echo "NetTrace stacks of 8-40 and 16-48 frames, TraceLog samples that push"
    echo "up to 12 frames and list up to 11 classes, AFPerf points with 3-10"
    echo "measurement pairs), and each real NetTrace capture of"
    echo "\`../shared/samples\` above 100 KB (\`sample\`). Targets are issue"
    echo "51's, for the plain build: each format's for its default profile (and"
    echo "NetTrace's v6 layout), 1.5 times it for the other profiles, dense and"
    echo "typical alike; it names none for these samples."
    echo
    echo "| format | profile | input | bytes | plain: instructions | plain: per byte | PGO: per byte | target | met |"
    echo "|---|---|---|---|---|---|---|---|---|"
  } >"$out"
  local format profile
  local style file
  while read -r format profile; do
    for style in dense typical; do
      file="$idir/$format-$profile.$style"
      cases+=("$format $profile $style $file")
      [ "$file" -nt "$tg" ] || rm -f "$file"
      local opt=()
      [ "$style" = dense ] || opt=(--typical)
      [ -s "$file" ] || "$tg" gen "$format" --profile "$profile" --seed 11 \
        "${opt[@]}" --size "$size" --out - >"$file"
    done
  done < <("$tg" rules | sed -n 's/^\([a-z0-9]*\) .*profiles: \(.*\))$/\1 \2/p' |
    awk '{ for (i = 2; i <= NF; i++) print $1, $i }')
  if [ -d "$samples/nettrace" ]; then
    for file in "$samples"/nettrace/*; do
      [ "$(stat -c %s "$file")" -gt 100000 ] || continue
      cases+=("nettrace default sample $file")
    done
  else
    echo "bench: no $samples/nettrace: the real captures are left out" >&2
  fi
  local c input name ins pgo_ins bytes
  for c in "${cases[@]}"; do
    read -r format profile input file <<<"$c"
    name=$(basename "$file")
    # the verdict must be a pass (set -e); then callgrind counts the same run
    "$tg" check --profile "$profile" "$file" >/dev/null
    ins=$(count_instructions "$tg" "$profile" "$file" "$idir/callgrind.out")
    pgo_ins=""
    [ -z "${TG_PGO_TRACEGATE:-}" ] || pgo_ins=$(count_instructions \
      "$TG_PGO_TRACEGATE" "$profile" "$file" "$idir/callgrind-pgo.out")
    bytes=$(stat -c %s "$file")
    awk -v f="$format" -v p="$profile" -v i="$input" -v n="$name" \
      -v b="$bytes" -v c="$ins" -v g="$pgo_ins" \
      -v t="$(instr_target "$format" "$profile" "$input")" 'BEGIN {
        pgo = g == "" ? "-" : sprintf("%.2f", g / b)
        met = t == "-" ? "-" : (c / b <= t + 0 ? "yes" : "no")
        printf "| %s | %s | %s | %d | %.0f | %.2f | %s | %s | %s |\n", f, p,
          (i == "sample" ? "sample `" n "`" : i), b, c, c / b, pgo, t, met }' >>"$out"
    {
      echo
      echo "### $format, $profile, ${input/sample/sample $name}"
      echo
      echo "| instructions | share | function |"
      echo "|---|---|---|"
      # "Ir (share) file:function [object]" lines, after the totals
      callgrind_annotate "$idir/callgrind.out" 2>/dev/null |
        sed -n '/file:function/,$ s/^ *\([0-9,]*\) ( *\([0-9.]*%\)) *\([^ ]*\).*/| \1 | \2 | `\3` |/p' |
        sed 's/`???:/`/' | awk 'NR <= 10' # (head would end the pipe early)
    } >>"$detail"
  done
  # the floors: the same files read by walkers that check nothing
  local floors=("$idir/afperf-default.dense" "$idir/afperf-default.typical")
  for c in "${cases[@]}"; do
    read -r format profile input file <<<"$c"
    [ "$input" != sample ] || floors+=("$file")
  done
  {
    echo
    echo "## Floors: reading the same files while checking nothing"
    echo
    echo "Command: \`CC=gcc python3 tools/framing_floor.py FILE...\` (its"
    echo "walkers built with \`gcc -O2\`): every LF and comma of the AFPerf"
    echo "traces found into a bit map and every field read as a number"
    echo "(\`tools/afperf_floor.c\`), every row header of each capture's"
    echo "compressed EventBlocks decoded and its payload skipped"
    echo "(\`tools/framing_floor.c\`); the reading of the file alone is"
    echo "subtracted. A floor for that way of reading, not a proof: how the"
    echo "walker is written moves it by up to 15%."
    echo
    CC=gcc TRACEGATE=$tg python3 "$(dirname "$0")/../tools/framing_floor.py" \
      "${floors[@]}"
  } >>"$out"
  {
    echo
    echo "## The ten functions with the most instructions of their own, per input (plain build)"
    cat "$detail"
  } >>"$out"
  rm -f "$detail"
  cat "$out"
}

# `show` streams as check does: its memory must not grow with the input,
# however many parts it prints (--depth 1) or folds (--depth 0).
bench_show() {
  local out="$reports/bench-show.md" small=${TG_BENCH_SHOW_SMALL:-64M}
  local large=${TG_BENCH_SHOW_LARGE:-1G} format size cmd
  {
    echo "# show: time and memory against check"
    echo
    echo "Made by \`./build.sh bench show\` (tests/bench.sh) on $(machine)."
    echo "Each trace is generated and piped (\`gen FORMAT --size N --out - |"
    echo "tracegate CMD -\`), the output thrown away; seconds and peak RSS"
    echo "from /usr/bin/time, one run each. \`show\` names every part, so"
    echo "it takes none of check's fast paths, and writes a line a part to"
    echo "depth 1; memory stays the same at both sizes."
    echo
    echo "| format | size | command | seconds | peak RSS (KiB) |"
    echo "|---|---|---|---|---|"
  } >"$out"
  for format in $("$tg" rules | awk '/^[^ ]/ {print $1}'); do
    for size in "$small" "$large"; do
      for cmd in "check" "show --depth 0" "show --depth 1"; do
        # shellcheck disable=SC2086 # cmd is the command and its options
        "$tg" gen "$format" --seed 11 --size "$size" --out - |
          /usr/bin/time -f '%e %M' -o "$dir/show-time" "$tg" $cmd \
            --format "$format" - >/dev/null || true
        read -r secs kib <"$dir/show-time"
        echo "| $format | $size | \`$cmd\` | $secs | $kib |" >>"$out"
      done
    done
  done
  cat "$out"
}

for format in $formats; do
  if [ "$format" = afl ]; then
    python3 tests/bench_afl.py "$tg" "$reports"
  elif [ "$format" = show ]; then
    bench_show
  elif [ "$format" = instructions ]; then
    bench_instructions
  elif [ "$format" = scaling ]; then
    bench_scaling
  elif [ "$format" = garbage ]; then
    bench_garbage
  else
    bench_format "$format"
  fi
done
