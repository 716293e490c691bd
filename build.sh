#!/usr/bin/env bash
# build.sh - the one entry point.
#   ./build.sh            install what is missing, build build/tracegate
#                         (a plain release build, quietly: one summary line;
#                         the log is build/build.log)
#   ./build.sh test       build with ASan+UBSan and run every test (prove);
#                         with dotnet on PATH, TraceEvent's too
#   ./build.sh fuzz [S [TARGET...]]  build the libFuzzer harnesses and
#                         fuzz S seconds per target (default 60; TARGET:
#                         afperf, roundtrip, ...: only those)
#   ./build.sh fuzz-large [S]  the same with inputs up to 4 MiB, length
#                         control off and seeds above 1 MiB (default 600 s
#                         per target): the paths that depend on size
#   ./build.sh afl [S [TARGET...]]  the same harnesses under AFL++ for S
#                         seconds each, with the structure-aware custom
#                         mutator
#   ./build.sh oss-fuzz   .clusterfuzzlite/build.sh with the variables
#                         ClusterFuzzLite and OSS-Fuzz set; each target must
#                         need no library beyond libc's and run its seeds
#   ./build.sh bench [WHAT] the plain release build (build/, what users get)
#                         and the profile-guided one (build-bench/), then
#                         time check on large generated traces vs cat,
#                         instructions per byte (callgrind, both builds),
#                         how time grows
#                         with the input, and garbage inputs (WHAT: a
#                         format, FORMAT:PROFILE, instructions, scaling or
#                         garbage; default all)
#   ./build.sh web        the browser page: the checker compiled to
#                         WebAssembly (Debian's Emscripten) into
#                         build-web/site/, with the page of web/
#   ./build.sh corpus     regenerate corpus/ from its seeds
#   ./build.sh gcc        release builds with gcc too (warnings are errors),
#                         with and without the corpus code
#   ./build.sh format [--check]  format every C file with .clang-format
#                         (--check: change nothing, fail if one would change)
#   ./build.sh example    install into build-install/ and build and run
#                         examples/check_files.c against it via pkg-config
# Environment: CC (default clang; the release builds' default is gcc),
# TG_JOBS (default nproc), TG_PGO (0: bench without profile-guided
# optimisation).
set -euo pipefail
cd "$(dirname "$0")"
top=$PWD
mode=${1:-build}
jobs=${TG_JOBS:-$(nproc)}
user_cc=${CC:-} # the release build's compiler, if one was named
export CC=${CC:-clang}

run() { echo "+ $*" >&2; "$@"; }

# Debian packages each mode needs; installed only when missing.
need_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
      missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "build.sh: missing packages: ${missing[*]} (run as root, or" \
         "apt-get install them)" >&2
    exit 1
  fi
  run apt-get update -qq
  DEBIAN_FRONTEND=noninteractive run apt-get install -y -qq "${missing[@]}"
}

# what a build needs: one list, read by the CI templates and README too
mapfile -t build_packages < <(grep -v '^#' packaging/debian-packages)
base_packages=("${build_packages[@]}" clang libclang-rt-14-dev perl)
test_packages=(python3 python3-jsonschema python3-yaml pre-commit libxml2-utils
  groff-base debootstrap chromium)
fuzz_packages=(afl++)

# The official SARIF validator (Microsoft's SARIF Multitool, from the npm
# registry) in build-tools/, for tests/sarif.t: code scanning's own rules
# are in it, and no Debian package has it.  npm comes from Debian when
# node has none of its own.  Its install script (chmod) is run by hand:
# npm asks before running it.
need_sarif_multitool() {
  local mt=build-tools/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
  [ -x "$mt" ] && return 0
  command -v npm >/dev/null || need_packages npm
  run npm install --prefix build-tools --no-audit --no-fund \
    @microsoft/sarif-multitool@5.7.0 >/dev/null
  run chmod u+x "$mt"
}

# A driver of Debian's Chromium from the npm registry, for the browser
# tests (tests/web.t): playwright-core, whose own browser download is not
# used (executablePath names /usr/bin/chromium).
need_playwright() {
  [ -f build-tools/node_modules/playwright-core/package.json ] && return 0
  command -v npm >/dev/null || need_packages npm
  run npm install --prefix build-tools --no-audit --no-fund \
    playwright-core@1.65.1 >/dev/null
}

