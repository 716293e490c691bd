#!/bin/bash -eu
# build.sh - the fuzz targets for ClusterFuzzLite and OSS-Fuzz.  It uses
# what those services set: $CC and $CFLAGS (their sanitizer and coverage
# flags), $LIB_FUZZING_ENGINE (libFuzzer, AFL++ or honggfuzz), $SRC, $WORK
# and $OUT.  Into $OUT go each target, its dictionary and its seed corpus
# (the committed corpus and regressions).  PCRE2 is linked statically:
# the services run targets where it is not installed.  .ci/run builds it
# with the variables set as the services set them.
src="${SRC:?}/tracegate"
[ -d "$src" ] || src=$(cd "$(dirname "$0")/.." && pwd)
build="${WORK:?}/tracegate-build"
cmake -S "$src" -B "$build" -DCMAKE_C_COMPILER="${CC:?}" \
  -DCMAKE_C_FLAGS="${CFLAGS:-}" -DCMAKE_BUILD_TYPE=Release \
  -DTG_BUILD_FUZZERS=ON -DTG_BUILD_TESTS=OFF -DTG_STATIC_DEPS=ON \
  -DTG_SANITIZER=
targets=()
for f in "$src"/fuzz/*_fuzz.c; do
  targets+=("$(basename "$f" .c)")
done
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}"
for name in "${targets[@]}"; do
  format=${name%_fuzz}
  cp "$build/$name" "${OUT:?}/"
  [ -f "$src/fuzz/$format.dict" ] && cp "$src/fuzz/$format.dict" "$OUT/$name.dict"
  seeds=()
  [ -d "$src/corpus/$format" ] && seeds+=("$src/corpus/$format")
  [ -d "$src/fuzz/regressions/$format" ] && seeds+=("$src/fuzz/regressions/$format")
  # named by content, as libFuzzer names its corpus: names repeat across
  # the corpus folders
  flat="$WORK/seeds-$name"
  rm -rf "$flat" "$OUT/${name}_seed_corpus.zip"
  mkdir -p "$flat"
  find "${seeds[@]}" -type f ! -name '*.md' ! -name '*.jsonl' |
    while read -r f; do
      cp "$f" "$flat/$(sha1sum <"$f" | cut -c1-40)"
    done
  (cd "$flat" && zip -q "$OUT/${name}_seed_corpus.zip" ./*)
done
