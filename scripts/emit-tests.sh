#!/usr/bin/env bash
# Writes Tests/EmittedTests/<Name>Session.swift again from each log in Tests/EmittedTests/Logs,
# with `uniflow replay LOG --emit-test FILE`. Run it after changing the emitter or a reducer on
# purpose; CLITests' "Sessions emitted as tests" fails while a committed test is out of date.
set -euo pipefail
cd "$(dirname "$0")/../Tests/EmittedTests"
swift build --package-path ../.. --product uniflow >/dev/null
uniflow=$(swift build --package-path ../.. --show-bin-path)/uniflow
for log in Logs/*.log; do
  name=$(basename "$log" .log)
  (cd Logs && "$uniflow" replay "$name.log" --emit-test "../${name^}Session.swift")
  echo "wrote Tests/EmittedTests/${name^}Session.swift"
done
