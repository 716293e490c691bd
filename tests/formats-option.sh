#!/usr/bin/env bash
# formats-option.sh BUILD - a build made with -DTG_FORMATS=nettrace
# (./build.sh gcc makes one) holds NetTrace and nothing else: its shared
# library needs no PCRE2 and refers to none of its functions, its
# pkg-config file requires none, it checks a NetTrace trace, and it knows
# no other format (an AFPerf trace is an unknown format, exit 4).
# Failure: any of these.  TAP; not in the prove suite, which needs every
# format.
set -uo pipefail
build=$1
root=$(cd "$(dirname "$0")/.." && pwd)
n=0
fail=0
check() { # WHAT, then the command that must succeed
  local what=$1
  shift
  n=$((n + 1))
  if "$@"; then
    echo "ok $n - $what"
  else
    echo "not ok $n - $what"
    fail=1
  fi
}
no_pcre2_needed() { ! readelf -d "$build/libtracegate.so" | grep -q pcre2; }
no_pcre2_called() {
  ! nm -D --undefined-only "$build/libtracegate.so" | grep -q pcre2_
}
no_pcre2_required() { ! grep -q pcre2 "$build/tracegate.pc"; }
exits() { # CODE FILE: tracegate check FILE exits CODE
  "$build/tracegate" check "$2" >/dev/null 2>&1
  [ $? -eq "$1" ]
}
only_nettrace() {
  [ "$("$build/tracegate" rules 2>/dev/null | grep -c '^ *NT-')" -gt 50 ] &&
    [ "$("$build/tracegate" rules 2>/dev/null | grep -c '^ *\(AF\|TL\|DA\)-')" -eq 0 ]
}
check "libtracegate.so needs no PCRE2" no_pcre2_needed
check "libtracegate.so calls no PCRE2 function" no_pcre2_called
check "tracegate.pc requires no PCRE2" no_pcre2_required
check "a NetTrace trace is checked: conformant, exit 0" \
  exits 0 "$root/corpus/nettrace/valid/0000.nettrace.bin"
check "an AFPerf trace is an unknown format: exit 4" \
  exits 4 "$root/corpus/afperf/valid/0000.afperf.bin"
check "the rule list is NetTrace's alone" only_nettrace
echo "1..$n"
exit $fail
