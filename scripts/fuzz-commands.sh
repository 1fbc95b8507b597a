#!/usr/bin/env bash
# Fuzzes the REPL's command parser with libFuzzer.
#
#   scripts/fuzz-commands.sh [SECONDS]     default 60
#
# Builds the CommandFuzzer product with the fuzzer sanitizer (in .build/fuzz, apart from the
# normal build), then runs it for SECONDS starting from the seed lines in Tests/Fuzz/seeds. New
# interesting inputs collect in .build/fuzz/corpus. A crash leaves a `crash-…` file in the current
# directory and exits non-zero; replay it with
#   .build/fuzz/debug/CommandFuzzer crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"

swift build --sanitize=fuzzer --product CommandFuzzer -Xswiftc -DFUZZING --scratch-path .build/fuzz
mkdir -p .build/fuzz/corpus
SWIFT_BACKTRACE=enable=no .build/fuzz/debug/CommandFuzzer \
  .build/fuzz/corpus Tests/Fuzz/seeds/commands \
  -max_total_time="$seconds" -max_len=4096 -timeout=5 -print_final_stats=1
