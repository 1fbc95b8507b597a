#!/usr/bin/env bash
# Fuzzes the action log's reader and the app's log coding with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz-log.sh [SECONDS]     default 60
#
# Builds the LogFuzzer product for release (in .build/fuzz-log, apart from the normal build:
# optimised, with every overflow check kept, it runs several times faster), then runs it
# for SECONDS starting from the recorded logs in Tests/Fuzz/seeds/logs and the logs that once
# broke a replay, in Tests/Fuzz/regressions/logs. Each input is replayed
# as a log in every mode (plain, verify, trace, until) and each of its lines that reads as an
# action or a state must survive writing and reading again; a trap, a memory error or a broken
# round trip is a crash. New interesting inputs collect in .build/fuzz-log/corpus. A crash leaves
# a `crash-…` file in the current directory and exits non-zero; replay it with
#   .build/fuzz-log/release/LogFuzzer crash-…
# and make it a regression test (Tests/AppLogTests/LogFuzzRegressionTests.swift).
#
# SwiftPM passes `--sanitize=fuzzer --sanitize=address` to the compiler as two flags, and the
# last one wins: the build then fuzzes blind (`cov: 0`) or without AddressSanitizer. So the two
# go to the compiler as one flag, and `--sanitize=fuzzer` links libFuzzer. The script stops if
# the fuzzer reports no coverage (scripts/fuzz-common.sh runs it).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"

swift build -c release --product LogFuzzer --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
  -Xswiftc -DFUZZING --scratch-path .build/fuzz-log
# shellcheck source=scripts/fuzz-common.sh
source scripts/fuzz-common.sh
run_fuzzer fuzz-log .build/fuzz-log/release/LogFuzzer "$seconds" 10 \
  .build/fuzz-log/corpus Tests/Fuzz/seeds/logs Tests/Fuzz/regressions/logs
