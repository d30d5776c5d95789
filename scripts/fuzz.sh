#!/bin/sh
# Builds one libFuzzer target of tests/fuzz and runs it.
#   scripts/fuzz.sh json_parse          # the JSON parser, inputs up to 1 MiB, 600 s
#   scripts/fuzz.sh hf_import 5         # the config.json importer, a short smoke run
#   scripts/fuzz.sh evaluate 600        # the whole evaluate() entry
# Needs clang++ with libFuzzer (clang-14 here).  The core, the answer checker
# and the API come from the sanitize preset's build (build/sanitize): that
# preset compiles with clang, ASan, UBSan and libFuzzer's coverage
# (fuzzer-no-link), so the core tests under the sanitizers and the fuzzers
# share one build of the libraries instead of two (issue 36's CPU budget),
# and the fuzzers link whatever files the project's targets hold (its source
# lists and the generated messages and catalog).  Exec counts are in the
# final stats it prints.
set -eu
cd "$(dirname "$0")/.."
target="${1:?usage: scripts/fuzz.sh json_parse|hf_import|evaluate [seconds]}"
seconds="${2:-600}"
CXX="${CXX:-$(command -v clang++-14 || command -v clang++)}"
out=build/sanitize
corpora=build/fuzz
flags="-O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all"

case "$target" in
  # The issue's bugs needed inputs of 100 KB and more: the parser's run starts
  # at the full length instead of growing it slowly from a few bytes.
  json_parse) max_len=1048576 length_control="-len_control=0" ;;
  hf_import) max_len=8192 length_control="" ;;
  evaluate) max_len=65536 length_control="" ;;
  *) echo "fuzz.sh: unknown target $target (json_parse, hf_import, evaluate)" >&2; exit 2 ;;
esac

corpus="$corpora/corpus-$target"
mkdir -p "$corpus"
# TALLY_FUZZ_BUILT=1: the caller has built the libraries (npm test runs the
# three targets at once, and three builds of one tree at once would race).
if [ -z "${TALLY_FUZZ_BUILT:-}" ]; then
  cmake --preset sanitize -Wno-dev >"$corpora/configure.log"
  nice cmake --build --preset sanitize -j 2 --target tally_api >"$corpora/build.log" || { tail -40 "$corpora/build.log" >&2; exit 1; }
fi
binary="$corpora/${target}_fuzz"
libs="$out/libtally_api.a $out/libtally_answer.a $out/libtally_core.a"
# shellcheck disable=SC2086
if [ ! -x "$binary" ] || [ -n "$(find $libs "tests/fuzz/${target}_fuzz.cpp" -newer "$binary" | head -1)" ]; then
  # The API and the answer checker call each other: the archives are one group.
  # shellcheck disable=SC2086
  $CXX -std=c++17 $flags -fsanitize=fuzzer -Isrc -I"$out/generated" -o "$binary" "tests/fuzz/${target}_fuzz.cpp" \
    -Wl,--start-group $libs -Wl,--end-group
fi

# Seeds: real configs, content files and the requests of the parity grid.
cp tests/fixtures/hf/*.json "$corpus/"
[ "$target" = hf_import ] || cp content/models/*.json "$corpus/"
# The JSON parser also starts from the conformance corpus (y_, n_ and i_ cases).
[ "$target" = json_parse ] && cp tests/fixtures/json-conformance/[yni]_*.json "$corpus/"
if [ "$target" = evaluate ]; then
  node --input-type=module -e "
    import fs from 'node:fs';
    const { requestGrid } = await import('./tests/wasm/grid.mjs');
    requestGrid().forEach((r, i) => fs.writeFileSync('$corpus/grid-' + i + '.json', r));"
fi
ASAN_OPTIONS=detect_leaks=1 "$binary" "$corpus" -max_total_time="$seconds" -max_len="$max_len" $length_control \
  -timeout=20 -rss_limit_mb=3072 -print_final_stats=1 -artifact_prefix="$corpora/$target-"
