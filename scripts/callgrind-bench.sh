#!/usr/bin/env bash
# Counts the instructions (callgrind's Ir) of fixed workloads behind the `uniflow-bench` figures
# that must not regress, so two commits can be compared exactly rather than by noisy timings:
#
#   scripts/build-release.sh && scripts/callgrind-bench.sh               # .build/static/release/uniflow
#   scripts/callgrind-bench.sh --runs 3 --only replay,record path/to/uniflow
#
# Workloads (each under valgrind --tool=callgrind --trace-children=no, RUNS times):
#   dispatch        uniflow-bench --only dispatch --actions 100000 (--actions)
#   scopedDispatch  uniflow-bench --only scopedDispatch --actions 100000
#                   (both run all of DispatchBench.run: a warm-up and 5 rounds of 9 variants, so
#                   their totals are the same work; the per-variant lines below tell them apart)
#   replay          uniflow replay mixed.log: the session below, recorded by the binary under
#                   test (30,278 actions at the default size)
#   session         uniflow --offline --no-default-location < session.txt, 20,000 script-mode
#                   commands (--session-commands) from the same generator (the control for record)
#   record          the same session with --record session.log
#   children        uniflow-bench --only children at --actions + 20,000 and at 20,000 actions: each
#                   ChildrenBench variant's inclusive Ir (its closure in ChildrenBench.run, 5 timed
#                   rounds) at the two sizes, subtracted and divided by 5 x --actions, which
#                   cancels the set-up (building 1,000 rows); printed with the ratios to flat
#                   (issue 17: forEach one row / flat <= 1.5), for `Reduce` closures and for
#                   `Reducer` structs
#
# It prints each run's total Ir, the spread between runs (flagged when above 0.1%), and for
# dispatch the inclusive Ir per action of each DispatchBench variant with the bench's ratios
# computed from them. The inputs are generated afresh, byte for byte the same on every run (their
# sha256 is printed and checked for the default sizes); the recorded log's and replay output's
# sha256 are printed too, so a change of behaviour shows as well as a change of cost.
#
# The measured processes get a fixed, minimal environment (env -i: PATH, HOME, LANG=C.UTF-8,
# TZ=Asia/Seoul, UNIFLOW_FIXED_NOW=2026-11-29T03:45:12Z, SWIFT_DETERMINISTIC_HASHING=1: Swift
# seeds its hashing randomly per process otherwise, which moves the counts by up to 2%), are
# pinned to one CPU with taskset when it exists, and run one after another.
#
# Replay is the one workload that does not repeat exactly: its reading thread decodes a batch of
# 1024 actions itself whenever the applying thread is behind, which depends on how the two
# threads happen to be scheduled, and costs ~0.5M Ir more per batch so decoded (~0.3% run to run
# at 100,000 actions). The line `replay: reader decoded …` counts those batches in each run;
# compare replay figures with a tolerance of about 0.5%, or the median of more runs.
#
# Options: --runs N (2), --only LIST (dispatch,scopedDispatch,replay,session,record; children
# on request),
# --actions N (100000), --session-commands N (20000),
# --keep DIR (keep the callgrind files, inputs and outputs there), --tsv FILE (results as
# tab-separated values), --build (run scripts/build-release.sh first). Environment: VALGRIND,
# PYTHON (python3), CALLGRIND_CPU (the CPU to pin to; `none` not to pin).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
generator="$here/callgrind-bench-inputs.py"

runs=2
only="dispatch,scopedDispatch,replay,session,record"
actions=100000
log_actions=100000
session_commands=20000
keep=""
tsv=""
build=no
binary=""

usage() {
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
  echo "Usage: scripts/callgrind-bench.sh [options] [BINARY]   (default: .build/static/release/uniflow)"
}

while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --actions) actions=$2; shift 2 ;;
    --session-commands) session_commands=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --tsv) tsv=$2; shift 2 ;;
    --build) build=yes; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "callgrind-bench: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) binary=$1; shift ;;
  esac
done

for name in ${only//,/ }; do
  case "$name" in
    dispatch|scopedDispatch|replay|session|record|children) ;;
    *) echo "callgrind-bench: no workload '$name' (dispatch, scopedDispatch, replay, session, record, children)" >&2; exit 2 ;;
  esac
done
wants() { [[ ",$only," == *",$1,"* ]]; }

