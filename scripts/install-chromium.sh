#!/usr/bin/env bash
# Installs Debian's chromium, which scripts/test-page.sh drives headless, where it is missing;
# where a `chromium` is on PATH already, does nothing. Needs root (or sudo) to install.
set -euo pipefail

if command -v chromium > /dev/null 2>&1; then
  exit 0
fi
if ! command -v apt-get > /dev/null 2>&1; then
  echo "install-chromium.sh: no chromium on PATH and no apt-get to install it with; install" \
    "Chromium by hand so that \`chromium --version\` runs" >&2
  exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo > /dev/null 2>&1; then
    echo "install-chromium.sh: installing chromium needs root: run \`apt-get install chromium\`" \
      "as root, or this script with sudo" >&2
    exit 1
  fi
  sudo=(sudo)
fi
echo "install-chromium.sh: installing Debian's chromium (apt-get install chromium)"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends chromium
chromium --version