# The page's checker needs PCRE2 as WebAssembly: the source of the release
# Debian 12 ships, from Debian's archive, checked against its hash.
pcre2_version=10.42
pcre2_sha256=c33b418e3b936ee3153de2c61cc638e7e4fe3156022a5c77d0711bcbb9d64f1f
need_pcre2_source() {
  local tar=build-web/pcre2_$pcre2_version.orig.tar.gz
  [ -f "build-web/pcre2-$pcre2_version/CMakeLists.txt" ] && return 0
  command -v curl >/dev/null || need_packages curl
  mkdir -p build-web
  run curl -fsSL -o "$tar" \
    "http://deb.debian.org/debian/pool/main/p/pcre2/pcre2_$pcre2_version.orig.tar.gz"
  echo "$pcre2_sha256  $tar" | sha256sum -c --quiet -
  run tar -xzf "$tar" -C build-web
}

# The browser page in build-web/site/: web/'s files and the checker as
# WebAssembly (web/CMakeLists.txt).
web_build() {
  need_packages emscripten cmake curl
  need_pcre2_source
  # Debian's emscripten runs its tools with the machine's node, which must
  # find Debian's node modules (acorn) where Debian's own node would
  export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
  run emcmake cmake -S web -B build-web/obj -DCMAKE_BUILD_TYPE=Release \
    -DPCRE2_SOURCE="$top/build-web/pcre2-$pcre2_version" >/dev/null
  run cmake --build build-web/obj -j "$jobs" >/dev/null
  rm -rf build-web/site
  mkdir -p build-web/site
  cp web/index.html web/app.js web/worker.js web/style.css \
    build-web/obj/tracegate.js build-web/obj/tracegate.wasm build-web/site/
}

# The C# programs of the TraceEvent tests (tests/dotnetlib.py): the
# reference reader (interop/traceevent) and the runtime's workloads
# (tests/dotnet/CaptureApp), into build-interop/, from NuGet with the
# versions their lock files pin.  Without dotnet the tests that need them
# say so in one line and skip; under CI=true that is a failure.
# The oracle's coverage-guided engine (oracle --engine afl): AFL++'s
# mutator module in a build of its own without sanitizers (afl-fuzz loads
# it), and the planted readers of tests/readers/afl/ built with afl-cc
# against that build's library, unoptimised so that each branch of their
# source is an edge AFL++ sees (-O2 makes some a conditional move); each
# also with its bug one step deep (-DPLANT_SHALLOW), for the test
# suite's budget.
afl_build() {
  need_packages "${fuzz_packages[@]}"
  configure_and_build build-afl-oracle -DTG_BUILD_TESTS=OFF
  mkdir -p build-afl-oracle/readers
  local src name libs
  libs=$(pkg-config --libs libpcre2-8)
  for src in tests/readers/afl/*.c; do
    name=$(basename "$src" .c)
    name=${name//_/-}
    # shellcheck disable=SC2086 # libs: pkg-config's words
    run env AFL_QUIET=1 afl-cc -O0 -Iinclude -o "build-afl-oracle/readers/$name" \
      "$src" build-afl-oracle/libtracegate.a $libs -lpthread
    # shellcheck disable=SC2086
    run env AFL_QUIET=1 afl-cc -O0 -DPLANT_SHALLOW -Iinclude \
      -o "build-afl-oracle/readers/$name-shallow" "$src" \
      build-afl-oracle/libtracegate.a $libs -lpthread
  done
}

interop_build() {
  if ! command -v dotnet >/dev/null; then
    echo "build.sh: dotnet is not on PATH: the TraceEvent tests" \
      "(traceevent.t, traceevent-compat.t, captures.t) will skip" >&2
    if [ "${CI:-}" = true ]; then
      echo "build.sh: CI=true: the reference reader must run" >&2
      exit 1
    fi
    return 0
  fi
  local project
  mkdir -p build-interop
  for project in interop/traceevent interop/traceevent-fuzz \
    tests/dotnet/CaptureApp; do
    echo "+ dotnet build -c Release $project" >&2
    if ! dotnet build -c Release --nologo "$project" \
      >build-interop/build.log 2>&1; then
      tail -n 30 build-interop/build.log >&2
      echo "build.sh: dotnet build $project failed" \
        "(build-interop/build.log)" >&2
      exit 1
    fi
  done
  sharpfuzz_instrument
}

# TraceEvent's assembly in the SharpFuzz harness (interop/traceevent-fuzz)
# instrumented for AFL++ by SharpFuzz's tool (NuGet SharpFuzz.CommandLine,
# pinned), in place; the tool says so and fails when it already is.
sharpfuzz_instrument() {
  local tools=build-interop/tools out
  local dll=build-interop/bin/TraceEventFuzz/release/Microsoft.Diagnostics.Tracing.TraceEvent.dll
  if [ ! -x "$tools/sharpfuzz" ]; then
    run dotnet tool install SharpFuzz.CommandLine --version 2.3.0 \
      --tool-path "$tools" >/dev/null
  fi
  if ! out=$("$tools/sharpfuzz" "$dll" 2>&1) &&
    [[ "$out" != *"already instrumented"* ]]; then
    echo "$out" >&2
    echo "build.sh: sharpfuzz could not instrument $dll" >&2
    exit 1
  fi
}

# Whether fuzz target FORMAT is among the TARGETs named (all when none is).
wanted() { # FORMAT [TARGET...]
  local format=$1
  shift
  [ $# -eq 0 ] || printf '%s\n' "$@" | grep -qx "$format"
}

configure_and_build() { # DIR [cmake args...]
  local dir=$1; shift
  run cmake -S "$top" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" \
    >/dev/null
  run cmake --build "$dir" -j "$jobs"
}

# The profile-guided build in build-bench/, the benchmark's extra beside
# the plain build users get (build/): a build instrumented to count
# (build-pgo/) checks a training set, and the release build is laid out by
# what it counted (reports/README.md has the figures).  The training set is the bundled corpus and one generated
# trace per format and profile with code of its own, of seed 1, never the
# benchmark's seed 11.  The compiler is gcc unless CC names another: with the same
# profile gcc's code takes 7 to 15% fewer instructions than clang's on
# every format but AFPerf (3 to 6% more), and about the same time.  clang
# or gcc profile; any other compiler, or TG_PGO=0, makes none (the
# benchmark then measures the plain build alone).
# A check run of the training: verdicts' exit codes are expected, a
# crash's is not.
train_check() {
  local tg=$1 code=0
  shift
  run "$tg" check "$@" >/dev/null || code=$?
  if [ "$code" -ge 64 ]; then
    echo "build.sh: the training run of $tg failed (exit $code)" >&2
    exit 1
  fi
}

# A folder configured for another compiler than CC is made afresh.
for_compiler() { # CC DIR...
  local cc=$1 dir
  shift
  for dir in "$@"; do
    if [ -f "$dir/CMakeCache.txt" ] &&
      ! grep -q "^CMAKE_C_COMPILER:FILEPATH=.*/$(basename "$cc")\$" \
        "$dir/CMakeCache.txt"; then
      rm -rf "$dir"
    fi
  done
}

