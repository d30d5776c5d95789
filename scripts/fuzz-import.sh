#!/bin/sh
# Builds the config.json importer's libFuzzer target in build/fuzz and runs it.
#   scripts/fuzz-import.sh            # 600 s (the issue's 10-minute run)
#   scripts/fuzz-import.sh 5          # a short smoke run
# Needs clang++ with libFuzzer (clang-14 here).  Seeds: tests/fixtures/hf.
set -eu
cd "$(dirname "$0")/.."
seconds="${1:-600}"
CXX="${CXX:-$(command -v clang++ || command -v clang++-14)}"
out=build/fuzz
mkdir -p "$out/corpus"
flags="-std=c++17 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -Isrc"

# The catalog is embedded exactly as the CMake build does it.
cmake -DCONTENT_DIR="$PWD/content" -DOUTPUT="$PWD/$out/catalog_data.cpp" -P cmake/embed_content.cmake
if [ ! -x "$out/hf_import_fuzz" ] || [ -n "$(find src tests/fuzz content -newer "$out/hf_import_fuzz" -type f | head -1)" ]; then
  # shellcheck disable=SC2086
  $CXX $flags -o "$out/hf_import_fuzz" tests/fuzz/hf_import_fuzz.cpp src/api/*.cpp src/core/*.cpp \
    src/core/mechanisms/*.cpp "$out/catalog_data.cpp"
fi
cp tests/fixtures/hf/*.json "$out/corpus/"
ASAN_OPTIONS=detect_leaks=1 "$out/hf_import_fuzz" "$out/corpus" -max_total_time="$seconds" -max_len=8192 \
  -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$out/"
