#!/usr/bin/env bash
# Installs `uniflow` so that it runs from anywhere:
#
#   scripts/install.sh [--binary FILE] [--] [PREFIX]     # default PREFIX: ~/.local
#
# builds the release binary with the Swift runtime and Foundation linked in
# (scripts/build-release.sh), or takes an already built FILE with --binary, and copies it to
# PREFIX/bin/uniflow, with LICENSE and NOTICE.md (the GeoNames credit for the built-in gazetteer)
# in PREFIX/share/doc/uniflow. A relative PREFIX is relative to the directory you run this from.
# A PREFIX that begins with - must follow --. The binary needs nothing else: no build folder, no
# toolchain, no resource files. Then put PREFIX/bin on PATH with the line it prints.
set -euo pipefail

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; }

binary=""
prefix=""
have_prefix=false
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --binary)
      [ $# -ge 2 ] || { echo "install.sh: --binary needs a file, e.g. --binary .build/release/uniflow" >&2; exit 2; }
      binary=$2; shift 2 ;;
    --binary=*) binary=${1#--binary=}; shift ;;
    --) shift; break ;;
    -*)
      echo "install.sh: unknown option '$1'; a PREFIX that begins with - goes after --, e.g. scripts/install.sh -- $1" >&2
      exit 2 ;;
    *)
      if $have_prefix; then echo "install.sh: one PREFIX only, but got '$prefix' and '$1'" >&2; exit 2; fi
      prefix=$1; have_prefix=true; shift ;;
  esac
done
if [ $# -gt 0 ]; then
  if $have_prefix || [ $# -gt 1 ]; then
    echo "install.sh: one PREFIX only, but got more after --" >&2
    exit 2
  fi
  prefix=$1; have_prefix=true
fi
$have_prefix || prefix="$HOME/.local"
if [ -z "$prefix" ]; then
  echo "install.sh: the PREFIX is empty; name a folder, e.g. scripts/install.sh ~/.local" >&2
  exit 2
fi

# Relative paths are the caller's: resolve them before leaving the caller's directory.
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
if [ -n "$binary" ]; then
  case "$binary" in /*) ;; *) binary="$PWD/$binary" ;; esac
  [ -f "$binary" ] && [ -x "$binary" ] || { echo "install.sh: $binary is not an executable file" >&2; exit 2; }
fi

cd -- "$(dirname -- "$0")/.."
if [ -z "$binary" ]; then
  scripts/build-release.sh uniflow
  binary="$PWD/.build/static/release/uniflow"
fi

# Never write over an input, however the paths are spelled: -ef compares device and inode.
for input in "$binary" LICENSE NOTICE.md; do
  for target in "$prefix/bin/uniflow" "$prefix/share/doc/uniflow/$(basename -- "$input")"; do
    if [ -e "$target" ] && [ "$input" -ef "$target" ]; then
      echo "install.sh: installing would write $target over $input, which is the same file; choose another PREFIX" >&2
      exit 2
    fi
  done
done

mkdir -p -- "$prefix/bin" "$prefix/share/doc/uniflow"
install -m 0755 -- "$binary" "$prefix/bin/uniflow"
install -m 0644 -- LICENSE NOTICE.md "$prefix/share/doc/uniflow/"

echo "installed $("$prefix/bin/uniflow" --version) as $prefix/bin/uniflow"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *)
    # Single-quoted, each ' written as '\'': safe to paste whatever the prefix holds.
    quoted="'$(printf '%s' "$prefix/bin" | sed "s/'/'\\\\''/g")'"
    echo "add it to PATH: export PATH=$quoted:\"\$PATH\""
    ;;
esac
