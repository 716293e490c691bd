#!/usr/bin/env bash
# regenerate.sh TRACEGATE OUTDIR - write the committed conformance corpus.
# Every registered format (the unindented lines of `tracegate rules` name
# them), from one seed: tests/corpus.t runs it into a temporary folder and
# demands the same bytes as corpus/; `./build.sh corpus` runs it into
# corpus/.
set -euo pipefail
tracegate=$1
out=$2
seed=1
for format in $("$tracegate" rules | awk '/^[^ ]/ {print $1}'); do
  rm -rf "${out:?}/$format"
  "$tracegate" mutate "$format" --seed "$seed" --out "$out/$format"
done
