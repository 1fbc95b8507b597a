#!/bin/sh
# Runs the effect-property tests three times under the thread sanitizer (issue 19): the corpus of
# planted effect bugs must be found and shrunk to the same schedules from the same seeds, the
# correct twins must pass, and no race may be reported. A scratch path of its own keeps the debug
# build intact.
set -eu
cd "$(dirname "$0")/.."
scratch="${TSAN_SCRATCH:-.build-tsan}"
filter='EffectCorpusTests|EffectPropertyTests|ReadyEffectOrderTests|WeatherEffectPropertyTests|ClockEffectPropertyTests|EffectSchedulesDocTests|TestStoreEffectStartsTests|TestStoreHeldOperationsTests|PrintedReadyOrderTests'
swift build --build-tests --sanitize=thread --scratch-path "$scratch"
for run in 1 2 3; do
  echo "effect-properties-tsan: run $run of 3"
  swift test --skip-build --sanitize=thread --scratch-path "$scratch" --filter "$filter"
done
