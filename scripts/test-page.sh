#!/usr/bin/env bash
# The session page (`replay LOG --html FILE`) in a real browser: writes the pages of the committed
# logs in Tests/Page/logs — the demo's, Examples/Todos' and a hostile one — loads each in headless
# Chromium with Tests/Page/selftest.js added to a copy, and fails on any failed check or any error
# the page made. Screenshots go to .build/ci-artifacts/. Expects `uniflow` and Examples/Todos to be
# built (swift build; swift build --package-path Examples/Todos); .ci/run runs it after them.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-chromium.sh
uniflow="$(swift build --show-bin-path)/uniflow"
todos="$(swift build --package-path Examples/Todos --show-bin-path)/TodosConsole"
artifacts=.build/ci-artifacts
mkdir -p "$artifacts"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Chromium with no network, no profile of the user's, and no sandbox (CI runs as root).
browse() {
  chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --user-data-dir="$work/profile" --host-resolver-rules='MAP * ~NOTFOUND' "$@" 2> "$work/chromium.err"
}

# check NAME QUERY SEQ: loads the page $work/NAME.html at #seq=SEQ with the self-test's
# expectations in QUERY, prints its timings, fails on a failed check; then takes a screenshot.
check() {
  local name=$1 query=$2 seq=$3
  python3 - "$work/$name.html" "$work/$name.test.html" <<'PY'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
catch = open("Tests/Page/catch-errors.js", encoding="utf-8").read()
test = open("Tests/Page/selftest.js", encoding="utf-8").read()
head = page.index("<head>") + len("<head>")
end = page.rindex("</body>")
page = page[:head] + "<script>" + catch + "</script>" + page[head:end] + "<script>" + test + "</script>" + page[end:]
open(sys.argv[2], "w", encoding="utf-8").write(page)
PY
  local started=$SECONDS
  browse --dump-dom "file://$work/$name.test.html?$query#seq=$seq" > "$work/$name.dom"
  python3 - "$work/$name.dom" "$name" "$(wc -c < "$work/$name.html")" $((SECONDS - started)) <<'PY'
import html, json, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
found = re.search(r'<pre id="selftest">(.*?)</pre>', dom, re.S)
if not found:
    sys.exit(f"test-page: {sys.argv[2]}: the self-test printed nothing (the page's script failed?)")
results = json.loads(html.unescape(found.group(1)))
failed = [c for c in results["checks"] if not c["ok"]]
for c in failed:
    print(f"  FAILED {c['name']}: {c['detail']}")
for e in results["errors"]:
    print(f"  ERROR {e}")
t = results["timings"]
print(f"{sys.argv[2]}: {len(results['checks']) - len(failed)}/{len(results['checks'])} checks, "
      f"{len(results['errors'])} errors; {int(sys.argv[3]):,} bytes; open in {t['script']} ms, End {t['end']} ms, Home {t['home']} ms, "
      f"a fragment {t['middle']} ms, filter {t['filter']} ms, search {t['search']} ms "
      f"(chromium {sys.argv[4]} s)")
if failed or results["errors"]:
    sys.exit(1)
PY
  browse --screenshot="$artifacts/page-$name.png" --window-size=1280,800 \
    "file://$work/$name.html#seq=$seq" > /dev/null
}

"$uniflow" replay Tests/Page/logs/demo.log --html "$work/demo.html"
check demo "diff=1&bars=1" 42
"$todos" replay Tests/Page/logs/todos.log --html "$work/todos.html"
check todos "diff=1&calls=1&bars=1" 42
# Action names and state strings with <script>, </script>, quotes and control characters, and
# a log named like an HTML element: all shown as text, none run (selftest.js checks __xss).
cp Tests/Page/logs/hostile.log "$work/<img src=x onerror=__xss=1>.log"
"$todos" replay "$work/<img src=x onerror=__xss=1>.log" --html "$work/hostile.html"
check hostile "diff=1&bars=1" 2
if [ -n "${PAGE_BIG:-}" ]; then
  # PAGE_BIG=1: the page of a 100,000-action log (docs/performance.md quotes it).
  python3 Tests/Page/long-log.py 100000 > "$work/big.log"
  /usr/bin/time -f "replay --html: %e s, %M KB" "$todos" replay "$work/big.log" --html "$work/big.html"
  check big "" 42
fi
echo "test-page: screenshots in $artifacts"
