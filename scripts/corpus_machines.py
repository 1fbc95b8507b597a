"""Uniflow's reducer bugs as Hypothesis rule-based state machines, for
scripts/compare-hypothesis.py (see corpus_hypothesis.py). Each has the name of its Swift twin in
Sources/CLI/Bench/ShrinkingCorpus+Reducers.swift.
"""

from hypothesis import strategies as st
from hypothesis import seed as use_seed
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from corpus_common import Outcome, hypothesis_settings, wide_gap

class Machine(RuleBasedStateMachine):
    """The state of CorpusMachine in the Swift corpus; each problem adds its rules. Hypothesis
    orders rules by method name, hence the r0_, r1_ prefixes: the Swift order, simplest first."""

    def __init__(self):
        super().__init__()
        self.count = 0
        self.byte = 0
        self.items = []
        self.names = []
        self.removed = None
        self.armed = False
        self.code = None
        self.opened = False
        self.ticks = 0
        self.requests = 0
        self.answered = 0
        self.steps = []
        RUNS[0] += 1
        RUNS[1] = self.steps


RUNS = [0, None]


def machine_problem(name, cls, ideal, examples=1000, steps=20):
    class MachineProblem:
        def __init__(self):
            self.name = name

        def run(self, seed):
            RUNS[0] = 0
            first = None
            last = None
            runner = use_seed(seed)(cls)
            try:
                run_state_machine_as_test(
                    runner, settings=hypothesis_settings(examples, True, steps=steps))
            except AssertionError:
                pass
            except Exception:  # noqa: BLE001 - any failure of the machine counts
                pass
            # The last machine run is the final replay of the shrunk sequence.
            last = RUNS[1]
            first = FIRST_FAILURE.get(id(cls))
            FIRST_FAILURE.pop(id(cls), None)
            if first is None:
                return Outcome(False, False, 0)
            return Outcome(True, last == ideal, RUNS[0] - first)

    return MachineProblem()


FIRST_FAILURE = {}


def failing(cls):
    """Records the run number of the machine's first failure."""
    original = cls.check

    def check(self):
        if not original(self):
            FIRST_FAILURE.setdefault(id(type(self)), RUNS[0])
            raise AssertionError(type(self).__name__)

    cls.check_invariant = invariant()(check)
    return cls


def lock(steps):
    @failing
    class Lock(Machine):
        @rule()
        def r0_tick(self):
            self.steps.append(("tick",))
            self.ticks += 1

        @rule()
        def r1_arm(self):
            self.steps.append(("arm",))
            self.armed = True
            self.code = None

        @rule(digit=st.integers(0, 9))
        def r2_enter(self, digit):
            self.steps.append(("enter", digit))
            if self.armed:
                self.code = digit

        @rule()
        def r3_open(self):
            self.steps.append(("open",))
            if self.armed and self.code == 7:
                self.opened = True

        def check(self):
            return not self.opened

    return machine_problem("lock_steps_0_%d" % steps, Lock,
                           [("arm",), ("enter", 7), ("open",)], examples=100, steps=steps)


@failing
class Todo(Machine):
    @rule(value=st.integers(0, 9))
    def r0_add(self, value):
        self.steps.append(("add", value))
        self.items.append(value)
        self.count += value
        self.removed = None

    @rule(value=st.integers(0, 9))
    def r1_remove(self, value):
        self.steps.append(("remove", value))
        if value in self.items:
            self.items.remove(value)
        self.removed = value

    def check(self):
        return self.removed is None or self.removed not in self.items


@failing
class Overflow(Machine):
    @rule()
    def r0_increment(self):
        self.steps.append(("increment",))
        self.count += 1
        self.byte = wrap8(self.byte + 1)

    @rule(value=st.integers(0, 100))
    def r1_add(self, value):
        self.steps.append(("addByte", value))
        self.byte = wrap8(self.byte + value)

    def check(self):
        return self.byte >= 0


def wrap8(value):
    return (value + 128) % 256 - 128


