#!/usr/bin/env bash
# Installs `uniflow` so that it runs from anywhere:
#
#   scripts/install.sh [PREFIX]     # default PREFIX: ~/.local
#
# builds the release binary with the Swift runtime and Foundation linked in
# (scripts/build-release.sh) and copies it to PREFIX/bin/uniflow, with LICENSE and NOTICE.md (the
# GeoNames credit for the built-in gazetteer) in PREFIX/share/doc/uniflow. The binary needs
# nothing else: no build folder, no toolchain, no resource files. Then put PREFIX/bin on PATH:
#
#   export PATH="$HOME/.local/bin:$PATH"
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=${1:-"$HOME/.local"}
case "$prefix" in
  -h | --help)
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
esac

scripts/build-release.sh
mkdir -p "$prefix/bin" "$prefix/share/doc/uniflow"
install -m 0755 .build/static/release/uniflow "$prefix/bin/uniflow"
install -m 0644 LICENSE NOTICE.md "$prefix/share/doc/uniflow/"

echo "installed $("$prefix/bin/uniflow" --version) as $prefix/bin/uniflow"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "add it to PATH: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
