"""The budgets of the long calls: each runs out with a `LimitError` whose message names a
keyword the call takes (never a command-line option), `timeout=` is checked alike everywhere,
and Ctrl-C stops the calls, those that run Python code and those whose work runs without the
GIL or on a thread of its own."""

import _thread
import inspect
import re
import signal
import threading
import time

import pytest

import grundy
from grundy import MisereQuotient, Partizan


def chain(n):
    return [n - 1] if n else []


def up(n):
    return [n + 1, n + 2]


def domineering(board):    # the free cells (row, column); Left's dominoes are vertical
    left = [board - {(i, j), (i + 1, j)} for (i, j) in board if (i + 1, j) in board]
    right = [board - {(i, j), (i, j + 1)} for (i, j) in board if (i, j + 1) in board]
    return left, right


def empty(a, b):
    return frozenset((i, j) for i in range(a) for j in range(b))


def kayles(n):             # heaps left by knocking down 1 or 2 pins of a row
    return [tuple(x for x in (a, n - t - a) if x) for t in (1, 2) if t <= n for a in range(n - t + 1)]


SNORT_PATH = ".-" * 29 + "."    # Snort on a path of 30 vertices: minutes of canonical forms

# Each long call with what exhausts one of its budgets, and the calls whose keywords its
# message may name (a `Partizan`'s limit= and memory= are the game's own).
CASES = {
    "explore limit": (lambda: grundy.explore(up, 0, limit=100), [grundy.explore]),
    "explore memory": (lambda: grundy.explore(up, 0, memory=1000), [grundy.explore]),
    "explore timeout": (lambda: grundy.explore(up, 0, timeout=0), [grundy.explore]),
    "values limit": (lambda: grundy.values(chain, [1000], limit=100), [grundy.values]),
    "values memory": (lambda: grundy.values(chain, [10**5], memory=1000), [grundy.values]),
    "values timeout": (lambda: grundy.values(chain, [10**5], timeout=0), [grundy.values]),
    "table of a function, limit": (lambda: grundy.table(chain, range(1000), limit=100), [grundy.table]),
    "table of a function, timeout": (lambda: grundy.table(chain, range(10**5), timeout=0), [grundy.table]),
    "built-in table, memory": (lambda: grundy.table("0.77", range(10**7), memory=1000), [grundy.table]),
    "built-in table, timeout": (lambda: grundy.table("0.77", range(10**7), timeout=0), [grundy.table]),
    "table of a Partizan, limit": (
        lambda: grundy.table(Partizan(domineering, limit=10), range(1, 6), range(1, 6), position=empty),
        [grundy.table, Partizan],
    ),
    "table of a Partizan, memory": (
        lambda: grundy.table(Partizan(domineering, memory=10_000), range(1, 6), range(1, 6), position=empty),
        [grundy.table, Partizan],
    ),
    "table of a Partizan, timeout": (
        lambda: grundy.table(Partizan(domineering), range(1, 6), range(1, 6), position=empty, timeout=0),
        [grundy.table, Partizan],
    ),
    "catalogue memory": (lambda: grundy.catalogue("octal", "0.77", upto=10**8, memory=1 << 20), [grundy.catalogue]),
    "catalogue timeout": (lambda: grundy.catalogue("snort", SNORT_PATH, timeout=0), [grundy.catalogue]),
    "catalogue positions": (
        lambda: grundy.catalogue("search", "connect4", "", max_positions=1000),
        [grundy.catalogue, "search"],
    ),
    "octal memory": (lambda: grundy.octal("0.77", upto=10**8, memory=1 << 20), [grundy.catalogue]),
    "octal timeout": (lambda: grundy.octal("0.77", upto=10**7, timeout=0), [grundy.catalogue]),
    "Partizan.value limit": (lambda: Partizan(domineering, limit=10).value(empty(5, 5)), [Partizan]),
    "Partizan.value memory": (lambda: Partizan(domineering, memory=10_000).value(empty(5, 5)), [Partizan]),
    "Partizan.value timeout": (lambda: Partizan(domineering).value(empty(5, 5), timeout=0), [Partizan.value]),
    "Partizan.values timeout": (lambda: Partizan(domineering).values([empty(5, 5)], timeout=0), [Partizan.values]),
    "search limit": (lambda: grundy.search(chain, 10**5, limit=100), [grundy.search]),
    "search memory": (lambda: grundy.search(chain, 10**5, memory=100 << 20, table=1 << 30), [grundy.search]),
    "search stack": (lambda: grundy.search(chain, 10**5, memory=1000), [grundy.search]),
    "search timeout": (lambda: grundy.search(chain, 10**5, timeout=0), [grundy.search]),
    "search depth": (lambda: grundy.search(chain, 10**5, depth=100), [grundy.search]),
    "Partizan.search limit": (lambda: Partizan(domineering, limit=100).search(empty(6, 6)), [Partizan]),
    "Partizan.search memory": (
        lambda: Partizan(domineering, memory=100 << 20).search(empty(6, 6), table=1 << 30),
        [Partizan, Partizan.search],
    ),
    "Partizan.search stack": (
        lambda: Partizan(domineering, memory=1000).search(empty(6, 6)),
        [Partizan, Partizan.search],
    ),
    "Partizan.search timeout": (lambda: Partizan(domineering).search(empty(6, 6), timeout=0), [Partizan.search]),
    "Partizan.search depth": (lambda: Partizan(domineering).search(empty(6, 6), depth=3), [Partizan.search]),
    "loopy limit": (lambda: grundy.loopy("a{0|{0|a}} + a{0|{0|a}}", limit=2), [grundy.loopy]),
    "loopy memory": (lambda: grundy.loopy("a{0|{0|a}} + a{0|{0|a}}", memory=100), [grundy.loopy]),
    "loopy timeout": (lambda: grundy.loopy("a{0|{0|a}} + a{0|{0|a}}", timeout=0).onside, [grundy.loopy]),
    "loopy_ruleset limit": (lambda: grundy.loopy_ruleset("backsliding", "TF...T", limit=5), [grundy.loopy_ruleset]),
    "loopy_ruleset memory": (lambda: grundy.loopy_ruleset("backsliding", "TF...T", memory=100), [grundy.loopy_ruleset]),
    "loopy_ruleset timeout": (
        lambda: grundy.loopy_ruleset("backsliding", "TF...T", timeout=0).value,
        [grundy.loopy_ruleset],
    ),
    "MisereQuotient sums": (lambda: MisereQuotient("0.75", upto=30, sums=10), [MisereQuotient]),
    "MisereQuotient memory": (lambda: MisereQuotient("0.75", upto=30, memory=1000), [MisereQuotient]),
    "MisereQuotient timeout": (lambda: MisereQuotient("0.35", upto=13, timeout=0), [MisereQuotient]),
    "from_options sums": (lambda: MisereQuotient.from_options(kayles, 20, sums=10), [MisereQuotient.from_options]),
    "from_options memory": (
        lambda: MisereQuotient.from_options(kayles, 20, memory=1000),
        [MisereQuotient.from_options],
    ),
    "from_options timeout": (
        lambda: MisereQuotient.from_options(kayles, 20, timeout=0),
        [MisereQuotient.from_options],
    ),
}


