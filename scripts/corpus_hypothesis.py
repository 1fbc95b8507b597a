"""Uniflow's shrinking corpus as Hypothesis problems, for scripts/compare-hypothesis.py.

Each problem has the name of its Swift twin in Sources/CLI/Bench/ShrinkingCorpus*.swift.
Hypothesis shrinks characters toward "0" where Uniflow shrinks them toward "a": each side is judged
by its own simplest character.
"""

import math
from datetime import datetime
from collections import Counter
from functools import reduce

from hypothesis import assume, given
from hypothesis import seed as use_seed
from hypothesis import strategies as st

from corpus_common import Failed, Outcome, hypothesis_settings, wide_gap
from corpus_machines import (
    HOLDOUT2_REDUCERS, HOLDOUT3_REDUCERS, HOLDOUT_REDUCERS, MINIMA_REDUCERS, OUTSIDE_REDUCERS,
    REDUCERS, UNSEEN_REDUCERS)


class Problem:
    """A property over a strategy: fails when `fails(value)`; `ideal(value)` judges the result."""

    def __init__(self, name, strategy, fails, ideal=None, examples=1000, shrink=True,
                 condition=None):
        self.name = name
        self.strategy = strategy
        self.fails = fails
        self.ideal = ideal
        self.examples = examples
        self.shrink = shrink
        self.condition = condition

    def run(self, seed):
        calls = [0]
        first = [None]
        last = [None]

        def test(value):
            calls[0] += 1
            if self.condition is not None and not self.condition(value):
                assume(False)
            if self.fails(value):
                if first[0] is None:
                    first[0] = calls[0]
                last[0] = value
                raise Failed()

        wrapped = use_seed(seed)(
            hypothesis_settings(self.examples, self.shrink)(given(self.strategy)(test)))
        try:
            wrapped()
        except Failed:
            pass
        found = first[0] is not None
        if not found:
            return Outcome(False, False, 0)
        ideal = True if self.ideal is None else bool(self.ideal(last[0]))
        return Outcome(True, ideal, calls[0] - first[0])


def find(name, strategy, trait, condition=None):
    """A discovery problem: found when one of 150 examples (unshrunk) has `trait`."""
    return Problem(name, strategy, trait, examples=150, shrink=False, condition=condition)


# MARK: - test_shrink_quality.py

integers = st.integers(min_value=-(2 ** 63), max_value=2 ** 63 - 1)
texts = st.text(max_size=50)


def repeated(n):
    return "0" * n


def large_union(xs):
    return reduce(set.union, xs, set())


def complex_sorting(x):
    return [list(reversed(t)) for t in x] > x and len(x) > 3


def sets_of_sets_ideal(s):
    return (len(s) == 8 and frozenset() in s
            and all(len(a) <= 1 or any(a != b and b <= a for b in s) for a in s))


def dictionary_3_ideal(d):
    return (len(d) == 3 and set(d.values()) == {""}
            and all((k >= 0 or k + 1 in d) and (k <= 0 or k - 1 in d) for k in d))


def unique_by_ideal(ls):
    values = sorted(map(max, ls))
    return len(ls) == 5 and values[-1] - values[0] == 4 and all(u <= 0 for u, _ in ls)


def min_is_not_dupe(x):
    assume(len(x) >= 20)
    return all(x[i] >= i for i in range(20))


