#!/usr/bin/env python3
"""Checks what scripts/build-docs.sh built: no DocC warning, and a doc comment on every public
symbol, except the known gaps listed in the baseline file.

    scripts/check-docs.py OUT_DIR BASELINE MODULE... [--examples MODULE...]

OUT_DIR holds <Module>.diagnostics.json (from `docc convert --diagnostics-file`) and
symbol-graphs/<Module>/*.symbols.json. Each problem is one line, e.g.

    Store: Sources/Store/Core/Effect.swift: Parameter 'id' is missing documentation
    ActionLog: no doc comment: swift.property LogSetting.name

Lines in BASELINE (blank lines and # comments aside) are known gaps: they are reported but do not
fail. A new problem fails, and so does a baseline line that no longer happens (delete it), so the
baseline only ever shrinks.

The modules after `--examples` (the console's) must also show every public symbol in use: a doc
comment without a ```swift block is a problem too, e.g.

    Console: no example in doc comment: swift.struct ConsoleScreen
"""

import glob
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def relative(uri):
    path = uri[len("file://"):] if uri.startswith("file://") else uri
    return os.path.relpath(path, ROOT) if os.path.isabs(path) else path


def diagnostics(out, module):
    path = os.path.join(out, module + ".diagnostics.json")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as handle:
        found = json.load(handle).get("diagnostics", [])
    problems = []
    for diagnostic in found:
        if diagnostic.get("severity") not in ("warning", "error"):
            continue
        source = relative(diagnostic.get("source") or "?")
        line = (diagnostic.get("range") or {}).get("start", {}).get("line")
        where = f"{source}:{line}" if line else source
        problems.append((f"{module}: {source}: {diagnostic['summary']}", where))
    return problems


def undocumented(out, module, examples=False):
    problems = []
    for path in sorted(glob.glob(os.path.join(out, "symbol-graphs", module, "*.symbols.json"))):
        with open(path, encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph.get("symbols", []):
            name = ".".join(symbol.get("pathComponents", []))
            # `$name` is a property wrapper's projection, which no doc comment can reach.
            if name.split(".")[-1].startswith("$"):
                continue
            comment = symbol.get("docComment")
            text = "\n".join(line.get("text", "") for line in (comment or {}).get("lines", []))
            if comment and (not examples or "```swift" in text):
                continue
            what = "no example in doc comment" if comment else "no doc comment"
            location = symbol.get("location", {})
            where = relative(location.get("uri", "?"))
            if "position" in location:
                where += f":{location['position']['line'] + 1}"
            kind = symbol["kind"]["identifier"]
            problems.append((f"{module}: {what}: {kind} {name}", where))
    return problems


def main():
    out, baseline_path, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
    examples = set()
    if "--examples" in modules:
        at = modules.index("--examples")
        modules, examples = modules[:at], set(modules[at + 1:])
    with open(baseline_path, encoding="utf-8") as handle:
        baseline = {
            line.strip() for line in handle if line.strip() and not line.lstrip().startswith("#")
        }
    found = {}
    for module in modules:
        for key, where in diagnostics(out, module) + undocumented(out, module, module in examples):
            found.setdefault(key, where)
    new = sorted(key for key in found if key not in baseline)
    gone = sorted(key for key in baseline if key not in found)
    known = len(found) - len(new)
    for key in new:
        print(f"{found[key]}: {key}")
    if new:
        print(f"check-docs: {len(new)} new problem(s) above: fix the doc comment or link", file=sys.stderr)
    for key in gone:
        print(f"check-docs: fixed, so delete this line from {os.path.relpath(baseline_path, ROOT)}: {key}",
              file=sys.stderr)
    if new or gone:
        sys.exit(1)
    print(f"check-docs: docs built with no new warning; every public symbol documented "
          f"except {known} known gap(s) in {os.path.relpath(baseline_path, ROOT)}")


if __name__ == "__main__":
    main()
