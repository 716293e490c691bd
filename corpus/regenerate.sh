#!/usr/bin/env bash
# regenerate.sh TRACEGATE OUTDIR - write the committed conformance corpus.
# The one place that says which formats and seeds the corpus holds:
# tests/corpus.t runs it into a temporary folder and demands the same bytes
# as corpus/; `./build.sh corpus` runs it into corpus/.
set -euo pipefail
tracegate=$1
out=$2
seed=1
for format in dumpalloc; do
  rm -rf "${out:?}/$format"
  "$tracegate" mutate "$format" --seed "$seed" --out "$out/$format"
done