@failing
class IncrementThenAdd(Machine):
    @rule()
    def r0_increment(self):
        self.steps.append(("increment",))
        self.count += 1

    @rule(value=st.integers(0, 20))
    def r1_add(self, value):
        self.steps.append(("add", value))
        self.items.append(value)
        self.count += value

    def check(self):
        return self.count < 7


@failing
class StaleAnswer(Machine):
    requests_bundle = Bundle("requests")

    @rule(target=requests_bundle)
    def r0_request(self):
        self.steps.append(("request",))
        self.requests += 1
        self.answered = 0
        return self.requests

    @rule(request=requests_bundle)
    def r1_answer(self, request):
        self.steps.append(("answer", request))
        self.answered = request

    def check(self):
        return self.answered == 0 or self.answered == self.requests


@failing
class Queue(Machine):
    @rule(value=st.integers(0, 100))
    def r0_enqueue(self, value):
        self.steps.append(("enqueue", value))
        if len(self.items) <= 3:
            self.items.append(value)

    @precondition(lambda self: self.items)
    @rule()
    def r1_dequeue(self):
        self.steps.append(("dequeue",))
        self.items.pop(0)

    def check(self):
        return len(self.items) <= 3


@failing
class MinMaxGap(Machine):
    @rule(value=st.integers(-100, 100))
    def r0_record(self, value):
        self.steps.append(("record", value))
        self.items.append(value)

    def check(self):
        return not wide_gap(self.items)


@failing
class SortedInsert(Machine):
    @rule(value=st.integers(0, 100))
    def r0_insert(self, value):
        self.steps.append(("insert", value))
        if self.items and value < self.items[0]:
            self.items.append(value)
        else:
            index = next((i for i, v in enumerate(self.items) if v > value), len(self.items))
            self.items.insert(index, value)

    def check(self):
        return self.items == sorted(self.items)


@failing
class Bank(Machine):
    @rule(amount=st.integers(1, 100))
    def r0_deposit(self, amount):
        self.steps.append(("deposit", amount))
        self.count += amount

    @rule(amount=st.integers(1, 100))
    def r1_withdraw(self, amount):
        self.steps.append(("withdraw", amount))
        if amount <= 2 * self.count:
            self.count -= amount

    def check(self):
        return self.count >= 0


@failing
class Names(Machine):
    @rule(name=st.text(max_size=8))
    def r0_add(self, name):
        self.steps.append(("name", name))
        if name not in self.names:
            self.names.append(name)

    def check(self):
        return len({n.lower() for n in self.names}) == len(self.names)


@failing
class TransferMirrored(Machine):
    def __init__(self):
        super().__init__()
        self.balances = [10, 10, 10, 10]

    @rule(source=st.integers(0, 3), payee=st.integers(0, 3))
    def r0_transfer(self, source, payee):
        self.steps.append(("transfer", source, payee))
        self.balances[source] -= 1
        self.balances[payee] += 1 if source == payee else 2

    def check(self):
        return sum(self.balances) == 40


@failing
class TogglePairs(Machine):
    def __init__(self):
        super().__init__()
        self.toggles = 0
        self.walks = 0

    @rule()
    def r0_toggle(self):
        self.steps.append(("toggle",))
        self.toggles += 1

    @rule()
    def r1_walk(self):
        self.steps.append(("walk",))
        if self.toggles % 2 == 1:
            self.walks += 1

    def check(self):
        return self.walks < 2


@failing
class AccountPool(Machine):
    accounts = Bundle("accounts")

    def __init__(self):
        super().__init__()
        self.balances = {}
        self.deposited = 0

    @rule(target=accounts, account=st.integers(0, 9))
    def r0_open(self, account):
        self.steps.append(("open", account))
        self.balances[account] = 0
        return account

    @rule(account=accounts, amount=st.integers(1, 100))
    def r1_deposit(self, account, amount):
        self.steps.append(("deposit", account, amount))
        self.balances[account] = self.balances.get(account, 0) + amount
        self.deposited += amount

    def check(self):
        return sum(self.balances.values()) == self.deposited


