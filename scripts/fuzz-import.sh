#!/bin/sh
# The config.json importer's fuzzer (kept for its name; scripts/fuzz.sh runs
# any target).
#   scripts/fuzz-import.sh            # 600 s (the issue's 10-minute run)
#   scripts/fuzz-import.sh 5          # a short smoke run
exec "$(dirname "$0")/fuzz.sh" hf_import "${1:-600}"
