#!/usr/bin/env python3
"""Runs Uniflow's shrinking corpus in Python Hypothesis and in Uniflow, and prints both side by side.

The corpus (Sources/CLI/Bench/ShrinkingCorpus*.swift) holds Hypothesis's own quality tests
(tests/quality/test_shrink_quality.py and test_discovery_ability.py) ported to Uniflow's Gen, and
reducer bugs checked with ReducerProperty. This script defines the same problems, under the same
names, with Hypothesis strategies and rule-based state machines, runs each from the same number of
seeds, and prints for both engines the share of seeds that reach the ideal counterexample (for
discovery problems: that find a failure at all) and the median number of test runs after the
first failure.

It makes a virtual environment (.build/hypothesis-venv) with Hypothesis from PyPI the first time,
and runs itself there. The Uniflow side comes from `uniflow-bench --only shrinking --json`: build
it first with `swift build -c release --product uniflow-bench` and pass
`--uniflow .build/release/uniflow-bench` (or build `uniflow`, which runs the bench beside it).

Usage:
  scripts/compare-hypothesis.py [--seeds N] [--problems NAME,NAME] [--uniflow PATH] [--markdown]
                                [--system-hypothesis]
"""

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build", "hypothesis-venv")
VENV_PYTHON = os.path.join(VENV, "bin", "python")


def ensure_venv():
    """Re-runs this script inside the virtual environment, creating it when missing."""
    if os.path.abspath(sys.prefix) == os.path.abspath(VENV):
        return
    if "--system-hypothesis" in sys.argv:  # offline: the Hypothesis this Python already has
        import hypothesis
        print("using the installed Hypothesis %s" % hypothesis.__version__, file=sys.stderr)
        return
    if not os.path.exists(VENV_PYTHON):
        print("making %s with Hypothesis from PyPI" % VENV, file=sys.stderr)
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
        subprocess.check_call([VENV_PYTHON, "-m", "pip", "install", "--quiet", "hypothesis"])
    os.execv(VENV_PYTHON, [VENV_PYTHON] + sys.argv)


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--problems", default="", help="comma-separated names; all by default")
    parser.add_argument(
        "--uniflow", default=os.path.join(ROOT, ".build", "release", "uniflow"),
        help="the uniflow binary (default: the release build)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--jobs", type=int, default=1, help="problems run in parallel")
    parser.add_argument(
        "--system-hypothesis", action="store_true",
        help="use the Hypothesis installed for this Python instead of a virtual environment from "
        "PyPI (for machines without network)")
    parser.add_argument(
        "--hypothesis-from", metavar="TABLE",
        help="reuse the Hypothesis columns of a Markdown table this script printed before "
        "(same seeds), and run only the Uniflow side")
    return parser.parse_args()


def uniflow_rows(binary, seeds, names):
    # `uniflow bench` runs the uniflow-bench beside it; uniflow-bench itself takes no "bench".
    bench = [] if os.path.basename(binary).startswith("uniflow-bench") else ["bench"]
    command = [binary] + bench + ["--only", "shrinking", "--json", "--seeds", str(seeds)]
    if names:
        command += ["--problems", ",".join(sorted(names))]
    output = subprocess.check_output(command)
    return json.loads(output)["shrinking"].get("corpus", {})


def median(values):
    return statistics.median(values) if values else 0.0


def main():
    ensure_venv()
    args = arguments()
    import corpus_hypothesis  # noqa: E402  (lives beside this script; needs Hypothesis)

    names = set(filter(None, args.problems.split(",")))
    problems = [p for p in corpus_hypothesis.PROBLEMS if not names or p.name in names]
    ours = uniflow_rows(args.uniflow, args.seeds, {p.name for p in problems})
    global SEEDS, PROBLEMS
    SEEDS = args.seeds
    PROBLEMS = problems
    rows = []
    if args.hypothesis_from:
        results = earlier_results(args.hypothesis_from, problems)
    else:
        pool = multiprocessing.get_context("fork").Pool(args.jobs)
        results = pool.imap(run_problem, range(len(problems)))
    for name, ideal, runs in results:
        mine = ours.get(name)
        rows.append((name, ideal, runs, mine))
        print("%-62s %s" % (name, describe(ideal, runs, mine)), file=sys.stderr, flush=True)
    print_table(rows, args.seeds, args.markdown)


def earlier_results(path, problems):
    """The Hypothesis columns of an earlier Markdown table, for `problems`."""
    found = {}
    with open(path) as table:
        for line in table:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) == 5 and cells[1].replace(".", "").isdigit():
                runs = 0.0 if cells[2] == "–" else float(cells[2])
                found[cells[0]] = (float(cells[1]), runs)
    return [(p.name,) + found[p.name] for p in problems if p.name in found]


SEEDS = 100
PROBLEMS = []


def run_problem(index):
    """One problem from every seed: its name, ideal share and median runs."""
    problem = PROBLEMS[index]
    outcomes = [problem.run(seed) for seed in range(SEEDS)]
    ideal = sum(1 for o in outcomes if o.ideal) / len(outcomes)
    return problem.name, ideal, median([o.runs for o in outcomes if o.found])


def describe(ideal, runs, mine):
    text = "hypothesis %.2f %7.1f" % (ideal, runs)
    if mine:
        text += "   uniflow %.2f %7.1f" % (mine["ideal"], mine["medianEvaluations"])
    return text


def print_table(rows, seeds, markdown):
    import corpus_hypothesis

    searched_only = corpus_hypothesis.SEARCHED_ONLY
    shrunk = [row for row in rows if row[0] not in searched_only and row[3]]
    better_or_equal = sum(1 for _, ideal, _, mine in rows if mine and mine["ideal"] >= ideal)
    fewer_runs = sum(1 for _, _, runs, mine in shrunk if mine["medianEvaluations"] <= runs)

    def runs_text(name, runs):
        return "–" if name in searched_only else "%.1f" % runs

    if markdown:
        print("| problem | Hypothesis ideal | Hypothesis runs | Uniflow ideal | Uniflow runs |")
        print("|---|---:|---:|---:|---:|")
        for name, ideal, runs, mine in rows:
            ours = (
                "%.2f | %s" % (mine["ideal"], runs_text(name, mine["medianEvaluations"]))
                if mine else "– | –")
            print("| %s | %.2f | %s | %s |" % (name, ideal, runs_text(name, runs), ours))
    else:
        print("%-62s %9s %9s %9s %9s" % ("problem", "hyp ideal", "hyp runs", "uni ideal", "uni runs"))
        for name, ideal, runs, mine in rows:
            ours = (
                "%9.2f %9s" % (mine["ideal"], runs_text(name, mine["medianEvaluations"]))
                if mine else "missing")
            print("%-62s %9.2f %9s %s" % (name, ideal, runs_text(name, runs), ours))
    print()
    print(
        "%d problems, %d seeds each: Uniflow's ideal share >= Hypothesis's on %d; of the %d "
        "shrinking problems, Uniflow's median runs <= Hypothesis's on %d."
        % (len(rows), seeds, better_or_equal, len(shrunk), fewer_runs))


if __name__ == "__main__":
    sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    main()
