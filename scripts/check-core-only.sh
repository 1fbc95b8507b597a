#!/usr/bin/env bash
# Checks that an app importing only the `Store` product links no action-log or property-testing
# code: builds Examples/Counter for release and reads the symbols of its two apps.
#
#   scripts/check-core-only.sh
#
# CounterApp imports only `Store`: it must hold no symbol of the ActionLog, PropertyTesting or
# StoreTesting modules. CounterRecorder imports `ActionLog` too: it must hold ActionLog symbols,
# which shows that the check would see them. Swift names a module in its mangled symbols by
# length and name (`9ActionLog`), specialisations included, so a grep of `nm` finds them.
set -euo pipefail
cd "$(dirname "$0")/../Examples/Counter"

swift build -c release 2>&1 | tail -n 1
bin=$(swift build -c release --show-bin-path)

symbols() { nm "$1" | grep -cE "$2" || true; }
bytes() { nm -S -t d "$1" | awk -v pattern="$2" 'NF >= 4 && $4 ~ pattern { sum += $2 } END { print sum + 0 }'; }

status=0
report() {  # binary, module, mangled pattern, expectation (none | some)
  local count size
  count=$(symbols "$bin/$1" "$3")
  size=$(bytes "$bin/$1" "$3")
  printf '%-16s %-16s %6s symbols %9s bytes\n' "$1" "$2" "$count" "$size"
  if [ "$4" = none ] && [ "$count" -ne 0 ]; then
    echo "check-core-only: $1 imports only Store but links $count $2 symbols" >&2
    status=1
  fi
  if [ "$4" = some ] && [ "$count" -eq 0 ]; then
    echo "check-core-only: found no $2 symbols in $1, which uses it: the check cannot see them" >&2
    status=1
  fi
}

report CounterApp Store '5Store' some
report CounterApp ActionLog '9ActionLog' none
report CounterApp PropertyTesting '15PropertyTesting' none
report CounterApp StoreTesting '12StoreTesting' none
report CounterRecorder ActionLog '9ActionLog' some
report CounterRecorder PropertyTesting '15PropertyTesting' none

if [ "$status" -eq 0 ]; then
  echo "check-core-only: an app importing only Store links no action-log or property-testing code"
fi
exit "$status"