# The local minima of issue 19, item 8 (ShrinkingCorpus+LocalMinima.swift).
MINIMA_REDUCERS = [
    machine_problem("transfer_mirrored", TransferMirrored, [("transfer", 0, 1)]),
    machine_problem("toggle_pairs", TogglePairs, [("toggle",), ("walk",), ("walk",)]),
    machine_problem("account_pool", AccountPool, [("open", 0), ("deposit", 0, 1), ("open", 0)]),
]

REDUCERS = [lock(20), lock(50), lock(100)] + [
    machine_problem("todo_duplicate_remove", Todo, [("add", 0), ("add", 0), ("remove", 0)]),
    machine_problem("counter_overflow", Overflow, [("addByte", 28), ("addByte", 100)]),
    machine_problem("increment_then_add", IncrementThenAdd, [("add", 7)]),
    machine_problem("stale_answer", StaleAnswer, [("request",), ("request",), ("answer", 1)]),
    machine_problem("queue_capacity", Queue, [("enqueue", 0)] * 4),
    machine_problem("min_max_gap", MinMaxGap, [("record", 0), ("record", 11)]),
    machine_problem("sorted_insert", SortedInsert, [("insert", 1), ("insert", 0)]),
    machine_problem("bank_overdraft", Bank, [("deposit", 1), ("withdraw", 2)]),
    machine_problem("case_insensitive_names", Names, [("name", "A"), ("name", "a")]),
]



@failing
class CollidingKeys(Machine):
    def __init__(self):
        super().__init__()
        self.buckets = {}
        self.keys = set()

    @rule(key=st.integers(0, 9))
    def r0_put(self, key):
        self.steps.append(("put", key))
        self.keys.add(key)
        self.buckets[key % 2] = key

    def check(self):
        return len(self.buckets) == len(self.keys)


@failing
class ThreeWalks(TogglePairs):
    def check(self):
        return self.walks < 3


@failing
class TwoReferences(Machine):
    vaults = Bundle("vaults")

    def __init__(self):
        super().__init__()
        self.balances = {}
        self.deposited = 0

    @rule(target=vaults, vault=st.integers(0, 9))
    def r0_open(self, vault):
        self.steps.append(("open", vault))
        self.balances.setdefault(vault, 0)
        return vault

    @rule(vault=vaults, amount=st.integers(1, 100))
    def r1_deposit(self, vault, amount):
        self.steps.append(("deposit", vault, amount))
        self.balances[vault] = self.balances.get(vault, 0) + amount
        self.deposited += amount

    @rule(source=vaults, payee=vaults)
    def r2_transfer(self, source, payee):
        self.steps.append(("transfer", source, payee))
        if source != payee:
            self.balances[payee] = self.balances[source]
            self.balances[source] = 0

    def check(self):
        return sum(self.balances.values()) == self.deposited


def any_of(name, cls, ideals):
    """A machine problem whose ideal is any of `ideals` (equally simple)."""
    problem = machine_problem(name, cls, None)
    run = problem.run

    def run_any(seed):
        outcome = run(seed)
        return outcome._replace(ideal=outcome.found and RUNS[1] in ideals)

    problem.run = run_any
    return problem


# Problems of the same kinds the shrinker was not tuned on (ShrinkingCorpus+Unseen.swift).
UNSEEN_REDUCERS = [
    machine_problem("colliding_keys", CollidingKeys, [("put", 0), ("put", 2)]),
    machine_problem("three_walks_while_open", ThreeWalks,
                    [("toggle",), ("walk",), ("walk",), ("walk",)]),
    any_of("transfer_between_two_references", TwoReferences, [
        [("open", 0), ("open", 1), ("deposit", 0, 1), ("transfer", 1, 0)],
        [("open", 0), ("open", 1), ("deposit", 1, 1), ("transfer", 0, 1)],
    ]),
]


class Shop(Machine):
    """ShopMachine of ShrinkingCorpus+Outside.swift: a ledger, a cart and seats among noise."""

    def __init__(self):
        super().__init__()
        self.browsed = 0
        self.page = 0
        self.query = ""
        self.balance = 0
        self.deposited = 0
        self.withdrawn = 0
        self.cart = {}
        self.total = 0
        self.seats = set()
        self.bookings = 0