QUALITY = [
    Problem("integers_from_minimizes_leftwards", st.integers(101, 2 ** 63 - 1), lambda x: True,
            lambda x: x == 101),
    Problem("minimize_string_to_empty", texts, lambda x: True, lambda x: x == ""),
    Problem("minimize_one_of", integers | texts | st.booleans(), lambda x: True,
            lambda x: x == 0 and type(x) is int),
    Problem("minimize_mixed_list", st.lists(integers | texts, max_size=1000), lambda x: len(x) >= 10,
            lambda x: all(v == 0 or v == "" for v in x)),
    Problem("minimize_longer_string", texts, lambda x: len(x) >= 10, lambda x: x == repeated(10)),
    Problem("minimize_longer_list_of_strings", st.lists(texts, max_size=1000),
            lambda x: len(x) >= 10, lambda x: x == [""] * 10),
    Problem("minimize_3_set", st.sets(integers, max_size=1000), lambda x: len(x) >= 3,
            lambda x: x in ({0, 1, 2}, {-1, 0, 1})),
    Problem("minimize_3_set_of_tuples", st.sets(st.tuples(integers), max_size=1000),
            lambda x: len(x) >= 2, lambda x: x == {(0,), (1,)}),
    Problem("minimize_sets_of_sets",
            st.sets(st.frozensets(st.integers(1, 100), max_size=1000), min_size=8, max_size=1000),
            lambda x: True, sets_of_sets_ideal),
    Problem("can_simplify_flatmap_with_bounded_left_hand_size",
            st.booleans().flatmap(lambda x: st.lists(st.just(x), max_size=1000)),
            lambda x: len(x) >= 10, lambda x: x == [False] * 10),
    Problem("can_simplify_across_flatmap_of_just", integers.flatmap(st.just), lambda x: True,
            lambda x: x == 0),
    Problem("can_simplify_on_right_hand_strategy_of_flatmap",
            integers.flatmap(lambda x: st.lists(st.just(x), max_size=1000)), lambda x: True,
            lambda x: x == []),
    Problem("can_ignore_left_hand_side_of_flatmap",
            integers.flatmap(lambda x: st.lists(integers, max_size=1000)), lambda x: len(x) >= 10,
            lambda x: x == [0] * 10),
    Problem("can_simplify_on_both_sides_of_flatmap",
            integers.flatmap(lambda x: st.lists(st.just(x), max_size=1000)),
            lambda x: len(x) >= 10, lambda x: x == [0] * 10),
    Problem("flatmap_rectangles",
            st.integers(0, 10).flatmap(
                lambda w: st.lists(st.lists(st.sampled_from("ab"), min_size=w, max_size=w),
                                   max_size=1000)),
            lambda x: ["a", "b"] in x, lambda x: x == [["a", "b"]]),
    Problem("dictionary", st.dictionaries(integers, texts, max_size=100), lambda x: True,
            lambda x: x == {}),
    Problem("dictionary_3", st.dictionaries(integers, texts, max_size=100), lambda x: len(x) >= 3,
            dictionary_3_ideal),
    Problem("minimize_single_element_in_silly_large_int_range", integers,
            lambda x: x >= -(2 ** 62), lambda x: x == 0),
    Problem("minimize_multiple_elements_in_silly_large_int_range", st.lists(integers, max_size=1000),
            lambda x: len(x) >= 20, lambda x: x == [0] * 20),
    Problem("minimize_multiple_elements_in_silly_large_int_range_min_is_not_dupe",
            st.lists(st.integers(0, 2 ** 63 - 1), max_size=1000), min_is_not_dupe,
            lambda x: x == list(range(20))),
    Problem("find_large_union_list",
            st.lists(st.sets(integers, min_size=1, max_size=1000), min_size=1, max_size=1000),
            lambda x: len(large_union(x)) >= 10,
            lambda x: len(x) == 1 and len(large_union(x)) == 10
            and max(large_union(x)) == min(large_union(x)) + 9),
] + [
    Problem("containment_n%d" % n, st.tuples(st.lists(integers, max_size=1000), integers),
            lambda x, n=n: x[1] in x[0] and x[1] >= n, lambda x, n=n: x == ([n], n))
    for n in (0, 1, 10, 100, 1000)
] + [
    Problem("text_containment_n%d" % n, st.tuples(st.lists(texts, max_size=1000), texts),
            lambda x, n=n: x[1] in x[0] and len(x[1]) >= n,
            lambda x, n=n: x == ([repeated(n)], repeated(n)))
    for n in (0, 1, 2)
] + [
    Problem("duplicate_containment", st.tuples(st.lists(integers, max_size=1000), integers),
            lambda x: x[0].count(x[1]) > 1, lambda x: x == ([0, 0], 0)),
    Problem("reordering_bytes", st.lists(integers, max_size=1000),
            lambda x: sum(x) >= 10 and len(x) >= 3, lambda x: x == sorted(x)),
    Problem("minimize_long_list", st.lists(st.booleans(), min_size=50, max_size=1000),
            lambda x: len(x) >= 70, lambda x: x == [False] * 70),
    Problem("minimize_list_of_longish_lists",
            st.lists(st.lists(st.booleans(), max_size=1000), max_size=1000),
            lambda x: len([t for t in x if any(t) and len(t) >= 2]) >= 5,
            lambda x: x == [[False, True]] * 5),
    Problem("minimize_list_of_fairly_non_unique_ints", st.lists(integers, max_size=1000),
            lambda x: len(set(x)) < len(x), lambda x: len(x) == 2),
    Problem("list_with_complex_sorting_structure",
            st.lists(st.lists(st.booleans(), max_size=1000), max_size=1000), complex_sorting,
            lambda x: len(x) == 4),
    Problem("list_with_wide_gap", st.lists(integers, max_size=1000), wide_gap,
            lambda x: len(x) == 2 and max(x) == min(x) + 11),
    Problem("minimize_namedtuple", st.tuples(integers, integers), lambda x: x[0] < x[1],
            lambda x: x[1] == x[0] + 1),
    Problem("minimize_dict", st.tuples(st.booleans(), st.booleans()), lambda x: x[0] or x[1],
            lambda x: not (x[0] and x[1])),
    Problem("minimize_list_of_sets", st.lists(st.sets(st.booleans()), max_size=1000),
            lambda x: len([s for s in x if s]) >= 3, lambda x: x == [{False}] * 3),
    Problem("minimize_list_of_lists", st.lists(st.lists(integers, max_size=1000), max_size=1000),
            lambda x: len([s for s in x if s]) >= 3, lambda x: x == [[0]] * 3),
    Problem("minimize_list_of_tuples", st.lists(st.tuples(integers, integers), max_size=1000),
            lambda x: len(x) >= 2, lambda x: x == [(0, 0), (0, 0)]),
    Problem("minimize_multi_key_dicts", st.dictionaries(st.booleans(), st.booleans()), bool,
            lambda x: x == {False: False}),
    Problem("can_find_sets_unique_by_incomplete_data",
            st.lists(st.tuples(integers, integers), unique_by=max, max_size=1000),
            lambda x: len(x) >= 5, unique_by_ideal),
] + [
    Problem("lists_forced_near_top_n%d" % n, st.lists(integers, min_size=n, max_size=n + 2),
            lambda x, n=n: len(x) == n + 2, lambda x, n=n: x == [0] * (n + 2))
    for n in (0, 4, 9)
]


# MARK: - test_discovery_ability.py

def distorted(values):
    counts = Counter(values)
    return min(counts.values()) * 3 <= max(counts.values())


NESTED = st.one_of(
    st.just(0),
    st.one_of(st.just(1), st.just(2),
              st.one_of(st.just(3), st.just(4), st.one_of(st.just(5), st.just(6), st.just(7)))))

