#!/bin/sh
# fuzz-replay.t - replay the committed corpus, fuzz/regressions/ (past
# crashers, if any) and the real samples in ../shared/samples (if present)
# through every fuzz target, built with the sanitizers and the replay
# driver; the roundtrip target gets its regressions and all of corpus/.
# Failure: a target aborts or a sanitizer fires.
build=${TG_BUILD_DIR:-build-test}
root=$(dirname "$0")/..
n=0
fail=0
for target in "$build"/fuzz/*_fuzz_replay; do
  [ -x "$target" ] || continue
  n=$((n + 1))
  name=$(basename "$target" _fuzz_replay)
  # a format's target replays its corpus; roundtrip (generator choices)
  # its regressions, and every corpus as arbitrary choices
  dirs=""
  [ -d "$root/corpus/$name" ] && dirs="$root/corpus/$name"
  [ "$name" = roundtrip ] && dirs="$root/corpus"
  [ -d "$root/fuzz/regressions/$name" ] && dirs="$dirs $root/fuzz/regressions/$name"
  samples=${TG_SHARED:-$root/../shared}/samples/$name
  [ -d "$samples" ] && dirs="$dirs $samples"
  # shellcheck disable=SC2086
  if out=$("$target" $dirs 2>&1); then
    echo "ok $n - $name: $out"
  else
    echo "not ok $n - $name"
    echo "$out" | sed 's/^/# /' | tail -30
    fail=1
  fi
done
if [ "$n" -eq 0 ]; then
  echo "not ok 1 - no replay target found in $build/fuzz"
  n=1
  fail=1
fi
echo "1..$n"
exit $fail