# The build a user wants: release, the CLI linked statically, no tests,
# quiet: make's progress goes to build/build.log, shown only on failure.
plain_build() {
  local cc=${user_cc:-gcc} start=$SECONDS
  for_compiler "$cc" build
  mkdir -p build
  if ! CC=$cc configure_and_build build -DCMAKE_BUILD_TYPE=Release \
    -DTG_STATIC_CLI=ON -DTG_PGO_PROFILE= -DTG_BUILD_TESTS=OFF \
    >build/build.log 2>&1; then
    tail -n 40 build/build.log >&2
    echo "build.sh: the build failed; the whole log is build/build.log" >&2
    exit 1
  fi
  echo "built $(build/tracegate --version | head -n 1) in $((SECONDS - start)) s:" \
    "build/tracegate, build/libtracegate.a, build/libtracegate.so" \
    "(log: build/build.log)"
}

# The benchmark's build: release, laid out by a profile of its own runs.
release_build() {
  local cc=${user_cc:-gcc}
  for_compiler "$cc" build-bench build-pgo
  if [ "${TG_PGO:-1}" = 0 ] || { [ "$cc" != clang ] && [ "$cc" != gcc ]; }; then
    return 1
  fi
  [ "$cc" != clang ] || need_packages llvm
  local train=build-pgo/train tg=build-pgo/tracegate counts=build-pgo/gcda
  local profile=$top/build-pgo/tracegate.profdata
  [ "$cc" != gcc ] || profile=$top/$counts
  CC=$cc configure_and_build build-pgo -DCMAKE_BUILD_TYPE=Release \
    -DTG_PGO_TRAIN=ON -DTG_PGO_DIR="$top/$counts" -DTG_BUILD_TESTS=OFF
  # trained again only when the instrumented build changed: a new profile
  # rebuilds every object of build-bench/
  if [ ! -e build-pgo/trained ] || [ "$tg" -nt build-pgo/trained ]; then
    rm -rf "$train" "$counts"
    mkdir -p "$train" "$counts"
    # every run of the instrumented build leaves its counts there, never
    # in the working folder; the generator's runs are counted too
    local LLVM_PROFILE_FILE="$top/$train/%p.profraw"
    export LLVM_PROFILE_FILE
    # a trace of each format, and of each profile that has code of its
    # own (NetTrace v6's layout, TraceLog's readers of canonical hex),
    # checked under that profile; then the corpus, its invalid traces too
    local format of
    while read -r format of; do
      run "$tg" gen "$format" --profile "$of" --seed 1 --size 8M \
        --count 1 --out "$train/$format-$of" >/dev/null
      train_check "$tg" --profile "$of" "$train/$format-$of"/*
    done < <("$tg" rules | awk '/^[^ ]/ { print $1, "default" }
      END { print "nettrace nettrace-v6"; print "tracelog strict-canonical" }')
    train_check "$tg" corpus/*/valid/* corpus/*/invalid/*/* corpus/*/warn/*/*
    if [ "$cc" = clang ]; then
      run llvm-profdata merge -o "$profile" "$train"/*.profraw
    else
      touch "$counts/stamp"
    fi
    touch build-pgo/trained
  fi
  CC=$cc configure_and_build build-bench -DCMAKE_BUILD_TYPE=Release \
    -DTG_STATIC_CLI=ON -DTG_PGO_PROFILE="$profile" -DTG_BUILD_TESTS=OFF
}

case $mode in
  build)
    need_packages "${build_packages[@]}"
    plain_build
    ;;
  test)
    need_packages "${base_packages[@]}" "${test_packages[@]}"
    need_sarif_multitool
    need_playwright
    web_build
    interop_build
    afl_build
    configure_and_build build-test -DTG_SANITIZER=address,undefined
    export TRACEGATE="$top/build-test/tracegate"
    export TG_BUILD_DIR="$top/build-test"
    export TG_SHARED="$top/../shared"
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    # as many tests at once as there are cores: each waits on its own
    # processes, and none shares a file with another
    run prove -j "$jobs" --exec '' --timer build-test/tests/*-t tests/*.t
    # checks on several threads at once, under ThreadSanitizer: that test
    # alone, in a build of its own
    run cmake -S "$top" -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DTG_SANITIZER=thread >/dev/null
    run cmake --build build-tsan -j "$jobs" --target threads-t
    run env TSAN_OPTIONS=halt_on_error=1 prove --exec '' build-tsan/tests/threads-t
    # the checker alone (TG_BUILD_CORPUS=OFF), as an embedder who only
    # checks builds it: the tests that say so run against it too
    configure_and_build build-checker -DTG_SANITIZER=address,undefined \
      -DTG_BUILD_CORPUS=OFF
    export TRACEGATE="$top/build-checker/tracegate"
    export TG_BUILD_DIR="$top/build-checker"
    mapfile -t checker_tests < <(grep -l \
      '^# build.sh test runs this against the checker-only build too' \
      tests/*.t)
    run prove -j "$jobs" --exec '' --timer "${checker_tests[@]}"
    ;;
  fuzz | fuzz-large)
    need_packages "${base_packages[@]}" "${fuzz_packages[@]}"
    configure_and_build build-fuzz -DTG_SANITIZER=address,undefined \
      -DTG_BUILD_FUZZERS=ON -DTG_BUILD_TESTS=OFF
    if [ "$mode" = fuzz ]; then
      seconds=${2:-60}
      # 64 KiB inputs: large seeds (real samples) are used by their prefix
      size=(-max_len=65536)
    else
      seconds=${2:-600}
      # libFuzzer's length control keeps inputs near 100 KB; off, with
      # seeds above 1 MiB, the window growing, blocks and records over
      # 100 KiB and the block limit are fuzzed too
      size=(-len_control=0 -max_len=4194304 -rss_limit_mb=4096)
    fi
    for src in fuzz/*_fuzz.c; do
      name=$(basename "$src" .c)
      format=${name%_fuzz}
      wanted "$format" "${@:3}" || continue
      # grows; corpus/ stays as committed; large inputs in their own
      work="build-fuzz/work-$name"
      [ "$mode" = fuzz ] || work="build-fuzz/work-large-$name"
      mkdir -p "$work"
      # a format's target starts from its corpus; roundtrip (generator
      # choices, not trace bytes) from its regressions alone
      seeds=""
      [ -d "corpus/$format" ] && seeds="corpus/$format"
      [ -d "fuzz/regressions/$format" ] && seeds="$seeds fuzz/regressions/$format"
      [ -d "../shared/samples/$format" ] && seeds="$seeds ../shared/samples/$format"
      if [ "$mode" = fuzz-large ] && [ -d "corpus/$format" ]; then
        # a valid and a hostile trace above 1 MiB per profile
        large="build-fuzz/large-seeds-$format"
        mkdir -p "$large"
        for profile in $(build-fuzz/tracegate rules "$format" | sed -n \
          's/.*profiles: \(.*\))$/\1/p'); do
          for style in "" --hostile; do
            build-fuzz/tracegate gen "$format" --profile "$profile" $style \
              --size 1200000 --seed 3 --out - \
              >"$large/$profile${style:+-hostile}.bin"
          done
        done
        seeds="$large $seeds"
      fi
      dict=()
      [ -f "fuzz/$format.dict" ] && dict=(-dict="fuzz/$format.dict")
      # findings go to the build folder, never the repository's root;
      # one worth keeping moves to fuzz/regressions/ under a telling name
      mkdir -p "build-fuzz/artifacts-$name"
      # shellcheck disable=SC2086
      run "build-fuzz/$name" -max_total_time="$seconds" "${size[@]}" \
        -print_final_stats=1 "${dict[@]}" \
        -artifact_prefix="build-fuzz/artifacts-$name/" "$work" $seeds
    done
    ;;
  afl)
    need_packages "${base_packages[@]}" "${fuzz_packages[@]}"
    CC=afl-clang-fast configure_and_build build-afl -DTG_BUILD_FUZZERS=ON \
      -DTG_BUILD_TESTS=OFF
    # the mutator runs inside afl-fuzz: plain objects, not instrumented
    configure_and_build build-afl-mutator -DTG_BUILD_TESTS=OFF
    seconds=${2:-60}
    for src in fuzz/*_fuzz.c; do
      name=$(basename "$src" .c)
      format=${name%_fuzz}
      wanted "$format" "${@:3}" || continue
      rm -rf "build-afl/out-$name"
      seeds="corpus/$format/valid"
      [ -d "$seeds" ] || seeds="fuzz/regressions/$format"
      dict=()
      [ -f "fuzz/$format.dict" ] && dict=(-x "fuzz/$format.dict")
      envs=(AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1
        AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1)
      # tracegate's mutations of the format (roundtrip's inputs are
      # generator choices: it has none)
      [ "$format" = roundtrip ] || envs+=(TG_AFL_FORMAT="$format"
        AFL_CUSTOM_MUTATOR_LIBRARY="$top/build-afl-mutator/tracegate-afl-mutator.so")
      run env "${envs[@]}" afl-fuzz -i "$seeds" -o "build-afl/out-$name" \
        -V "$seconds" "${dict[@]}" -- "build-afl/$name"
      grep -E 'execs_done|saved_crashes|saved_hangs' \
        "build-afl/out-$name/default/fuzzer_stats"
      if grep -Eq 'saved_(crashes|hangs) *: [1-9]' \
        "build-afl/out-$name/default/fuzzer_stats"; then
        echo "build.sh: afl-fuzz saved a crash or hang in build-afl/out-$name" >&2
        exit 1
      fi
    done
    ;;
  bench)
    need_packages "${base_packages[@]}" python3 valgrind
    plain_build
    pgo=""
    if release_build; then pgo=$top/build-bench/tracegate; fi
    shift
    # the planted readers the coverage-guided oracle is measured on
    [[ " $* " != *" afl "* ]] || afl_build
    export TG_PGO_TRACEGATE=$pgo
    run tests/bench.sh "$top/build/tracegate" "$top/reports" "$@"
    ;;
  gcc)
    need_packages "${base_packages[@]}"
    CC=gcc configure_and_build build-gcc -DCMAKE_BUILD_TYPE=Release
    # and the checker alone, as an embedder who only checks builds it
    CC=gcc configure_and_build build-gcc-checker -DCMAKE_BUILD_TYPE=Release \
      -DTG_BUILD_CORPUS=OFF
    # and NetTrace alone (TG_FORMATS): no PCRE2 in the library, which only
    # AFPerf needs; the other formats unknown to it
    CC=gcc configure_and_build build-gcc-nettrace -DCMAKE_BUILD_TYPE=Release \
      -DTG_FORMATS=nettrace
    tests/formats-option.sh build-gcc-nettrace
    # the same seed gives the same bytes whatever the compiler: gcc's
    # build writes the corpus that tests/corpus.t holds clang's to
    made=$(mktemp -d)
    trap 'rm -rf "$made"' EXIT
    run corpus/regenerate.sh "$top/build-gcc/tracegate" "$made"
    for format in "$made"/*; do
      run diff -r "$format" "$top/corpus/$(basename "$format")"
    done
    ;;
  format)
    need_packages clang-format git
    mapfile -t sources < <(git ls-files '*.c' '*.h')
    if [ "${2:-}" = --check ]; then
      run clang-format --dry-run --Werror "${sources[@]}"
    else
      run clang-format -i "${sources[@]}"
    fi
    ;;
  oss-fuzz)
    need_packages "${base_packages[@]}" zip unzip
    out="$top/build-ossfuzz/out" work="$top/build-ossfuzz/work"
    rm -rf build-ossfuzz
    mkdir -p "$out" "$work" build-ossfuzz/src
    ln -s "$top" build-ossfuzz/src/tracegate
    # what the services' base-builder image sets for an ASan libFuzzer build
    CC=clang CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only \
-fsanitize=address -fsanitize-address-use-after-scope \
-fsanitize=fuzzer-no-link" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
      SRC="$top/build-ossfuzz/src" WORK="$work" OUT="$out" \
      run bash .clusterfuzzlite/build.sh
    for target in "$out"/*_fuzz; do
      name=$(basename "$target")
      if ldd "$target" | grep -Ev 'linux-vdso|ld-linux|lib(c|m|pthread|dl|rt|gcc_s|stdc\+\+)\.so'; then
        echo "build.sh: $name needs a library the services do not have" >&2
        exit 1
      fi
      seeds="$work/unzipped-$name"
      mkdir -p "$seeds"
      run unzip -qo "$out/${name}_seed_corpus.zip" -d "$seeds"
      run "$target" -runs=0 "$seeds"
    done
    ;;
  example)
    need_packages "${base_packages[@]}"
    plain_build
    rm -rf build-install
    run cmake --install build --prefix "$top/build-install" >/dev/null
    export PKG_CONFIG_PATH="$top/build-install/lib/pkgconfig"
    # shellcheck disable=SC2046 # pkg-config prints several words
    run "$CC" -Wall -Wextra -Werror -o build-install/check_files \
      examples/check_files.c $(pkg-config --cflags --libs tracegate) -lpthread
    # valid traces of two formats exit 0, one invalid file among them 1
    LD_LIBRARY_PATH="$top/build-install/lib" run build-install/check_files \
      corpus/nettrace/valid/0000.nettrace.bin \
      corpus/afperf/valid/0000.afperf.bin
    # ... and every block it took from the example's allocator is given
    # back (no AFPerf file: nothing is kept for the process)
    set +e
    LD_LIBRARY_PATH="$top/build-install/lib" build-install/check_files \
      corpus/nettrace/valid/0000.nettrace.bin \
      corpus/dumpalloc/invalid/DA-REC-003/0000.dumpalloc.bin \
      > build-install/check_files.out
    code=$?
    set -e
    cat build-install/check_files.out
    [ "$code" -eq 1 ] || { echo "build.sh: example exit $code, want 1" >&2;
                           exit 1; }
    version=$(build/tracegate --version | sed -n 's/^tracegate //p')
    want="2 files: violations (tracegate $version); 0 blocks of our allocator kept by the library"
    [ "$(tail -n 1 build-install/check_files.out)" = "$want" ] || {
      echo "build.sh: example's last line is not: $want" >&2; exit 1; }
    ;;
  web)
    web_build
    echo "the page is in build-web/site/: python3 -m http.server -d" \
      "build-web/site 8000, then open http://localhost:8000"
    ;;
  corpus)
    need_packages "${base_packages[@]}"
    plain_build
    run corpus/regenerate.sh "$top/build/tracegate" "$top/corpus"
    ;;
  *)
    echo "usage: ./build.sh [build|test|fuzz [SECONDS]|afl [SECONDS]|oss-fuzz|bench [WHAT]|web|corpus|gcc|example|format [--check]]" >&2
    exit 2
    ;;
esac