DISCOVERY = [
    find("can_produce_zero", integers, lambda x: x == 0),
    find("can_produce_large_magnitude_integers", integers, lambda x: abs(x) > 1000),
    find("can_produce_large_positive_integers", integers, lambda x: x > 1000),
    find("can_produce_large_negative_integers", integers, lambda x: x < -1000),
    find("can_produce_unstripped_strings", texts, lambda x: x != x.strip()),
    find("can_produce_stripped_strings", texts, lambda x: x == x.strip()),
    find("can_produce_multi_line_strings", texts, lambda x: "\n" in x),
    find("can_produce_ascii_strings", texts, lambda x: all(ord(c) <= 127 for c in x)),
    find("can_produce_long_strings_with_no_ascii", st.text(min_size=5, max_size=50),
         lambda x: all(ord(c) > 127 for c in x)),
    find("can_produce_short_strings_with_some_non_ascii", texts,
         lambda x: any(ord(c) > 127 for c in x), condition=lambda x: len(x) <= 3),
    find("can_produce_positive_infinity", st.floats(), lambda x: x == math.inf),
    find("can_produce_negative_infinity", st.floats(), lambda x: x == -math.inf),
    find("can_produce_nan", st.floats(), math.isnan),
    find("can_produce_floats_near_left", st.floats(0, 1), lambda t: t < 0.2),
    find("can_produce_floats_near_right", st.floats(0, 1), lambda t: t > 0.8),
    find("can_produce_floats_in_middle", st.floats(0, 1), lambda t: 0.2 <= t <= 0.8),
    find("can_produce_long_lists", st.lists(integers, max_size=1000), lambda x: len(x) >= 20),
    find("can_produce_short_lists", st.lists(integers, max_size=1000), lambda x: len(x) <= 10),
    find("can_produce_the_same_int_twice", st.lists(integers, max_size=1000),
         lambda t: len(set(t)) < len(t)),
    find("sampled_from_large_number_can_mix",
         st.lists(st.sampled_from(range(50)), min_size=50, max_size=1000),
         lambda x: len(set(x)) >= 25),
    find("sampled_from_often_distorted", st.lists(st.sampled_from(range(5)), max_size=1000),
         distorted, condition=lambda x: len(x) >= 3),
    find("non_empty_subset_of_two_is_usually_large", st.sets(st.sampled_from((1, 2))),
         lambda t: len(t) == 2),
    find("subset_of_ten_is_sometimes_empty", st.sets(st.integers(1, 10)), lambda t: len(t) == 0),
    find("mostly_sensible_floats", st.floats(), lambda t: t + 1 > t),
    find("mostly_largish_floats", st.floats(), lambda t: t + 1 > 1, condition=lambda x: x > 0),
    find("ints_can_occasionally_be_really_large", st.integers(0, 2 ** 64 - 1),
         lambda t: t >= 2 ** 63),
    find("integers_are_usually_non_zero", integers, lambda x: x != 0),
    find("integers_are_often_small", integers, lambda x: abs(x) <= 100),
    find("integers_are_often_small_but_not_that_small", integers, lambda x: 50 <= abs(x) <= 255),
    find("one_of_flattens_branches_7", NESTED, lambda x: x == 7),
    find("long_duplicates_strings", st.tuples(texts, texts),
         lambda s: len(s[0]) >= 5 and s[0] == s[1]),
]


# MARK: - Local minima (issue 19, item 8; ShrinkingCorpus+LocalMinima.swift)


def run_length_encode(text):
    out = []
    i = 0
    while i < len(text):
        run = 1
        while i + run < len(text) and text[i + run] == text[i]:
            run += 1
        out.append("%d%s" % (run, text[i]))
        i += run
    return "".join(out)


def run_length_decode(code):
    """Reads one ASCII digit of count: runs of ten or more do not round-trip."""
    out = []
    for i in range(0, len(code) - 1, 2):
        count = int(code[i]) if "0" <= code[i] <= "9" else 0
        out.append(code[i + 1] * count)
    return "".join(out)


def three_close_increasing(x):
    return len(x) == 3 and x[0] >= 10 and x[0] < x[1] < x[2] and x[2] - x[0] <= 2


def saturday_night(d):
    return d.weekday() == 5 and d.hour >= 22


LOCAL_MINIMA = [
    Problem("mirrored_pair_in_flatmap",
            st.integers(0, 9).flatmap(lambda a: st.integers(0, 9).map(lambda b: (a, b))),
            lambda p: p[0] != p[1], lambda p: p == (0, 1)),
    Problem("optional_fields_end_nil",
            st.tuples(st.none() | integers, integers, st.none() | texts),
            lambda t: t[1] >= 10, lambda t: t == (None, 10, None)),
    Problem("three_close_increasing", st.tuples(*[st.integers(0, 20)] * 3),
            three_close_increasing, lambda x: x == (10, 11, 12)),
    Problem("product_above_1000", st.tuples(st.integers(0, 10000), st.integers(0, 10000)),
            lambda p: p[0] * p[1] > 1000, lambda p: p == (1, 1001)),
    Problem("run_length_round_trip", texts,
            lambda s: run_length_decode(run_length_encode(s)) != s, lambda s: s == repeated(10)),
    find("date_on_saturday_night",
         st.datetimes(min_value=datetime(2001, 1, 1), max_value=datetime(2030, 12, 31)),
         saturday_night),
] + MINIMA_REDUCERS



# MARK: - Unseen problems of the same kinds (ShrinkingCorpus+Unseen.swift)


def runs_of(text):
    """The runs of equal characters in `text`, as (character, length) pairs."""
    out = []
    for c in text:
        if out and out[-1][0] == c:
            out[-1] = (c, out[-1][1] + 1)
        else:
            out.append((c, 1))
    return out


def one_pass_bubble_sort(values):
    out = list(values)
    for i in range(len(out) - 1):
        if out[i] > out[i + 1]:
            out[i], out[i + 1] = out[i + 1], out[i]
    return out


def leap_day(d):
    return d.month == 2 and d.day == 29