def keywords(*calls):
    """The keywords the calls take (a family of the catalogue, by name: its parameters)."""
    names = set()
    for call in calls:
        if isinstance(call, str):
            (family,) = [f for f in grundy.families() if f["name"] == call]
            names |= {p["name"].replace("-", "_") for p in family["params"]}
        else:
            names |= set(inspect.signature(call).parameters)
    return names


@pytest.mark.parametrize("case", CASES)
def test_a_budget_run_out_names_a_keyword_of_the_call(case):
    call, takes = CASES[case]
    with pytest.raises(grundy.LimitError) as raised:
        call()
    message = str(raised.value)
    named = set(re.findall(r"\b([a-z_]+)=", message))
    assert named, f"{case}: the message names no keyword: {message}"
    assert named <= keywords(*takes), f"{case}: {message}"
    assert "--" not in message, f"{case}: the message names a command-line option: {message}"


def test_every_budget_of_the_long_calls_is_run_out():
    # Each call's budgets (its keywords that bound the work) have a case above.
    budgets = {"limit", "memory", "timeout", "depth", "sums"}
    covered = {(case.rsplit(" ", 1)[0], case.rsplit(" ", 1)[1]) for case in CASES}
    for call, name in [
        (grundy.explore, "explore"),
        (grundy.values, "values"),
        (grundy.search, "search"),
        (Partizan.search, "Partizan.search"),
        (grundy.loopy, "loopy"),
        (grundy.loopy_ruleset, "loopy_ruleset"),
        (MisereQuotient, "MisereQuotient"),
        (MisereQuotient.from_options, "from_options"),
    ]:
        for budget in keywords(call) & budgets:
            assert (name, budget) in covered, (name, budget)


def whole_kayles(heaps):    # Kayles on several rows, each position the tuple of its rows
    return [heaps[:i] + q + heaps[i + 1 :] for i, n in enumerate(heaps) for q in kayles(n)]


