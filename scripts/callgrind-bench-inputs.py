#!/usr/bin/env python3
"""Fixed inputs for scripts/callgrind-bench.sh: the same bytes on every run, machine and commit.

    python3 scripts/callgrind-bench-inputs.py script N  > session.txt # N REPL commands
    python3 scripts/callgrind-bench-inputs.py sha256 N                # the digest of that input

`script` writes N commands for script mode (`uniflow --offline --no-default-location
--record X < session.txt`): moveDay/yesterday/tomorrow, reload, dog, adopt (unique names,
birthdays before any date the clock reaches, at most 12 dogs: every action's fingerprint
hashes them all), changeLocation (gazetteer hits and misses), never :undo (it re-applies the
whole history, which would make the run quadratic). Every command succeeds, so the session exits
0. The replay workload replays this session's own recording, made by the binary under test.

Only integer arithmetic is used, so the output does not depend on the Python version.
"""

import hashlib
import sys

MASK = (1 << 64) - 1

class SplitMix64:
    """Sources/Store/PropertyTesting/SplitMix64.swift, bit for bit."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound):
        """multipliedFullWidth(by:).high, as SplitMix64.below."""
        return (self.next() * bound) >> 64


MAX_DOGS = 12
CITIES = ["Seoul", "Busan", "Tokyo", "New York", "Anchorage", "Paris", "Xyzzyville", "Incheon"]


def write_script(count, out):
    r = SplitMix64(3)
    adopted = 0
    for _ in range(count):
        kind = r.below(100)
        if kind < 35:
            line = "moveDay %d" % (r.below(7) - 3)
        elif kind < 45:
            line = "yesterday" if r.below(2) == 0 else "tomorrow"
        elif kind < 60:
            line = "reload"
        elif kind < 72:
            line = "dog" if r.below(3) == 0 or adopted == 0 else "dog dog%d" % r.below(adopted)
        elif kind < 80:
            if adopted < MAX_DOGS:
                line = "adopt dog%d %04d-%02d-%02d %s" % (
                    adopted, 1990 + r.below(15), 1 + r.below(12), 1 + r.below(28),
                    "pug" if r.below(2) == 0 else "poodle")
                adopted += 1
            else:
                line = "dog dog%d" % r.below(adopted)
        else:
            line = "changeLocation " + CITIES[r.below(len(CITIES))]
        out.write(line + "\n")


class Digest:
    def __init__(self):
        self.h = hashlib.sha256()

    def write(self, text):
        self.h.update(text.encode("utf-8"))


def main(argv):
    if len(argv) < 2 or argv[0] not in ("script", "sha256"):
        sys.stderr.write(__doc__)
        return 2
    count = int(argv[1])
    if argv[0] == "sha256":
        digest = Digest()
        write_script(count, digest)
        print("script %d %s" % (count, digest.h.hexdigest()))
        return 0
    out = open(sys.stdout.fileno(), "w", encoding="utf-8", newline="\n", buffering=1 << 20)
    write_script(count, out)
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