UNSEEN = [
    Problem("three_distinct_in_flatmap",
            st.integers(0, 9).flatmap(lambda a: st.integers(0, 9).flatmap(
                lambda b: st.integers(0, 9).map(lambda c: (a, b, c)))),
            lambda t: len(set(t)) == 3, lambda t: t == (0, 1, 2)),
    Problem("swapped_keys_share_value",
            st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), unique_by=lambda e: e[0],
                     max_size=10),
            lambda x: len({v for _, v in x}) < len(x), lambda x: x == [(0, 0), (1, 0)]),
    Problem("nested_optionals_end_nil",
            st.tuples(st.none() | st.none() | integers, integers,
                      st.none() | st.lists(integers, max_size=5)),
            lambda t: t[1] >= 10, lambda t: t == (None, 10, None)),
    Problem("four_close_in_a_set", st.sets(st.integers(0, 100), min_size=4, max_size=4),
            lambda s: min(s) >= 20 and max(s) - min(s) <= 3, lambda s: s == {20, 21, 22, 23}),
    Problem("product_of_three_above_1000", st.tuples(*[st.integers(0, 10000)] * 3),
            lambda t: t[0] * t[1] * t[2] > 1000, lambda t: t == (1, 1, 1001)),
    Problem("sum_of_list_above_1000", st.lists(st.integers(0, 10000), max_size=100),
            lambda x: sum(x) > 1000, lambda x: x == [1001]),
    Problem("two_runs_of_three", texts,
            lambda s: len({c for c, n in runs_of(s) if n >= 3}) >= 2,
            lambda s: s == "000111"),
    Problem("one_pass_bubble_sort", st.lists(st.integers(0, 100), max_size=20),
            lambda x: one_pass_bubble_sort(x) != sorted(x), lambda x: x == [1, 1, 0]),
    find("date_on_leap_day",
         st.datetimes(min_value=datetime(2001, 1, 1), max_value=datetime(2030, 12, 31)),
         leap_day),
] + UNSEEN_REDUCERS



# MARK: - Variants over ranges, offsets and element types (ShrinkingCorpus+Variants.swift)


def product(name, low, high, at_least, ideal):
    return Problem(name, st.tuples(st.integers(low, high), st.integers(low, high)),
                   lambda p: p[0] * p[1] >= at_least, lambda p: p == ideal)


def close_increasing(name, low, high, far, ideal):
    return Problem(name, st.tuples(*[st.integers(low, high)] * 3),
                   lambda t: far(t[0]) and t[0] < t[1] < t[2] and t[2] - t[0] <= 2,
                   lambda t: t == ideal)


def adjacent_seats(name, low, high, block, ideal, max_size=20):
    def fails(seats):
        return any(all(s + k in seats for k in range(1, block)) for s in seats)

    return Problem(name, st.sets(st.integers(low, high), max_size=max_size), fails,
                   lambda s: s == set(ideal))


def three_nonzero(name, low, high):
    def fails(x):
        return any(x[i] != 0 and x[i + 1] != 0 and x[i + 2] != 0 for i in range(len(x) - 2))

    return Problem(name, st.lists(st.integers(low, high), max_size=30), fails,
                   lambda x: x == [1, 1, 1])


def runs_of_list(values):
    out = []
    for v in values:
        if out and out[-1][0] == v:
            out[-1] = (v, out[-1][1] + 1)
        else:
            out.append((v, 1))
    return out


def list_round_trip_fails(values):
    """The list run-length code keeps one decimal digit of each run's count."""
    decoded = []
    for value, count in runs_of_list(values):
        decoded += [value] * int(str(count)[0])
    return decoded != values


ascii_texts = st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=127), max_size=50)

VARIANTS = [
    product("product_from_1_at_least_100", 1, 1000, 100, (1, 100)),
    product("product_of_negatives_at_least_100", -1000, -1, 100, (-1, -100)),
    product("product_from_10_above_1000", 10, 1000, 1001, (10, 101)),
    product("product_of_int16_above_1000", -32768, 32767, 1001, (1, 1001)),
    product("product_of_bytes_above_1000", 0, 255, 1001, (4, 251)),
    Problem("product_of_three_from_1_at_least_100", st.tuples(*[st.integers(1, 1000)] * 3),
            lambda t: t[0] * t[1] * t[2] >= 100, lambda t: t == (1, 1, 100)),
    close_increasing("three_close_increasing_from_100", 100, 120, lambda a: a >= 110,
                     (110, 111, 112)),
    close_increasing("three_close_increasing_negative", -20, 0, lambda a: a <= -12,
                     (-12, -11, -10)),
    close_increasing("three_close_increasing_int8", -128, 127, lambda a: a >= 10, (10, 11, 12)),
    Problem("four_close_in_a_set_from_100", st.sets(st.integers(100, 200), min_size=4, max_size=4),
            lambda s: min(s) >= 120 and max(s) - min(s) <= 3,
            lambda s: s == {120, 121, 122, 123}),
    Problem("mirrored_pair_from_1",
            st.integers(1, 10).flatmap(lambda a: st.integers(1, 10).map(lambda b: (a, b))),
            lambda p: p[0] != p[1], lambda p: p == (1, 2)),
    Problem("optional_fields_end_nil_from_5",
            st.tuples(st.none() | st.integers(5, 50), st.integers(5, 50), st.none() | texts),
            lambda t: t[1] >= 20, lambda t: t == (None, 20, None)),
    Problem("sum_of_list_from_1_above_1000", st.lists(st.integers(1, 10000), max_size=100),
            lambda x: sum(x) > 1000, lambda x: x == [1001]),
    Problem("sum_of_negatives_below_minus_1000", st.lists(st.integers(-10000, 0), max_size=100),
            lambda x: sum(x) < -1000, lambda x: x == [-1001]),
    Problem("sum_of_int16_list_above_1000", st.lists(st.integers(-32768, 32767), max_size=100),
            lambda x: sum(x) > 1000, lambda x: x == [1001]),
    adjacent_seats("adjacent_seats_in_a_set", 1, 100, 3, [1, 2, 3]),
    adjacent_seats("adjacent_seats_around_zero", -50, 50, 3, [-1, 0, 1]),
    adjacent_seats("four_adjacent_seats", 0, 50, 4, [0, 1, 2, 3]),
    three_nonzero("three_nonzero_in_a_row", -10, 10),
    three_nonzero("three_nonzero_in_a_row_from_0", 0, 100),
    Problem("run_length_round_trip_ascii", ascii_texts,
            lambda s: run_length_decode(run_length_encode(s)) != s, lambda s: s == repeated(10)),
    Problem("run_length_round_trip_of_numbers", st.lists(st.integers(0, 9), max_size=50),
            list_round_trip_fails, lambda x: x == [0] * 10),
    Problem("run_length_round_trip_of_words",
            st.lists(st.text(min_size=1, max_size=3), max_size=30),
            list_round_trip_fails, lambda x: x == ["0"] * 10),
    Problem("two_runs_of_three_digits", st.lists(st.integers(0, 9), max_size=30),
            lambda x: len({v for v, n in runs_of_list(x) if n >= 3}) >= 2,
            lambda x: x == [0, 0, 0, 1, 1, 1]),
    Problem("one_pass_bubble_sort_from_10", st.lists(st.integers(10, 100), max_size=20),
            lambda x: one_pass_bubble_sort(x) != sorted(x), lambda x: x == [11, 11, 10]),
    Problem("one_pass_bubble_sort_negative", st.lists(st.integers(-100, 0), max_size=20),
            lambda x: one_pass_bubble_sort(x) != sorted(x), lambda x: x == [0, 0, -1]),
]


