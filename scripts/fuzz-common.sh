# Sourced by scripts/fuzz-log.sh and scripts/fuzz-console.sh: runs a libFuzzer binary and checks
# that it fuzzed with coverage.
#
#   run_fuzzer NAME BINARY SECONDS TIMEOUT CORPUS [SEED_DIR…]
#
# Runs BINARY for SECONDS on CORPUS (made if missing, where new inputs collect) and the seed
# directories, each input at most TIMEOUT seconds, 16 KB and 4 GB of memory, with
# AddressSanitizer's leak check off (XCTest and Foundation leak by design). The fuzzer's own
# files go in a temporary directory of this run (TMPDIR), removed at the end. The output is
# also kept in DIR/last-run.txt (DIR: the build folder above BINARY's). Returns the fuzzer's
# status (non-zero after a crash, which leaves a `crash-…` file in the current directory), or 1
# when libFuzzer reported no coverage: SwiftPM passes `--sanitize=fuzzer --sanitize=address` as
# two flags and the last one wins, so a build can fuzz blind (`cov: 0`).
run_fuzzer() {
  local name=$1 binary=$2 seconds=$3 timeout=$4
  shift 4
  local log scratch status=0
  log="$(dirname "$(dirname "$binary")")/last-run.txt"
  mkdir -p "$1"
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/uniflow-$name.XXXXXX")
  TMPDIR=$scratch SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$binary" "$@" \
    -max_total_time="$seconds" -max_len=16384 -timeout="$timeout" -rss_limit_mb=4096 \
    -print_final_stats=1 2>&1 | tee "$log" || status=$?
  rm -rf "$scratch"
  if ! grep -Eq 'cov: [1-9]' "$log"; then
    echo "$name.sh: the fuzzer reported no coverage (cov: 0); the build is not instrumented" >&2
    return 1
  fi
  return "$status"
}
