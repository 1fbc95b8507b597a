#!/usr/bin/env bash
# Fuzzes the console on another app, with libFuzzer and AddressSanitizer: its tools — replay
# (plain, --verify --trace, --diff, --skip … --diff, --emit-test) and shrink — on the input as a
# log, and its REPL on the input's lines: the command grammar (commands, `:` commands, actions
# typed as Swift), the typed syntax's reading (through init(from:) and the derived lines'
# templates) and Tab's completion.
#
#   scripts/fuzz-console.sh [SECONDS]     default 60
#
# Builds the ConsoleFuzzer product for release (in .build/fuzz-console), records its seed logs
# (sessions of a small app with a list of structs, an optional, an enum and a dictionary in its
# state: Sources/CLI/ConsoleFuzzer/Shelf.swift) with a plain build of the same target, then runs
# it for SECONDS. Each input is written as a log and goes through every tool; a trap, a memory
# error or a status other than 0, 1 or 2 is a crash, left as a `crash-…` file in the current
# directory (exit non-zero). Replay one with a plain build:
#   swift build --product ConsoleFuzzer && .build/debug/ConsoleFuzzer crash-…
# New interesting inputs collect in .build/fuzz-console/corpus. The fuzzer is told apart from
# a blind run by its coverage: the script stops if libFuzzer reports none (scripts/fuzz-common.sh
# runs it).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"

swift build --product ConsoleFuzzer
seeds=.build/fuzz-console/seeds
"$(swift build --show-bin-path)/ConsoleFuzzer" --seeds "$seeds"
swift build -c release --product ConsoleFuzzer --sanitize=fuzzer \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --scratch-path .build/fuzz-console
# shellcheck source=scripts/fuzz-common.sh
source scripts/fuzz-common.sh
run_fuzzer fuzz-console .build/fuzz-console/release/ConsoleFuzzer "$seconds" 20 \
  .build/fuzz-console/corpus "$seeds" Tests/Fuzz/seeds/commands
