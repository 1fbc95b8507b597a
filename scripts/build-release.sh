#!/usr/bin/env bash
# Builds the release `uniflow` and `uniflow-bench` with the Swift runtime and Foundation linked
# statically, the build the README's performance figures come from:
#
#   scripts/build-release.sh && .build/static/release/uniflow-bench
#   scripts/build-release.sh uniflow        # only the app (what scripts/install.sh installs)
#
# A plain `swift build -c release` works too, but starts slower: most of its ~20 ms start-up is
# the dynamic loader binding the Swift runtime, Foundation and FoundationNetworking. Linking them
# statically needs only a `libcurl.so` to link against, which Debian ships as libcurl.so.4 with
# the dev symlink in a -dev package; this script points the linker at it from .build/link
# instead, so nothing is installed.
set -euo pipefail
cd "$(dirname "$0")/.."

curl=$(ls /usr/lib/*/libcurl.so.4 /usr/lib64/libcurl.so.4 /usr/lib/libcurl.so.4 2>/dev/null | head -n 1 || true)
if [ -z "$curl" ]; then
  echo "build-release: libcurl.so.4 not found (Debian and Ubuntu: apt-get install libcurl4)" >&2
  exit 1
fi
mkdir -p .build/link
ln -sf "$curl" .build/link/libcurl.so

products=("$@")
if [ ${#products[@]} = 0 ]; then products=(uniflow uniflow-bench); fi
for product in "${products[@]}"; do
  swift build -c release --static-swift-stdlib --product "$product" \
    --scratch-path .build/static -Xlinker -L"$PWD/.build/link"
done
for product in "${products[@]}"; do echo "built .build/static/release/$product"; done