# MARK: - The kinds an outside user found short (ShrinkingCorpus+Outside.swift)


def formula_value(f, x):
    kind = f[0]
    if kind == "num":
        return f[1]
    if kind == "x":
        return x
    if kind == "add":
        return formula_value(f[1], x) + formula_value(f[2], x)
    if kind == "mul":
        return formula_value(f[1], x) * formula_value(f[2], x)
    return -formula_value(f[1], x)


def simplified(f):
    """The Swift Formula.simplified, planted bug included: (-a)·(-b) becomes -(a·b)."""
    kind = f[0]
    if kind in ("num", "x"):
        return f
    if kind == "neg":
        a = simplified(f[1])
        if a[0] == "num":
            return ("num", -a[1])
        if a[0] == "neg":
            return a[1]
        return ("neg", a)
    a, b = simplified(f[1]), simplified(f[2])
    if kind == "add":
        if a[0] == "num" and b[0] == "num":
            return ("num", a[1] + b[1])
        if a == ("num", 0):
            return b
        if b == ("num", 0):
            return a
        return ("add", a, b)
    if a[0] == "num" and b[0] == "num":
        return ("num", a[1] * b[1])
    if a == ("num", 0) or b == ("num", 0):
        return ("num", 0)
    if a == ("num", 1):
        return b
    if b == ("num", 1):
        return a
    if a[0] == "neg" and b[0] == "neg":
        return ("neg", ("mul", a[1], b[1]))
    return ("mul", a, b)


formulas = st.recursive(
    st.integers(-10, 10).map(lambda n: ("num", n)) | st.just(("x",)),
    lambda f: st.tuples(f, f).map(lambda p: ("add",) + p)
    | st.tuples(f, f).map(lambda p: ("mul",) + p) | f.map(lambda a: ("neg", a)),
    max_leaves=16)


def kahn_order(edges, repeats_count=True):
    incoming = {}
    nexts = {}
    for a, b in (edges if repeats_count else list(set(edges))):
        incoming[b] = incoming.get(b, 0) + 1
        nexts.setdefault(a, set()).add(b)
    nodes = {n for e in edges for n in e}
    ready = sorted(n for n in nodes if incoming.get(n, 0) == 0)
    order = []
    while ready:
        node = ready.pop(0)
        order.append(node)
        for target in sorted(nexts.get(node, ())):
            incoming[target] -= 1
            if incoming[target] == 0:
                ready.append(target)
    return order


def edge_nodes(edges):
    return {n for e in edges for n in e}


def has_short_cycle(edges):
    edge_set = set(edges)
    return any(a == b or (b, a) in edge_set for a, b in edges)


acyclic_edges = st.lists(
    st.tuples(st.integers(0, 6), st.integers(1, 3)).map(lambda p: (p[0], p[0] + p[1])),
    max_size=10)
any_edges = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=10)


def separated(value, buggy):
    text = str(value) if buggy else str(abs(value))
    out = "" if buggy or value >= 0 else "-"
    for i, c in enumerate(text):
        if i > 0 and (len(text) - i) % 3 == 0:
            out += ","
        out += c
    return out


def separators(name, strategy):
    return Problem(name, strategy, lambda n: separated(n, True) != separated(n, False),
                   lambda n: n == -100)


OUTSIDE = [
    Problem("expression_simplifier", formulas,
            lambda f: formula_value(simplified(f), 3) != formula_value(f, 3),
            lambda f: f == ("mul", ("neg", ("x",)), ("neg", ("x",)))),
    Problem("topological_order_duplicate_edge", acyclic_edges,
            lambda e: len(kahn_order(e)) != len(edge_nodes(e)),
            lambda e: e == [(0, 1), (0, 1)]),
    Problem("cycle_of_three_undetected", any_edges,
            lambda e: not has_short_cycle(e)
            and len(kahn_order(e, repeats_count=False)) != len(edge_nodes(e)),
            lambda e: e == [(0, 1), (1, 2), (2, 0)]),
    separators("thousands_separators_with_sign", integers),
    separators("thousands_separators_in_a_million", st.integers(-1000000, 1000000)),
    separators("thousands_separators_int32", st.integers(-2 ** 31, 2 ** 31 - 1)),
] + OUTSIDE_REDUCERS



# MARK: - Written after the passes of issue 33 (ShrinkingCorpus+Holdout.swift)


def overflows(value):
    return not -2 ** 63 <= value < 2 ** 63


def document_printed(d):
    if d is None:
        return "null"
    if isinstance(d, int):
        return str(d)
    if d and all(item == [] for item in d):
        return "[]"
    return "[" + ",".join(document_printed(item) for item in d) + "]"