LONG_CALLS = {
    "explore": lambda t: grundy.explore(up, 0, limit=10**9, timeout=t),
    "values": lambda t: grundy.values(chain, [10**6], timeout=t),
    "table": lambda t: grundy.table("0.77", range(10**7), timeout=t),
    "catalogue": lambda t: grundy.catalogue("snort", SNORT_PATH, timeout=t),
    "octal": lambda t: grundy.octal("0.77", upto=10**7, timeout=t),
    "Partizan.value": lambda t: Partizan(domineering).value(empty(6, 6), timeout=t),
    "Partizan.values": lambda t: Partizan(domineering).values([empty(6, 6)], timeout=t),
    "search": lambda t: grundy.search(whole_kayles, (40, 41, 42), limit=10**12, timeout=t),
    "Partizan.search": lambda t: Partizan(domineering).search(empty(6, 6), timeout=t),
    "loopy": lambda t: grundy.loopy(" + ".join(["over"] * 20), timeout=t).value,
    "loopy_ruleset": lambda t: grundy.loopy_ruleset("backsliding", "TF...T", timeout=t).value,
    "MisereQuotient": lambda t: MisereQuotient("0.35", upto=13, timeout=t),
    "from_options": lambda t: MisereQuotient.from_options(kayles, 20, timeout=t),
}


@pytest.mark.parametrize("call", LONG_CALLS)
def test_timeout_is_checked_alike_everywhere(call):
    for bad in (-1.0, float("nan")):
        with pytest.raises(grundy.InputError, match="timeout="):
            LONG_CALLS[call](bad)
    with pytest.raises(grundy.LimitError, match=r"the time budget of 0 s ran out .*timeout="):
        LONG_CALLS[call](0)


def switches(ks):
    """The sum of the switches {2k+1 | -k}: its canonical form has thousands of options."""
    g = grundy.cgt(0)
    for k in ks:
        g = g + grundy.cgt("{%d|%d}" % (2 * k + 1, -k))
    return g


@pytest.fixture(scope="module")
def shared_calls():
    """Operations on the shared stores of games that take many seconds, bounded only by a
    `with grundy.timeout(...)` block around them: an operator and a function."""
    a, b = switches(range(1, 36)), switches(range(36, 60))
    return {"Cgt sum": lambda: a + b, "misere_census": lambda: grundy.misere_census(5)}


@pytest.mark.parametrize("call", ["Cgt sum", "misere_census"])
def test_a_timeout_block_bounds_the_operations_on_games(shared_calls, call):
    start = time.monotonic()
    with pytest.raises(grundy.LimitError, match=r"the time budget of 0\.3 s ran out .*grundy\.timeout\(seconds\)"):
        with grundy.timeout(0.3):
            shared_calls[call]()
    assert time.monotonic() - start < 2
    # Outside the block the store works on, with no deadline.
    assert str(grundy.cgt("{2|1}") + 1) == "{3|2}"
    assert grundy.MisereGame(1) + grundy.MisereGame(0) == grundy.MisereGame(1)


def test_timeout_blocks_nest_and_check_their_seconds():
    g = grundy.cgt("{3|{2|1}}")
    with grundy.timeout(100):
        with grundy.timeout(0):
            with pytest.raises(grundy.LimitError, match="time budget of 0 s"):
                switches(range(1, 3))
        # The outer block's deadline holds again.
        assert g + g == g + g
    for bad in (-1.0, float("nan")):
        with pytest.raises(grundy.InputError, match="timeout="):
            grundy.timeout(bad)
    with grundy.timeout(float("inf")), grundy.timeout(None):
        assert (g - g).is_integer


class Interrupted(Exception):
    """What the test's SIGINT handler raises, while it is armed."""


@pytest.fixture
def ctrl_c():
    """`press(after)`: Ctrl-C (SIGINT to the main thread) `after` seconds from now, raising
    `Interrupted` while the test runs; a signal after the test does nothing."""
    armed = threading.Event()

    def handler(signum, frame):
        if armed.is_set():
            raise Interrupted

    previous = signal.signal(signal.SIGINT, handler)
    timers = []

    def press(after):
        armed.set()
        timer = threading.Timer(after, _thread.interrupt_main)
        timers.append(timer)
        timer.start()

    yield press
    armed.clear()
    for timer in timers:
        timer.cancel()
    signal.signal(signal.SIGINT, previous)


# Calls that would run for many seconds: Python code on the calling thread, work without the
# GIL on a thread of its own, a search on a stack of its own holding the GIL.
@pytest.mark.parametrize(
    "call",
    ["explore", "Partizan.value", "search", "Partizan.search", "catalogue", "table", "loopy_ruleset", "MisereQuotient"],
)
def test_ctrl_c_stops_a_long_call(ctrl_c, call):
    ctrl_c(0.2)
    start = time.monotonic()
    with pytest.raises(Interrupted):
        LONG_CALLS[call](None)
    assert time.monotonic() - start < 5


@pytest.mark.parametrize("call", ["Cgt sum", "misere_census"])
def test_ctrl_c_stops_an_operation_on_games(ctrl_c, shared_calls, call):
    ctrl_c(0.2)
    start = time.monotonic()
    with pytest.raises(Interrupted):
        shared_calls[call]()
    assert time.monotonic() - start < 5