def wrap64(value):
    return (value + 2 ** 63) % 2 ** 64 - 2 ** 63


def ledger(low):
    @failing
    class Ledger(Shop):
        @rule()
        def r0_browse(self):
            self.steps.append(("browse",))
            self.browsed += 1

        @rule(page=st.integers(0, 9))
        def r1_page(self, page):
            self.steps.append(("page", page))
            self.page = page

        @rule(amount=st.integers(0, 1000))
        def r2_deposit(self, amount):
            self.steps.append(("deposit", amount))
            self.balance = wrap64(self.balance + amount)
            self.deposited += amount

        @rule(amount=st.integers(low, 2 ** 63 - 1))
        def r3_withdraw(self, amount):
            self.steps.append(("withdraw", amount))
            self.balance = wrap64(self.balance - amount)
            self.withdrawn += amount

        def check(self):
            return self.balance == self.deposited - self.withdrawn

    return Ledger


@failing
class Cart(Shop):
    @rule()
    def r0_browse(self):
        self.steps.append(("browse",))
        self.browsed += 1

    @rule(query=st.text(max_size=5))
    def r1_search(self, query):
        self.steps.append(("search", query))
        self.query = query

    @rule(item=st.integers(0, 4), quantity=st.integers(1, 9))
    def r2_add(self, item, quantity):
        self.steps.append(("add", item, quantity))
        self.cart[item] = self.cart.get(item, 0) + quantity
        self.total += quantity

    @rule(item=st.integers(0, 4))
    def r3_remove(self, item):
        self.steps.append(("remove", item))
        if self.cart.pop(item, None) is not None:
            self.total -= 1

    def check(self):
        return self.total == sum(self.cart.values())


@failing
class Seats(Shop):
    @rule()
    def r0_browse(self):
        self.steps.append(("browse",))
        self.browsed += 1

    @rule(seat=st.integers(1, 30))
    def r1_book(self, seat):
        self.steps.append(("book", seat))
        self.seats.add(seat)
        self.bookings += 1

    @rule(seat=st.integers(1, 30))
    def r2_cancel(self, seat):
        self.steps.append(("cancel", seat))
        if seat in self.seats:
            self.seats.remove(seat)
            self.bookings -= 1

    def check(self):
        return self.bookings == len(self.seats)


# The kinds an outside user found short (ShrinkingCorpus+Outside.swift).
OUTSIDE_REDUCERS = [
    machine_problem("ledger_overflow_near_int_min", ledger(0),
                    [("withdraw", 2), ("withdraw", 2 ** 63 - 1)]),
    machine_problem("ledger_int64_full_range", ledger(-2 ** 63), [("withdraw", -2 ** 63)]),
    machine_problem("cart_quantity_among_noise", Cart, [("add", 0, 2), ("remove", 0)]),
    machine_problem("seat_booking_among_noise", Seats, [("book", 1), ("book", 1)]),
]


class Storeroom(Machine):
    """StoreroomMachine of ShrinkingCorpus+Holdout.swift."""

    def __init__(self):
        super().__init__()
        self.browsed = 0
        self.query = ""
        self.available = 10
        self.reserved = {}
        self.setpoint = None
        self.jumps = 0
        self.counter = 0

    @rule()
    def r0_browse(self):
        self.steps.append(("browse",))
        self.browsed += 1


@failing
class Reservations(Storeroom):
    @rule(query=st.text(max_size=5))
    def r1_search(self, query):
        self.steps.append(("search", query))
        self.query = query

    @rule(item=st.integers(0, 3), quantity=st.integers(1, 5))
    def r2_reserve(self, item, quantity):
        self.steps.append(("reserve", item, quantity))
        if self.available >= quantity:
            self.available -= quantity
            self.reserved[item] = self.reserved.get(item, 0) + quantity

    @rule(item=st.integers(0, 3))
    def r3_release(self, item):
        self.steps.append(("release", item))
        self.available += self.reserved.get(item, 0)

    def check(self):
        return self.available <= 10