def document_round_trips(d):
    import json
    try:
        return json.loads(document_printed(d)) == d
    except ValueError:
        return False


documents = st.recursive(st.none() | st.integers(0, 99), lambda d: st.lists(d, max_size=3),
                         max_leaves=27)


def balanced(text):
    depth = 0
    for c in text:
        depth += 1 if c == "(" else -1 if c == ")" else 0
        if depth < 0:
            return False
    return depth == 0


def reachable(edges, start, hops=None):
    seen = {start}
    frontier = [start]
    level = 0
    while frontier and (hops is None or level < hops):
        level += 1
        frontier = [b for a, b in edges if a in frontier and b not in seen]
        seen.update(frontier)
    return seen


HOLDOUT = [
    Problem("difference_from_100", st.tuples(st.integers(100, 10000), st.integers(100, 10000)),
            lambda p: p[0] - p[1] >= 500 and p[1] >= 200, lambda p: p == (700, 200)),
    Problem("squares_of_negatives_above_10000",
            st.tuples(st.integers(-500, -10), st.integers(-500, -10)),
            lambda p: p[0] ** 2 + p[1] ** 2 >= 10000, lambda p: p == (-10, -100)),
    Problem("product_of_uint16_at_least_10000",
            st.tuples(st.integers(0, 65535), st.integers(0, 65535)),
            lambda p: p[0] * p[1] >= 10000, lambda p: p == (1, 10000)),
    Problem("sum_overflows_int64", st.tuples(integers, integers),
            lambda p: overflows(p[0] + p[1]), lambda p: p == (1, 2 ** 63 - 1)),
    Problem("difference_overflows_int64", st.tuples(integers, integers),
            lambda p: overflows(p[0] - p[1]), lambda p: p == (0, -2 ** 63)),
    adjacent_seats("adjacent_seats_in_a_hall", 1, 500, 3, [1, 2, 3], max_size=50),
    adjacent_seats("five_adjacent_seats", 0, 100, 5, [0, 1, 2, 3, 4], max_size=30),
    Problem("three_large_in_a_set", st.sets(st.integers(0, 1000), max_size=10),
            lambda s: len([x for x in s if x >= 500]) >= 3, lambda s: s == {500, 501, 502}),
    Problem("nested_empty_arrays_print", documents, lambda d: not document_round_trips(d),
            lambda d: d == [[]]),
    Problem("fields_with_a_comma", st.lists(texts, min_size=1, max_size=5),
            lambda f: ",".join(f).split(",") != f, lambda f: f == [","]),
    Problem("parentheses_counted_not_matched",
            st.lists(st.sampled_from("()ab"), max_size=20).map("".join),
            lambda t: (t.count("(") == t.count(")")) != balanced(t), lambda t: t == ")("),
    Problem("reachability_misses_three_hops", any_edges,
            lambda e: reachable(e, 0, hops=2) != reachable(e, 0),
            lambda e: e == [(0, 1), (1, 2), (2, 3)]),
] + HOLDOUT_REDUCERS



# MARK: - The second holdout, written after every pass of issue 33


def escape(text):
    return text.replace('"', '\\"').replace("\n", "\\n")


def unescape(text):
    out = []
    escaping = False
    for c in text:
        if escaping:
            out.append("\n" if c == "n" else c)
            escaping = False
        elif c == "\\":
            escaping = True
        else:
            out.append(c)
    return "".join(out)


def csv_line(fields):
    return ",".join('"' + f.replace('"', '""') + '"' if "," in f or '"' in f else f
                    for f in fields)


def csv_parse(text):
    fields, field, quoted, i = [], "", False, 0
    while i < len(text):
        c = text[i]
        i += 1
        if quoted:
            if c == '"':
                if i < len(text) and text[i] == '"':
                    field += '"'
                    i += 1
                else:
                    quoted = False
            else:
                field += c
        elif c == '"':
            quoted = True
        elif c == ",":
            fields.append(field)
            field = ""
        elif c == "\n":
            break
        else:
            field += c
    fields.append(field)
    return fields


HOLDOUT2 = [
    Problem("ratio_of_pair_from_7", st.tuples(st.integers(7, 500), st.integers(7, 500)),
            lambda p: p[0] >= 3 * p[1] and p[1] >= 20, lambda p: p == (60, 20)),
    Problem("escaped_backslash", ascii_texts, lambda t: unescape(escape(t)) != t,
            lambda t: t == "\\"),
    Problem("csv_field_with_newline", st.lists(ascii_texts, min_size=1, max_size=4),
            lambda f: csv_parse(csv_line(f)) != f, lambda f: f == ["\n"]),
] + HOLDOUT2_REDUCERS

# MARK: - The third holdout (ShrinkingCorpus+Holdout3.swift), written before it was measured


def merge_dropping_equal(a, b):
    out, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        if a[i] < b[j]:
            out.append(a[i])
            i += 1
        elif b[j] < a[i]:
            out.append(b[j])
            j += 1
        else:
            i += 1
            j += 1
    return out + a[i:] + b[j:]


def lower_bound_past_end(values, target):
    if not values:
        return 0
    low, high = 0, len(values) - 1
    while low < high:
        middle = (low + high) // 2
        if values[middle] < target:
            low = middle + 1
        else:
            high = middle
    return low


def first_at_least(values, target):
    return next((i for i, v in enumerate(values) if v >= target), len(values))


def dips_and_recovers(moves):
    balance, lowest = 0, 0
    for move in moves:
        balance += move
        lowest = min(lowest, balance)
    return lowest < -10 and balance >= 0


def strong_password(t):
    return len(t) >= 6 and any(c.isdigit() for c in t) and any(c.isupper() for c in t)


def punctuation_count(t):
    return sum(1 for c in t if 33 <= ord(c) <= 126 and not c.isalnum())


