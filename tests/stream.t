#!/bin/sh
# stream.t - a trace piped through `check -` is validated in bounded
# memory: peak RSS for a 256 MiB stream is within 8 MiB of that for an
# 8 MiB stream (the window and live state do not grow with input size),
# and both are conformant.  Failure: a non-zero exit or memory growth.
tg=${TRACEGATE:-build/tracegate}
n=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rss() { # SIZE -> sets code and kib for `check -` on a generated stream
  "$tg" gen dumpalloc --seed 5 --size "$1" --out - |
    /usr/bin/time -f '%M' -o "$tmp/rss" "$tg" check - >"$tmp/out" 2>&1
  code=$?
  kib=$(tail -n 1 "$tmp/rss")
}
rss 8M
small=$kib small_code=$code
rss 256M
big=$kib big_code=$code
n=$((n + 1))
if [ "$small_code" = 0 ] && [ "$big_code" = 0 ]; then
  echo "ok $n - 8 MiB and 256 MiB streams through check - are conformant"
else
  echo "not ok $n - streams conformant (exits $small_code, $big_code)"
  sed 's/^/# /' "$tmp/out" | head
  fail=1
fi
n=$((n + 1))
if [ $((big - small)) -lt 8192 ]; then
  echo "ok $n - peak RSS bounded: $small KiB for 8 MiB, $big KiB for 256 MiB"
else
  echo "not ok $n - peak RSS grew: $small KiB for 8 MiB, $big KiB for 256 MiB"
  fail=1
fi
echo "1..$n"
exit $fail
