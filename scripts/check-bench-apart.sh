#!/usr/bin/env bash
# Checks that the benchmarks stay out of the app: `uniflow` links no symbol of the Bench module
# (the benchmarks, and the shrinking and effect-property corpora they run), while
# `uniflow-bench` does, which shows the check would see them. Reads the debug build's binaries
# (CI has built them); prints both binaries' sizes.
#
#   scripts/check-bench-apart.sh [BIN_DIR]      # default: swift build --show-bin-path
#
# Swift names a module in its mangled symbols by its length and name
# (`$s5Bench12BenchCommandO…`), so a grep of `nm` finds them.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-$(swift build --show-bin-path)}

count() { nm "$1" | grep -cE '(^|[^0-9])5Bench[0-9]' || true; }
app=$(count "$bin/uniflow")
bench=$(count "$bin/uniflow-bench")
printf '%-14s %9s bytes %6s Bench symbols\n' uniflow "$(stat -c %s "$bin/uniflow")" "$app" \
  uniflow-bench "$(stat -c %s "$bin/uniflow-bench")" "$bench"
if [ "$app" -ne 0 ]; then
  echo "check-bench-apart: uniflow links $app symbols of the Bench module" >&2
  exit 1
fi
if [ "$bench" -eq 0 ]; then
  echo "check-bench-apart: found no Bench symbols in uniflow-bench: the check cannot see them" >&2
  exit 1
fi