signed_expressions = st.recursive(
    st.integers(-5, 5).map(lambda v: ("literal", v)),
    lambda e: st.one_of(e.map(lambda x: ("negate", x)), st.tuples(e, e).map(lambda p: ("add",) + p)),
    max_leaves=8)


def signed_value(e):
    if e[0] == "literal":
        return e[1]
    if e[0] == "negate":
        return -signed_value(e[1])
    return signed_value(e[1]) + signed_value(e[2])


def signed_simplified(e):
    if e[0] == "literal":
        return e
    if e[0] == "negate":
        inner = e[1]
        if inner[0] == "add":
            return ("add", ("negate", signed_simplified(inner[1])), signed_simplified(inner[2]))
        return ("negate", signed_simplified(inner))
    return ("add", signed_simplified(e[1]), signed_simplified(e[2]))


leaf_trees = st.recursive(st.integers(0, 9), lambda t: st.tuples(t, t), max_leaves=16)


def tree_depth(t):
    return 1 if isinstance(t, int) else 1 + max(tree_depth(t[0]), tree_depth(t[1]))


def tree_sum(t):
    return t if isinstance(t, int) else tree_sum(t[0]) + tree_sum(t[1])


shapes = st.one_of(
    st.integers(0, 100).map(lambda r: ("circle", r)),
    st.tuples(st.integers(0, 100), st.integers(0, 100)).map(lambda p: ("rect",) + p),
    st.text(max_size=5).map(lambda t: ("label", t)))


def area(shape, cached=False):
    if shape[0] == "circle":
        return 3 * shape[1] ** 2
    if shape[0] == "rect":
        return shape[1] + shape[2] if cached else shape[1] * shape[2]
    return 0


def shapes_fail(items):
    total = sum(area(s) for s in items)
    return total > 20 and sum(area(s, cached=True) for s in items) != total


def int8_product_overflows(p):
    return not -128 <= p[0] * p[1] <= 127


def saturday_afternoon(d):
    return d.weekday() == 5 and d.hour >= 12


def is_email(t):
    parts = t.split("@")
    return (len(parts) == 2 and parts[0] != "" and "." in parts[1]
            and not parts[1].startswith(".") and not parts[1].endswith("."))


def oldest_skipping_second(members):
    if not members:
        return None
    best = members[0]
    for member in members[2:]:
        if member[2] > best[2]:
            best = member
    return best


def preferences_line(p):
    return "%s|%r|%s" % (p[0], p[1], ";".join(p[2]))


def preferences_parse(line):
    parts = line.split("|")
    if len(parts) != 3:
        return None
    try:
        volume = float(parts[1])
    except ValueError:
        return None
    return (parts[0], volume, [] if parts[2] == "" else parts[2].split(";"))


def symmetric(m):
    return all(m[i][j] == m[j][i] for i in range(len(m)) for j in range(len(m)))


def first_row_symmetric(m):
    return all(m[0][j] == m[j][0] for j in range(len(m)))


def fields(n):
    return st.tuples(*[st.integers(0, 100)] * n)


sorted_unique = st.sets(st.integers(0, 20), max_size=5).map(sorted)
members = st.lists(st.tuples(st.integers(0, 999), st.text(min_size=1, max_size=8),
                             st.integers(0, 120)), max_size=10, unique_by=lambda m: m[0])