@failing
class Thermostat(Storeroom):
    @rule(degrees=st.integers(15, 30))
    def r1_set(self, degrees):
        self.steps.append(("set", degrees))
        if self.setpoint is not None and abs(degrees - self.setpoint) >= 10:
            self.jumps += 1
        self.setpoint = degrees

    def check(self):
        return self.jumps == 0


@failing
class WrappingCounter(Storeroom):
    @rule(amount=st.integers(0, 2 ** 63 - 1))
    def r1_add(self, amount):
        self.steps.append(("add", amount))
        self.counter = wrap64(self.counter + amount)

    def check(self):
        return self.counter >= 0


# Written after the passes of issue 33 (ShrinkingCorpus+Holdout.swift).
HOLDOUT_REDUCERS = [
    machine_problem("reservation_released_twice_among_noise", Reservations,
                    [("reserve", 0, 1), ("release", 0), ("release", 0)]),
    machine_problem("thermostat_jump_from_15", Thermostat, [("set", 15), ("set", 25)]),
    machine_problem("counter_wraps_at_int64_max", WrappingCounter,
                    [("add", 1), ("add", 2 ** 63 - 1)]),
]


class QueueStore(Machine):
    """QueueMachine of ShrinkingCorpus+Holdout.swift (the second holdout)."""

    def __init__(self):
        super().__init__()
        self.browsed = 0
        self.queue = []
        self.byte = 0
        self.total = 0

    @rule()
    def r0_browse(self):
        self.steps.append(("browse",))
        self.browsed += 1


@failing
class QueueFromOne(QueueStore):
    @rule(value=st.integers(1, 50))
    def r1_enqueue(self, value):
        self.steps.append(("enqueue", value))
        if len(self.queue) <= 3:
            self.queue.append(value)

    @rule()
    def r2_dequeue(self):
        self.steps.append(("dequeue",))
        if self.queue:
            self.queue.pop(0)

    def check(self):
        return len(self.queue) <= 3


@failing
class ByteSum(QueueStore):
    @rule(value=st.integers(-128, 127))
    def r1_add(self, value):
        self.steps.append(("add", value))
        self.byte = wrap8(self.byte + value)
        self.total += value

    def check(self):
        return self.byte == self.total


HOLDOUT2_REDUCERS = [
    machine_problem("queue_from_1_among_noise", QueueFromOne, [("enqueue", 1)] * 4),
    machine_problem("byte_sum_wraps_among_noise", ByteSum, [("add", 1), ("add", 127)]),
]


class Errands(Machine):
    """ErrandMachine of ShrinkingCorpus+Holdout3Machines.swift (the third holdout)."""

    def __init__(self):
        super().__init__()
        self.todos = []  # [id, done] in order
        self.last_id = 0
        self.completed = set()
        self.browsed = 0
        self.query = ""
        self.cart = []
        self.discount = 0
        self.charged = 0
        self.stack = []
        self.limit = None
        self.spent = 0
        self.offset = 0
        self.pieces = []
        self.saved = ""
        self.dirty = False
        self.temperature = 0
        self.freezing = False


@failing
class CompleteByPosition(Errands):
    todo_ids = Bundle("todos")

    @rule(target=todo_ids)
    def r0_add(self):
        self.steps.append(("add",))
        self.last_id += 1
        self.todos.append([self.last_id, False])
        return self.last_id

    @rule(todo=todo_ids)
    def r1_complete(self, todo):
        self.steps.append(("complete", todo))
        if any(t[0] == todo for t in self.todos):
            self.completed.add(todo)
        if 0 <= todo - 1 < len(self.todos):
            self.todos[todo - 1][1] = True

    @rule(todo=todo_ids)
    def r2_remove(self, todo):
        self.steps.append(("remove", todo))
        self.todos = [t for t in self.todos if t[0] != todo]
        self.completed.discard(todo)

    def check(self):
        return {t[0] for t in self.todos if t[1]} == self.completed


