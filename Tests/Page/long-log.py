#!/usr/bin/env python3
"""Writes a long Examples/Todos log to stdout: `long-log.py N` gives N actions — todos added,
toggled and removed (about 50 at a time), searches answered by the search client (a call line
and the effect's action), each with its time on the app's clock. What scripts/test-page.sh
(PAGE_BIG=1) and docs/performance.md make the 100,000-action page from."""
import json
import random
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
random.seed(34)
state = {"nextID": 0, "search": {"isSearching": False, "query": "", "suggestions": []},
         "timer": {"isRunning": False, "length": 1500, "secondsLeft": 1500}, "todos": []}
print(json.dumps({"format": "uniflow-action-log", "version": 2, "records": "clock,calls",
                  "app": "todos 1.0.0", "state": state}, separators=(",", ":")))
ids = []
next_id = 0
clock = 0.0
seq = 0
words = ["milk", "dog", "plants", "mom", "tests", "book", "trip"]


def action(source, text):
    global seq, clock
    seq += 1
    clock += random.random() * 0.5
    print(json.dumps({"seq": seq, "src": source, "action": text, "clock": f"{clock:.6f}"},
                     separators=(",", ":"), ensure_ascii=False))


while seq < count:
    roll = random.random()
    if roll < 0.35 and len(ids) >= 50:
        victim = ids.pop(random.randrange(len(ids)))
        action("sent", f".removeTapped({victim})")
    elif roll < 0.35 or not ids:
        next_id += 1
        ids.append(next_id)
        action("sent", f'.addTapped("{random.choice(words)} {next_id}")')
    elif roll < 0.75:
        action("sent", f".rows(.element(id: {random.choice(ids)}, action: .toggled))")
    else:
        word = random.choice(words)
        action("sent", f'.search(.queryChanged("{word[:3]}"))')
        if seq < count:
            clock += 0.3
            print(json.dumps({"call": "searchClient.search", "clock": f"{clock:.6f}",
                              "input": word[:3], "output": [f"{word} one", f"{word} two"]},
                             separators=(",", ":")))
            action("effect", f'.search(.answered(["{word} one","{word} two"]))')