if [ "$build" = yes ]; then "$root/scripts/build-release.sh"; fi
binary=${binary:-$root/.build/static/release/uniflow}
if [ -n "$tsv" ] && [[ "$tsv" != /* ]]; then tsv=$PWD/$tsv; fi
if [ ! -x "$binary" ]; then
  echo "callgrind-bench: no executable at $binary; build it with scripts/build-release.sh (or pass --build)" >&2
  exit 2
fi
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")

valgrind=${VALGRIND:-$(command -v valgrind || true)}
if [ -z "$valgrind" ]; then
  echo "callgrind-bench: valgrind not found (Debian: apt-get install valgrind)" >&2
  exit 2
fi
python=${PYTHON:-python3}
pin=()
cpu=${CALLGRIND_CPU:-$(( $(nproc) - 1 ))}
if [ "$cpu" != none ] && command -v taskset >/dev/null; then pin=(taskset -c "$cpu"); fi

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  work=$(cd "$keep" && pwd)
else
  work=$(mktemp -d /tmp/callgrind-bench.XXXXXX)
  trap 'rm -rf "$work"' EXIT
fi
cd "$work"
# The binary under a fixed short name, so argv[0] is the same whatever the checkout's path; a
# copy without its debug info when objcopy is there, since valgrind 3.19 gives up on the
# toolchain's DWARF 5 ("Possibly corrupted debuginfo file"); the code, and so the counts, are
# the same.
# uniflow-bench is taken from beside the binary, where scripts/build-release.sh builds it.
rm -f ./uniflow ./uniflow-bench
for program in uniflow uniflow-bench; do
  source_binary=$binary
  if [ "$program" = uniflow-bench ]; then source_binary=$(dirname "$binary")/uniflow-bench; fi
  [ -x "$source_binary" ] || continue
  if command -v objcopy >/dev/null; then
    objcopy --strip-debug "$source_binary" "./$program"
  else
    ln -sf "$source_binary" "./$program"
  fi
done

environment=(env -i "PATH=/usr/bin:/bin" "HOME=${HOME:-/root}" "LANG=C.UTF-8" "TZ=Asia/Seoul"
  "UNIFLOW_FIXED_NOW=2026-11-29T03:45:12Z" "SWIFT_DETERMINISTIC_HASHING=1")

# The digests of the generator's output at the default sizes: a mismatch means the generator
# changed, and figures from before and after it are not comparable.
expected_script_sha=""
[ "$session_commands" = 20000 ] && expected_script_sha=418c8bc4193f09eb3aa3a16baa1dab8b1a45a8442878943c4f1eb6e5ce1ef9a1

check_sha() {  # file expected label
  local actual
  actual=$(sha256sum "$1" | cut -d' ' -f1)
  echo "input  $3: $(wc -c < "$1") bytes, sha256 $actual"
  if [ -n "$2" ] && [ "${2:0:1}" != @ ] && [ "$actual" != "$2" ]; then
    echo "callgrind-bench: $3 is not the input the baseline was measured on (sha256 $2)" >&2
    exit 1
  fi
}

if wants session || wants record || wants replay; then
  "$python" "$generator" script "$session_commands" > session.txt
  check_sha session.txt "$expected_script_sha" "session.txt ($session_commands commands)"
fi
if wants replay; then
  # The log replay measures is the script session's own recording, made (uninstrumented) by the
  # binary under test: every value in it is one the app makes, so every version's reader takes
  # it, and its actions are the same for every version (only the header's "app" differs).
  "${environment[@]}" ./uniflow --offline --no-default-location --record mixed.log \
    < session.txt > /dev/null
  log_actions=$(grep -c '"seq"' mixed.log)
  echo "input  mixed.log: the session recorded, $log_actions actions"
fi

results="$work/results.tsv"
: > "$results"

# measure NAME RUN STDIN ARGS...: one callgrind run; its total goes to results.tsv.
measure() {
  local name=$1 run=$2 input=$3
  shift 3
  local out="$name.$run.callgrind" status=0
  local started=$SECONDS
  # `uniflow-bench …` runs uniflow-bench by exec, which callgrind would not follow: run it here.
  local program=./uniflow
  if [ "${1:-}" = bench ]; then program=./uniflow-bench; shift; fi
  "${environment[@]}" "${pin[@]}" "$valgrind" --tool=callgrind --trace-children=no \
    --callgrind-out-file="$out" "$program" "$@" < "$input" > "$name.$run.stdout" \
    2> "$name.$run.stderr" || status=$?
  if [ "$status" != 0 ]; then
    echo "callgrind-bench: $name run $run: uniflow $* exited with status $status:" >&2
    grep -v '^==' "$name.$run.stderr" | tail -n 5 >&2
    exit 1
  fi
  local total
  total=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p; s/^totals: *\([0-9]*\).*/\1/p' "$out" | head -n 1)
  printf '%s\t%s\t%s\t%s\n' "$name" "$run" "$total" "$((SECONDS - started))" >> "$results"
  printf '  %-15s run %d: %15s Ir  (%ds)\n' "$name" "$run" "$total" "$((SECONDS - started))"
}

echo "binary $binary ($(stat -c %s "$binary") bytes, $("$binary" --version 2>/dev/null || echo '?'))"
echo "valgrind $("$valgrind" --version), ${pin[*]:-not pinned}, work in $work"
for run in $(seq 1 "$runs"); do
  if wants dispatch; then
    measure dispatch "$run" /dev/null bench --only dispatch --actions "$actions"
  fi
  if wants scopedDispatch; then
    measure scopedDispatch "$run" /dev/null bench --only scopedDispatch --actions "$actions"
  fi
  if wants replay; then
    measure replay "$run" /dev/null replay mixed.log
  fi
  if wants session; then
    measure session "$run" session.txt --offline --no-default-location
  fi
  if wants record; then
    rm -f "session.$run.log"
    measure record "$run" session.txt --offline --no-default-location --record "session.$run.log"
  fi
  if wants children; then
    measure children "$run" /dev/null bench --only children --actions "$((actions + 20000))"
    measure children-base "$run" /dev/null bench --only children --actions 20000
  fi
done

"$python" - "$work" "$actions" "$log_actions" "$session_commands" "$tsv" <<'PY'
import collections, hashlib, os, re, statistics, sys

work, actions, log_actions, session_commands, tsv = sys.argv[1:6]
actions, log_actions, session_commands = int(actions), int(log_actions), int(session_commands)
os.chdir(work)


def callgrind(path):
    """Self cost per function name and call arcs (caller, callee) -> [calls, inclusive Ir]."""
    names, arcs = {}, {}
    fn = cfn = None
    pending = None

    def name(value):
        m = re.match(r"\((\d+)\)(?: (.*))?$", value)
        if not m:
            return value
        if m.group(2) is not None:
            names[m.group(1)] = m.group(2)
        return names[m.group(1)]

    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("fn="):
                fn = name(line[3:].rstrip("\n"))
            elif line.startswith("cfn="):
                cfn = name(line[4:].rstrip("\n"))
            elif line.startswith("calls="):
                pending = int(line[6:].split()[0])
            elif pending is not None and line[:1] and (line[0].isdigit() or line[0] in "+-*"):
                parts = line.split()
                entry = arcs.setdefault((fn, cfn), [0, 0])
                entry[0] += pending
                entry[1] += int(parts[1]) if len(parts) > 1 else 0
                pending = None
    return arcs


def group_cost(arcs, member):
    """Calls into, and inclusive Ir of, the functions `member` accepts, from functions it does not."""
    calls = cost = 0
    for (caller, callee), (n, ir) in arcs.items():
        if member(callee) and not (caller and member(caller)):
            calls += n
            cost += ir
    return calls, cost


rows = collections.OrderedDict()
seconds = collections.defaultdict(list)
for line in open("results.tsv"):
    name, run, total, secs = line.rstrip("\n").split("\t")
    rows.setdefault(name, []).append(int(total))
    seconds[name].append(int(secs))


def fmt(n):
    return f"{n:,}"


def spread(values):
    return (max(values) - min(values)) / min(values) * 100 if values else 0.0


units = {"dispatch": None, "scopedDispatch": None, "replay": log_actions, "session": session_commands,
         "record": session_commands}
notes = {}

# Replay: how many batches the reading thread decoded itself (the run-to-run variation).
if "replay" in rows:
    counts = []
    for run in range(1, len(rows["replay"]) + 1):
        arcs = callgrind(f"replay.{run}.callgrind")
        calls, _ = group_cost(
            arcs, lambda f: f is not None and "ActionLogReplayer" in f and "PipelineC5BatchV" in f
            and f.endswith("cfU_TA"))
        counts.append(calls)
    notes["replay"] = "reader decoded " + "/".join(str(c) for c in counts) + " batches"

# Record: the actions the session recorded, from the log, and its digest.
if "record" in rows:
    digests, actions_logged = set(), None
    for run in range(1, len(rows["record"]) + 1):
        data = open(f"session.{run}.log", "rb").read()
        digests.add(hashlib.sha256(data).hexdigest())
        lines = data.split(b"\n")
        actions_logged = sum(1 for l in lines if l.startswith(b'{"seq":'))
    units["record"] = actions_logged
    notes["record"] = f"{actions_logged} actions logged, log sha256 " + (
        digests.pop() if len(digests) == 1 else "DIFFERS between runs")
if "replay" in rows:
    outs = {hashlib.sha256(open(f"replay.{r}.stdout", "rb").read()).hexdigest()
            for r in range(1, len(rows["replay"]) + 1)}
    notes["replay"] += ", output sha256 " + (outs.pop()[:16] if len(outs) == 1 else "DIFFERS")

print()
print(f"{'workload':<16}{'median Ir':>17}{'min Ir':>17}{'max Ir':>17}{'spread':>9}  per unit")
table = []
for name, totals in rows.items():
    med = int(statistics.median(totals))
    s = spread(totals)
    unit = units.get(name)
    per = f"{med / unit:,.0f} Ir/{'action' if name in ('replay', 'record') else 'command'}" if unit else ""
    flag = " !" if s > 0.1 else ""
    print(f"{name:<16}{fmt(med):>17}{fmt(min(totals)):>17}{fmt(max(totals)):>17}{s:8.3f}%{flag} {per}")
    table.append((name, med, min(totals), max(totals), s, totals))
if "record" in rows and "session" in rows:
    rec = int(statistics.median(rows["record"]))
    ses = int(statistics.median(rows["session"]))
    per = (rec - ses) / units["record"] if units.get("record") else 0
    print(f"{'record-session':<16}{fmt(rec - ses):>17}{'':>17}{'':>17}{'':>9}  {per:,.0f} Ir/logged action (the recording's own cost)")
    table.append(("record-session", rec - ses, rec - ses, rec - ses, 0.0, []))
for name in ("replay", "record"):
    if name in notes:
        print(f"  {name}: {notes[name]}")

# Dispatch: per variant. DispatchBench.run keeps its 9 variants as closures in an array, in this
# order; the 5 timed rounds call each through its partial-apply thunk (`closure #k in
# DispatchBench.run`, `...FZSdycfU<k>_TA`), which is what is counted here. (The warm-up calls
# are inlined into run itself and are left out.) The app variants run actions / 10 actions.
variants = [("storeWithObserver", 1), ("loopWithDisplay", 1), ("bareStore", 1), ("bareLoop", 1),
            ("appStore", 10), ("appLoop", 10), ("scopedStore", 1), ("renderAll", 10),
            ("renderObserved", 10)]
rounds = 5
# The bench is module Bench: `DispatchBench` mangles as `08DispatchA0` there (the module's name
# substituted), `DispatchBench` in a module of another name.
thunk = re.compile(r"(?:DispatchBench|08DispatchA0)O3run5count6rounds8appCount[A-Za-z0-9_]*?FZSdycfU(\d*)_TA$")


def closure_index(f):
    m = thunk.search(f) if f else None
    if not m:
        return None
    return 0 if m.group(1) == "" else int(m.group(1)) + 1


per_variant = {}
for section in ("dispatch", "scopedDispatch"):
    if section not in rows:
        continue
    arcs = callgrind(f"{section}.1.callgrind")
    figures = {}
    for index, (variant, divisor) in enumerate(variants):
        calls, cost = group_cost(arcs, lambda f, i=index: closure_index(f) == i)
        count = actions // divisor
        figures[variant] = (calls, cost, cost / (calls * count) if calls else float("nan"))
    per_variant[section] = figures

if per_variant:
    section = "dispatch" if "dispatch" in per_variant else "scopedDispatch"
    figures = per_variant[section]
    print()
    print(f"DispatchBench variants (from {section} run 1; inclusive Ir of each closure of "
          f"DispatchBench.run's 5 timed rounds, over calls x actions)")
    for variant, (calls, cost, per) in figures.items():
        n = actions // dict(variants)[variant]
        print(f"  {variant:<18}{calls:>3} calls x {n:>7}  {fmt(cost):>15} Ir  {per:10.1f} Ir/action")
    def r(a, b):
        return figures[a][2] / figures[b][2] if figures[b][2] else float("nan")
    print(f"  ratio          storeWithObserver/loopWithDisplay  {r('storeWithObserver', 'loopWithDisplay'):.4f}  (bench target <= 1.15 in ns)")
    print(f"  bare ratio     bareStore/bareLoop                 {r('bareStore', 'bareLoop'):.4f}  (bench target <= 3)")
    print(f"  app ratio      appStore/appLoop                   {r('appStore', 'appLoop'):.4f}  (information)")
    print(f"  scoped ratio   scopedStore/storeWithObserver      {r('scopedStore', 'storeWithObserver'):.4f}  (bench target <= 1.2)")
    if any(c != rounds for c, _, _ in figures.values()):
        print(f"  WARNING: a variant was not called {rounds} times: DispatchBench.run's closures "
              "changed; fix `variants` and `thunk` in this script")

# Children: ChildrenBench.run keeps its variants as closures in an array, in this order, and calls
# each through its partial-apply thunk (`closure #k in ChildrenBench.run`, `...FZSdycfU<k>_TA`)
# 5 times in the timed rounds, at both sizes: the difference is 5 x --actions actions' worth.
children_variants = [("flat", "the row reducer as the store's"),
                     ("forEach", "one row of 1,000 through forEach"),
                     ("ifLet", "an optional child through ifLet"),
                     ("forEachInTurn", "the rows of forEach in turn"),
                     ("byHand", "one row of a plain array, routed by hand (the floor)"),
                     ("structFlat", "the row reducer as the store's, a Reducer struct"),
                     ("structForEach", "one row of 1,000 through forEach, Reducer structs"),
                     ("structIfLet", "an optional child through ifLet, Reducer structs"),
                     ("structByHand", "one row of 1,000 by id, routed by hand, Reducer structs (the floor)"),
                     ("structByOffset", "one row of a plain array by offset, routed by hand, Reducer structs")]
children_thunk = re.compile(r"(?:ChildrenBench|08ChildrenA0)O3run5count4rows6rounds[A-Za-z0-9_]*?FZSdycfU(\d*)_TA$")


def children_index(f):
    m = children_thunk.search(f) if f else None
    if not m:
        return None
    return 0 if m.group(1) == "" else int(m.group(1)) + 1


children_figures = {}
if "children" in rows and "children-base" in rows:
    big = callgrind("children.1.callgrind")
    small = callgrind("children-base.1.callgrind")
    for index, (variant, _) in enumerate(children_variants):
        member = lambda f, i=index: children_index(f) == i
        calls, cost = group_cost(big, member)
        base_calls, base_cost = group_cost(small, member)
        if calls == 0:
            continue
        children_figures[variant] = (cost - base_cost) / (5 * actions)
    print()
    print("ChildrenBench variants (from children run 1 minus children-base run 1; inclusive Ir of each "
          f"closure of ChildrenBench.run's 5 timed rounds, over 5 x {actions} actions)")
    flat = children_figures.get("flat")
    for variant, label in children_variants:
        if variant not in children_figures:
            continue
        per = children_figures[variant]
        ratio = f"{per / flat:6.3f} x flat" if flat else ""
        print(f"  {variant:<15}{per:10.1f} Ir/action  {ratio}  {label}")
    if flat and "forEach" in children_figures:
        print(f"  forEach ratio  forEach/flat  {children_figures['forEach'] / flat:.4f}  (bench target <= 1.5, "
              f"{1.5 * flat:.1f} Ir)")
    struct_flat = children_figures.get("structFlat")
    if struct_flat and "structForEach" in children_figures:
        print(f"  struct ratios  structForEach/structFlat  "
              f"{children_figures['structForEach'] / struct_flat:.4f}  (bench target <= 1.5, "
              f"{1.5 * struct_flat:.1f} Ir);  structIfLet/structFlat  "
              f"{children_figures.get('structIfLet', float('nan')) / struct_flat:.4f};  "
              f"structByHand/structFlat  "
              f"{children_figures.get('structByHand', float('nan')) / struct_flat:.4f};  "
              f"structByOffset/structFlat  "
              f"{children_figures.get('structByOffset', float('nan')) / struct_flat:.4f}")

if tsv:
    with open(tsv, "w") as out:
        out.write("workload\tmedian_ir\tmin_ir\tmax_ir\tspread_percent\truns\n")
        for name, med, lo, hi, s, totals in table:
            out.write(f"{name}\t{med}\t{lo}\t{hi}\t{s:.4f}\t{','.join(map(str, totals))}\n")
        for section, figures in per_variant.items():
            for variant, (calls, cost, per) in figures.items():
                out.write(f"{section}.{variant}\t{cost}\t{cost}\t{cost}\t0\t{per:.2f} Ir/action\n")
        for variant, per in children_figures.items():
            out.write(f"children.{variant}\t\t\t\t0\t{per:.2f} Ir/action\n")
PY
