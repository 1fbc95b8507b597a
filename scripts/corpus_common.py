"""What corpus_hypothesis.py and corpus_machines.py share: the outcome of one run, the settings
every problem runs with, and one property both use.
"""

from collections import namedtuple

from hypothesis import HealthCheck, Phase, settings

Outcome = namedtuple("Outcome", "found ideal runs")


class Failed(Exception):
    pass


def hypothesis_settings(examples, shrink, steps=None):
    phases = [Phase.generate, Phase.shrink] if shrink else [Phase.generate]
    options = dict(
        max_examples=examples, database=None, deadline=None, phases=phases,
        suppress_health_check=list(HealthCheck), report_multiple_bugs=False, print_blob=False)
    if steps is not None:
        options["stateful_step_count"] = steps
    return settings(**options)


def wide_gap(x):
    return bool(x) and max(x) > min(x) + 10 > 0