@failing
class CouponAfterRemoval(Errands):
    @rule()
    def r0_browse(self):
        self.steps.append(("browse",))
        self.browsed += 1

    @rule(query=st.text(max_size=5))
    def r1_search(self, query):
        self.steps.append(("search", query))
        self.query = query

    @rule(price=st.integers(1, 50))
    def r2_put(self, price):
        self.steps.append(("put", price))
        self.cart.append(price)

    @rule()
    def r3_coupon(self):
        self.steps.append(("coupon",))
        if sum(self.cart) >= 10:
            self.discount = 10

    @rule()
    def r4_remove_last(self):
        self.steps.append(("removeLast",))
        if self.cart:
            self.cart.pop()

    @rule()
    def r5_checkout(self):
        self.steps.append(("checkout",))
        self.charged = sum(self.cart) - self.discount

    def check(self):
        return self.charged >= 0


@failing
class FiftyPushes(Errands):
    @rule()
    def r0_browse(self):
        self.steps.append(("browse",))
        self.browsed += 1

    @rule(value=st.integers(0, 9))
    def r1_push(self, value):
        self.steps.append(("push", value))
        self.stack.append(value)

    def check(self):
        return len(self.stack) < 50


@failing
class SpendOverLimit(Errands):
    @rule()
    def r0_browse(self):
        self.steps.append(("browse",))
        self.browsed += 1

    @precondition(lambda self: self.limit is None)
    @rule(limit=st.integers(0, 100))
    def r1_limit(self, limit):
        self.steps.append(("setLimit", limit))
        self.limit = limit

    @rule(amount=st.integers(0, 100))
    def r2_spend(self, amount):
        self.steps.append(("spend", amount))
        if self.limit is not None and self.spent + amount <= self.limit + 1:
            self.spent += amount

    def check(self):
        return self.spent <= (self.limit or 0)


@failing
class UndoForgets(Errands):
    @rule(offset=st.integers(0, 100))
    def r0_scroll(self, offset):
        self.steps.append(("scroll", offset))
        self.offset = offset

    @rule(text=st.text(min_size=1, max_size=3))
    def r1_type(self, text):
        self.steps.append(("type", text))
        self.pieces.append(text)
        self.dirty = True

    @rule()
    def r2_undo(self):
        self.steps.append(("undo",))
        if self.pieces:
            self.pieces.pop()
        self.dirty = False

    @rule()
    def r3_save(self):
        self.steps.append(("save",))
        self.saved = "".join(self.pieces)
        self.dirty = False

    def check(self):
        return self.dirty == ("".join(self.pieces) != self.saved)


@failing
class FreezingFlag(Errands):
    @rule()
    def r0_browse(self):
        self.steps.append(("browse",))
        self.browsed += 1

    @rule(degrees=st.integers(-10, 10))
    def r1_adjust(self, degrees):
        self.steps.append(("adjust", degrees))
        self.temperature += degrees
        if self.temperature < 0:
            self.freezing = True
        elif self.temperature == 0:
            self.freezing = False

    def check(self):
        return self.freezing == (self.temperature < 0)


HOLDOUT3_REDUCERS = [
    machine_problem("complete_by_position_after_removal", CompleteByPosition,
                    [("add",), ("add",), ("remove", 1), ("complete", 1)]),
    machine_problem("coupon_kept_after_removal_among_noise", CouponAfterRemoval,
                    [("put", 10), ("coupon",), ("removeLast",), ("checkout",)]),
    machine_problem("fifty_pushes_among_noise", FiftyPushes, [("push", 0)] * 50, steps=200),
    machine_problem("spend_one_over_the_limit", SpendOverLimit, [("setLimit", 0), ("spend", 1)]),
    machine_problem("undo_forgets_unsaved_text", UndoForgets,
                    [("type", "0"), ("save",), ("undo",)]),
    machine_problem("freezing_flag_kept_above_zero", FreezingFlag,
                    [("adjust", -1), ("adjust", 2)]),
]
