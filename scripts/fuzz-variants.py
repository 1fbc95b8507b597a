#!/usr/bin/env python3
"""Fuzzes what `uniflow` does with a log besides replaying it: `replay --diff`, `--skip`,
`--emit-test` and `shrink`, on mutated logs, each run with a time and memory budget.

    scripts/fuzz-variants.py [SECONDS] [--binary PATH]     default 120 s, .build/debug/uniflow

Seeds: Tests/Fuzz/seeds/logs, Tests/Fuzz/regressions/logs and Tests/EmittedTests/Logs. Each run
mutates one seed (lines dropped, doubled, swapped or cut; a JSON value changed to an edge case:
huge or negative numbers, hostile text, a missing or unknown field; bytes flipped) and runs the
four commands on it, each under `timeout` (10 s) and an address-space limit (2 GiB). A finding is
a command killed by a signal, out of time or memory, or ending with a status other than 0, 1
or 2; its log goes to .build/fuzz-variants/findings with the command line. Replay one with the
command printed, and once fixed add the log to Tests/Fuzz/regressions/logs.

libFuzzer cannot drive these commands in process (they live in the `uniflow` executable, which
no other target may link), so this is a mutation loop over the built binary; it has no coverage
feedback, and reports how many runs it made and which commands' outcomes it saw.
"""
import json, os, random, resource, shutil, subprocess, sys, tempfile, time
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
args = sys.argv[1:]
binary = os.path.join(ROOT, ".build/debug/uniflow")
if "--binary" in args:
    i = args.index("--binary"); binary = os.path.abspath(args[i + 1]); del args[i:i + 2]
seconds = float(args[0]) if args else 120.0
SEED_DIRS = ["Tests/Fuzz/seeds/logs", "Tests/Fuzz/regressions/logs", "Tests/EmittedTests/Logs"]
seeds = []
for d in SEED_DIRS:
    for name in sorted(os.listdir(os.path.join(ROOT, d))):
        with open(os.path.join(ROOT, d, name), "rb") as f:
            seeds.append(f.read())
out_dir = os.path.join(ROOT, ".build/fuzz-variants/findings")
os.makedirs(out_dir, exist_ok=True)

HOSTILE = ["\u202e", "\u2028", "\u0085", "\x1b[31m", "\x00", "'\"\\", "*/", "`", "$(x)",
           "default", "in", "서울", "x" * 300, ""]
NUMBERS = [0, -1, 1, 2**31, 2**53, 2**63 - 1, -2**63, 10**30, 1e308, -1e-308, 64, 65]

def mutate_value(value, rng):
    if isinstance(value, bool): return not value
    if isinstance(value, (int, float)): return rng.choice(NUMBERS)
    if isinstance(value, str): return rng.choice([value + rng.choice(HOSTILE), rng.choice(HOSTILE), value[: len(value) // 2]])
    if isinstance(value, list):
        if value and rng.random() < 0.5:
            i = rng.randrange(len(value)); value[i] = mutate_value(value[i], rng); return value
        return value + value if rng.random() < 0.5 else value[: len(value) // 2]
    if isinstance(value, dict):
        if not value or rng.random() < 0.15:
            value[rng.choice(["querry", "extra", "dayOfset"])] = rng.choice(NUMBERS); return value
        key = rng.choice(list(value))
        if rng.random() < 0.15: del value[key]
        else: value[key] = mutate_value(value[key], rng)
        return value
    return rng.choice(NUMBERS)

def renumber(lines):
    """Seqs made consecutive again after lines moved, so that the commands get past the reader."""
    seq = 0
    for i, line in enumerate(lines):
        for key in (b'{"seq":', b'{"snapshot":', b'{"checkpoint":'):
            if line.startswith(key):
                rest = line[len(key):]
                digits = len(rest) - len(rest.lstrip(b"-0123456789"))
                if key == b'{"seq":': seq += 1
                lines[i] = key + str(seq).encode() + rest[digits:]
    return lines

def mutate(data, rng):
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 2)):
        kind = rng.choice([0, 1, 2, 3, 4, 4, 4, 5])
        # The header only now and then: most inputs should get past it.
        i = rng.randrange(len(lines)) if rng.random() < 0.1 else rng.randrange(1, max(2, len(lines)))
        i = min(i, len(lines) - 1)
        if kind == 0 and len(lines) > 2: del lines[i]
        elif kind == 1: lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind == 2:
            j = rng.randrange(len(lines)); lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3 and lines[i]: lines[i] = lines[i][: rng.randrange(len(lines[i]))]
        elif kind == 4:
            try:
                value = json.loads(lines[i])
                lines[i] = json.dumps(mutate_value(value, rng), ensure_ascii=rng.random() < 0.5,
                                      separators=(",", ":")).encode()
            except Exception:
                pass
        elif lines[i]:
            b = bytearray(lines[i]); b[rng.randrange(len(b))] = rng.randrange(256); lines[i] = bytes(b)
    if rng.random() < 0.8: lines = renumber(lines)
    return b"\n".join(lines)

def limit():
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

def run(command, cwd):
    try:
        p = subprocess.run(command, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=10, preexec_fn=limit,
                           env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
        return p.returncode, p.stderr[-400:].decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", ""

rng = random.Random(int(os.environ.get("FUZZ_SEED", "1")))
work = tempfile.mkdtemp(prefix="uniflow-fuzz-variants-")
deadline = time.time() + seconds
runs, outcomes, findings = 0, Counter(), 0
while time.time() < deadline:
    data = mutate(rng.choice(seeds), rng)
    log = os.path.join(work, "in.log")
    with open(log, "wb") as f: f.write(data)
    skip = str(rng.choice([1, 2, 3, 5, 9, 64, 2**63 - 1]))
    commands = {
        "diff": [binary, "replay", "in.log", "--diff"],
        "skip": [binary, "replay", "in.log", "--skip", skip, "--diff"],
        "emit-test": [binary, "replay", "in.log", "--emit-test"],
        "shrink": [binary, "shrink", "in.log", "--until", rng.choice(["dog: ", "clock: .*", "Loading|offline"]),
                   "--output", "out.log", "--force"],
    }
    runs += 1
    for name, command in commands.items():
        status, err = run(command, work)
        outcomes[(name, status)] += 1
        if status not in (0, 1, 2):
            findings += 1
            stem = os.path.join(out_dir, f"{name}-{runs}")
            with open(stem + ".log", "wb") as f: f.write(data)
            with open(stem + ".txt", "w") as f:
                f.write(" ".join(command).replace(work + "/", "") + f"\nstatus {status}\n{err}\n")
            print(f"finding: {name} status {status}: {stem}.log\n  {err.strip()[-200:]}", flush=True)
shutil.rmtree(work, ignore_errors=True)
print(f"runs: {runs} inputs, {4 * runs} commands in {seconds:.0f} s; findings: {findings}")
for (name, status), count in sorted(outcomes.items(), key=lambda x: (x[0][0], str(x[0][1]))):
    print(f"  {name:9} status {status}: {count}")
sys.exit(1 if findings else 0)