HOLDOUT3 = [
    Problem("weighted_sum_of_three_fields", fields(3),
            lambda p: p[0] + 2 * p[1] + p[2] >= 200 and p[2] <= p[0], lambda p: p == (0, 100, 0)),
    Problem("order_total_price_quantity_discount",
            st.tuples(st.integers(1, 1000), st.integers(1, 50), st.integers(0, 90)),
            lambda p: p[0] * p[1] * (100 - p[2]) // 100 > 5000, lambda p: p == (101, 50, 0)),
    Problem("merge_sorted_unique_drops_equal", st.tuples(sorted_unique, sorted_unique),
            lambda p: merge_dropping_equal(*p) != sorted(set(p[0]) | set(p[1])),
            lambda p: p == ([0], [0])),
    Problem("unique_ids_adjacent_with_equal_scores",
            st.lists(st.tuples(st.integers(0, 99), st.integers(0, 9)), max_size=10,
                     unique_by=lambda e: e[0]),
            lambda es: any(b[0] == a[0] + 1 and b[1] == a[1] for a in es for b in es),
            lambda es: es == [(0, 0), (1, 0)]),
    Problem("two_wide_inner_lists_summing_to_3",
            st.lists(st.lists(st.integers(0, 9), max_size=5), max_size=5),
            lambda ls: len([l for l in ls if len(l) >= 2]) >= 2 and sum(map(sum, ls)) >= 3,
            lambda ls: ls == [[0, 0], [0, 3]]),
    Problem("password_rule_forgets_uppercase", st.text(alphabet=st.characters(max_codepoint=127),
                                                       max_size=20),
            lambda t: (len(t) >= 6 and any(c.isdigit() for c in t)) != strong_password(t),
            lambda t: t == "000000"),
    Problem("trim_keeps_trailing_space", texts, lambda t: t.lstrip(" ") != t.strip(" "),
            lambda t: t == "0 "),
    Problem("saturday_afternoon_in_2024",
            st.datetimes(min_value=datetime(2024, 1, 1), max_value=datetime(2024, 12, 31)),
            saturday_afternoon, lambda d: d == datetime(2024, 1, 6, 12)),
    Problem("dictionary_keys_collide_ignoring_case",
            st.dictionaries(st.text(alphabet=st.characters(max_codepoint=127), min_size=1,
                                    max_size=3), st.integers(0, 100), max_size=8),
            lambda d: len({k.lower() for k in d}) < len(d), lambda d: len(d) == 2),
    Problem("set_of_strings_with_a_prefix", st.sets(st.text(min_size=1, max_size=4), max_size=6),
            lambda s: any(a != b and b.startswith(a) for a in s for b in s),
            lambda s: s == {"0", "00"}),
    Problem("simplified_negated_sum", signed_expressions,
            lambda e: signed_value(signed_simplified(e)) != signed_value(e),
            lambda e: e == ("negate", ("add", ("literal", 0), ("literal", 1)))),
    Problem("successor_pair_with_product_100",
            st.tuples(st.integers(-1000, 1000), st.integers(-1000, 1000)),
            lambda p: p[0] == p[1] + 1 and p[0] * p[1] >= 100, lambda p: p == (-10, -11)),
    Problem("interval_of_100_from_residue_3", st.tuples(st.integers(0, 1000), st.integers(0, 1000)),
            lambda p: p[0] < p[1] and p[1] - p[0] >= 100 and p[0] % 7 == 3,
            lambda p: p == (3, 103)),
    Problem("float_list_sum_above_100_5", st.lists(st.floats(0, 100), max_size=10),
            lambda xs: sum(xs) > 100.5, lambda xs: xs == [1.0, 100.0]),
    Problem("float_product_below_minus_1", st.tuples(st.floats(-10, 10), st.floats(-10, 10)),
            lambda p: p[0] * p[1] < -1, lambda p: p == (1.0, -2.0)),
    Problem("float_quotient_above_1000", st.tuples(st.floats(-1, 1), st.floats(-1, 1)),
            lambda p: p[1] != 0 and abs(p[0] / p[1]) > 1000, lambda p: p[0] == 1.0),
    Problem("balance_dips_below_minus_10_and_recovers",
            st.lists(st.integers(-100, 100), max_size=20), dips_and_recovers,
            lambda m: m == [-11, 11]),
    Problem("cached_area_of_shapes", st.lists(shapes, max_size=5), shapes_fail,
            lambda s: s == [("rect", 1, 21)]),
    Problem("adult_profile_without_names",
            st.tuples(st.none() | texts, st.none() | st.integers(0, 120), st.none() | texts),
            lambda p: p[0] is None and p[2] is None and (p[1] or 0) >= 18,
            lambda p: p == (None, 18, None)),
    Problem("lower_bound_past_the_end",
            st.tuples(st.lists(st.integers(0, 100), max_size=10).map(sorted), st.integers(0, 100)),
            lambda p: lower_bound_past_end(*p) != first_at_least(*p), lambda p: p == ([0], 1)),
    Problem("three_negatives_unique", st.lists(st.integers(-50, 50), max_size=10, unique=True),
            lambda v: len([x for x in v if x < 0]) >= 3, lambda v: sorted(v) == [-3, -2, -1]),
    Problem("two_punctuation_in_four_characters",
            st.text(alphabet=st.characters(max_codepoint=127), max_size=30),
            lambda t: len(t) >= 4 and punctuation_count(t) >= 2, lambda t: len(t) == 4),
    Problem("adjacent_keys_summing_above_100",
            st.dictionaries(st.integers(0, 20), st.integers(0, 100), max_size=8),
            lambda d: any(k + 1 in d and v + d[k + 1] > 100 for k, v in d.items()),
            lambda d: d == {0: 1, 1: 100}),
    Problem("set_of_three_summing_to_50", st.sets(st.integers(1, 100), max_size=10),
            lambda s: len(s) >= 3 and sum(s) >= 50, lambda s: s == {1, 2, 47}),
    Problem("five_characters_in_two_inner_lists",
            st.lists(st.lists(st.text(max_size=6), max_size=4), max_size=4),
            lambda ls: len([l for l in ls if l]) >= 2 and sum(len(t) for l in ls for t in l) >= 5,
            lambda ls: ls == [[""], ["00000"]]),
    Problem("deep_tree_with_leaves_summing_to_2", leaf_trees,
            lambda t: tree_depth(t) >= 3 and tree_sum(t) >= 2, lambda t: t == (0, (0, 2))),
    Problem("int8_product_overflows", st.tuples(st.integers(-128, 127), st.integers(-128, 127)),
            int8_product_overflows, lambda p: p == (-1, -128)),
    Problem("oldest_user_skips_the_second", members,
            lambda ms: bool(ms) and oldest_skipping_second(ms)[2] != max(m[2] for m in ms),
            lambda ms: ms == [(0, "0", 0), (1, "0", 1)]),
    Problem("email_check_accepts_empty_local_part",
            st.text(alphabet="ab@.", min_size=1, max_size=10).filter(lambda t: "@" in t),
            lambda t: ("@" in t and "." in t) != is_email(t), lambda t: t == "@."),
    Problem("symmetry_check_reads_one_row",
            st.integers(1, 4).flatmap(
                lambda n: st.lists(st.lists(st.integers(0, 9), min_size=n, max_size=n),
                                   min_size=n, max_size=n)),
            lambda m: first_row_symmetric(m) != symmetric(m),
            lambda m: m == [[0, 0, 0], [0, 0, 0], [0, 1, 0]]),
    Problem("discount_rounds_down", st.tuples(st.integers(0, 10000), st.integers(1, 100)),
            lambda p: p[0] - p[0] * p[1] // 100 != p[0] - (p[0] * p[1] + 50) // 100,
            lambda p: p == (1, 50)),
    Problem("settings_line_loses_an_empty_tag",
            st.tuples(texts, st.floats(0, 1), st.lists(texts, max_size=5)),
            lambda p: preferences_parse(preferences_line(p)) != (p[0], p[1], p[2]),
            lambda p: p == ("", 0.0, [""])),
] + HOLDOUT3_REDUCERS

# Problems that only search (no shrinking), for the table's run counts.
SEARCHED_ONLY = {p.name for p in DISCOVERY} | {"date_on_saturday_night", "date_on_leap_day"}

PROBLEMS = (QUALITY + DISCOVERY + REDUCERS + LOCAL_MINIMA + UNSEEN + VARIANTS + OUTSIDE
            + HOLDOUT + HOLDOUT2 + HOLDOUT3)
