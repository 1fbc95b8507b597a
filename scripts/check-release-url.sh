#!/usr/bin/env bash
# Checks that the README's dependency lines work from outside: an outside package depends on this
# repository by URL (file://…/uniflow: any clone's URL works) and builds against the `Store`
# product.
#
#   scripts/check-release-url.sh
#
# 1. `.package(url: …, branch: "main")`, the README's line, from a copy of the repository that
#    has no tags (as a fresh clone of `main` may have none: tags do not travel with a branch).
# 2. `.package(url: …, from: "X.Y.Z")` at the version `uniflow --version` prints, which must
#    resolve to that release's tag — when this clone has the tag; without it the script says so
#    and skips this part.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's/^  package var version: String { "\(.*\)" }$/\1/p' "$root/Sources/CLI/Uniflow/UniflowApp.swift")
if [ -z "$version" ]; then
  echo "check-release-url: no version in Sources/CLI/Uniflow/UniflowApp.swift" >&2; exit 1
fi
outside=$(mktemp -d)
trap 'rm -rf "$outside"' EXIT

# check NAME REQUIREMENT: an outside package NAME depending on $outside/uniflow by REQUIREMENT
# resolves and builds.
check() {
  local package="$outside/$1"
  mkdir -p "$package/Sources/App"
  cat > "$package/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "URLCheck",
  dependencies: [.package(url: "file://$outside/uniflow", $2)],
  targets: [
    .executableTarget(
      name: "App", dependencies: [.product(name: "Store", package: "Uniflow")])
  ]
)
MANIFEST
  printf 'import Store\n\nprint(Store<Int, Never>.self)\n' > "$package/Sources/App/main.swift"
  swift package --package-path "$package" resolve
  swift build --package-path "$package" 2>&1 | tail -n 1
}

# The URL's last component is the package's identity, which `package: "Uniflow"` names; a bare
# copy of the repository there works for a plain clone and a git worktree alike. First without
# tags, its `main` at this commit (CI may have checked out a detached commit).
git clone --quiet --bare --no-tags "$root" "$outside/uniflow"
git --git-dir="$outside/uniflow" branch -f main "$(git -C "$root" rev-parse HEAD)"
if [ -n "$(git --git-dir="$outside/uniflow" tag)" ]; then
  echo "check-release-url: the copy without tags has tags" >&2; exit 1
fi
check branch-check 'branch: "main"'
echo "check-release-url: .package(url: \"file://…/uniflow\", branch: \"main\") resolves without tags and builds"

if ! git -C "$root" rev-parse -q --verify "refs/tags/$version" > /dev/null; then
  echo "check-release-url: this clone has no tag $version (fetch tags to check the from: form); skipped"
  exit 0
fi
rm -rf "$outside/uniflow"
git clone --quiet --bare "$root" "$outside/uniflow"
check tag-check "from: \"$version\""
grep -q "\"version\" : \"$version\"" "$outside/tag-check/Package.resolved"
echo "check-release-url: .package(url: \"file://…/uniflow\", from: \"$version\") resolves to the tag and builds"
