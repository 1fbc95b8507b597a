#!/usr/bin/env bash
# Checks that the README's `.package(url:from:)` line works: an outside package depends on this
# clone by URL (file://…/uniflow: any clone's URL works) at the version `uniflow --version`
# prints, SwiftPM must resolve it to that release's tag, and the package builds against the
# `Store` product as it is at the tag.
#
#   scripts/check-release-url.sh
#
# A clone without tags (e.g. `git clone --no-tags`, or a CI that fetches one commit) cannot check
# it: the script says so and exits 0.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's/^  static let number = "\(.*\)"$/\1/p' "$root/Sources/CLI/Uniflow/Version.swift")
if [ -z "$version" ]; then
  echo "check-release-url: no version in Sources/CLI/Uniflow/Version.swift" >&2; exit 1
fi
if ! git -C "$root" rev-parse -q --verify "refs/tags/$version" > /dev/null; then
  echo "check-release-url: this clone has no tag $version (fetch tags to check the URL form); skipped"
  exit 0
fi
outside=$(mktemp -d)
trap 'rm -rf "$outside"' EXIT
# The URL's last component is the package's identity, which `package: "Uniflow"` names; a bare
# copy of the repository there (tags included) works for a plain clone and a git worktree alike.
git clone --quiet --bare "$root" "$outside/uniflow"
mkdir -p "$outside/uniflow-url-check/Sources/App"
cat > "$outside/uniflow-url-check/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "URLCheck",
  dependencies: [.package(url: "file://$outside/uniflow", from: "$version")],
  targets: [
    .executableTarget(
      name: "App", dependencies: [.product(name: "Store", package: "Uniflow")])
  ]
)
MANIFEST
printf 'import Store\n\nprint(Store<Int, Never>.self)\n' > "$outside/uniflow-url-check/Sources/App/main.swift"
swift package --package-path "$outside/uniflow-url-check" resolve
grep -q "\"version\" : \"$version\"" "$outside/uniflow-url-check/Package.resolved"
swift build --package-path "$outside/uniflow-url-check" 2>&1 | tail -n 1
echo "check-release-url: .package(url: \"file://…/uniflow\", from: \"$version\") resolves to the tag and builds"
