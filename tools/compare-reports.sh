#!/bin/bash
# compare-reports.sh OLD NEW INPUT... - what two tracegate programs say of
# the same inputs, for a change that must not change any report (a
# refactor, a faster path): for each input file (an INPUT that is a
# folder gives every file below it, manifests and READMEs left out),
# `check --report` text, json, sarif, junit, tap and html, `show`, `show
# --report json`, `show --depth 3` and `events`, stdout, stderr and exit
# code, with each program's version string made one.  Prints one line per
# output that differs, then a count; exits 1 if any differs.
#
#   tools/compare-reports.sh /tmp/old/tracegate build/tracegate \
#     corpus ../shared/samples
set -u
if [ $# -lt 3 ]; then
  echo "usage: tools/compare-reports.sh OLD NEW INPUT..." >&2
  exit 2
fi
old=$1 new=$2
shift 2
old_version=$("$old" --version | sed -n 's/^tracegate //p')
new_version=$("$new" --version | sed -n 's/^tracegate //p')
export SOURCE_DATE_EPOCH=0 # the reports' time stamps, made one
# one program's output of one command, its version made VERSION
said() {
  local program=$1 version=$2
  shift 2
  "$program" "$@" 2>&1 | sed "s/${version//./\\.}/VERSION/g"
  echo "exit ${PIPESTATUS[0]}"
}
inputs=0 outputs=0 differ=0
while IFS= read -r -d '' file; do
  inputs=$((inputs + 1))
  for command in "check --report text" "check --report json" \
    "check --report sarif" "check --report junit" "check --report tap" \
    "check --report html" "show" "show --report json" "show --depth 3" \
    "events"; do
    outputs=$((outputs + 1))
    # shellcheck disable=SC2086 # a command is several words
    if [ "$(said "$old" "$old_version" $command "$file")" != \
      "$(said "$new" "$new_version" $command "$file")" ]; then
      differ=$((differ + 1))
      echo "differs: tracegate $command $file"
    fi
  done
done < <(find "$@" -type f ! -name manifest.jsonl ! -name '*.md' -print0 |
  sort -z)
echo "$inputs inputs, $outputs outputs: $differ differ"
[ "$differ" -eq 0 ]
