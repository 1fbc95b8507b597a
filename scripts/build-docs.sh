#!/usr/bin/env bash
# Builds the documentation of the five library products offline, with the toolchain's `docc`
# and no plugin, and checks it:
#
#   scripts/build-docs.sh        # archives in .build/docs/<Module>.doccarchive
#
# 1. `swift build --build-tests` builds the package and its test modules (debug): without them,
#    `swift package dump-symbol-graph` stops on a fresh clone ("Couldn't load module
#    'UniflowPackageTests'"). Then it writes each module's public symbols and their doc comments
#    as symbol graphs.
# 2. `docc convert` turns each product's catalog (Sources/Store/*/<Module>.docc, and
#    Sources/CLI/Console/Console.docc for the console) and its module's
#    symbol graphs into a documentation archive, writing every warning to a diagnostics file: a
#    ``link`` that resolves to nothing, a topic that names no symbol, a parameter left out.
# 3. scripts/check-docs.py fails on any such warning, and on any public symbol without a doc
#    comment (for Console, also without a ```swift example in it), unless scripts/docs-baseline.txt lists it (known gaps, to be fixed and deleted
#    from it; a line that no longer applies fails too, so the list only shrinks).
#
# To read the result in a browser: `python3 -m http.server -d .build/docs/Store.doccarchive`,
# then open http://localhost:8000/documentation/store.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/docs
modules=(Store ActionLog PropertyTesting StoreTesting Console)
rm -rf "$out"
mkdir -p "$out"

if ! swift build --build-tests >"$out/build.log" 2>&1; then
  cat "$out/build.log"
  exit 1
fi
graphs="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
rm -rf "$graphs"
if ! swift package dump-symbol-graph --skip-synthesized-members >"$out/dump-symbol-graph.log" 2>&1; then
  cat "$out/dump-symbol-graph.log"
  exit 1
fi

for module in "${modules[@]}"; do
  catalog=$(find Sources/Store Sources/CLI -mindepth 2 -maxdepth 2 -type d -name "$module.docc")
  if [ -z "$catalog" ]; then
    echo "build-docs: no $module.docc catalog under Sources/Store or Sources/CLI" >&2
    exit 1
  fi
  mkdir -p "$out/symbol-graphs/$module"
  cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$out/symbol-graphs/$module/" \
    2>/dev/null || true
  if ! docc convert "$catalog" --additional-symbol-graph-dir "$out/symbol-graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.uniflow.$module" \
    --diagnostics-file "$out/$module.diagnostics.json" \
    --output-dir "$out/$module.doccarchive" >"$out/$module.log" 2>&1; then
    cat "$out/$module.log"
    echo "build-docs: docc could not convert $catalog" >&2
    exit 1
  fi
  echo "build-docs: $out/$module.doccarchive"
done

# The console's public symbols each show an example too.
python3 scripts/check-docs.py "$out" scripts/docs-baseline.txt "${modules[@]}" --examples Console
