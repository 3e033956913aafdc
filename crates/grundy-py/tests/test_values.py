"""Nimbers, partizan canonical forms, tables and their patterns, the example script."""

import functools
import json
import runpy
import sys
from pathlib import Path

import pytest

import grundy
from grundy import Nimber


@functools.lru_cache(maxsize=None)
def nim_product(a, b):
    """Conway's definition: the mex of a'b + ab' + a'b' over a' < a, b' < b."""
    seen = {nim_product(x, b) ^ nim_product(a, y) ^ nim_product(x, y) for x in range(a) for y in range(b)}
    m = 0
    while m in seen:
        m += 1
    return m


def test_nimber_arithmetic_matches_the_definition():
    for a in range(16):
        for b in range(16):
            assert Nimber(a) * Nimber(b) == nim_product(a, b)
            assert int(Nimber(a) + b) == a ^ b
            assert Nimber(a) - Nimber(b) == Nimber(a ^ b)
            if b:
                assert (Nimber(a) / b) * b == Nimber(a)


def test_nimber_protocol():
    x = Nimber(5)
    assert repr(x) == "Nimber(5)" and str(x) == "*5"
    assert int(x) == 5 and [10, 11, 12, 13, 14, 15][x] == 15
    assert x == 5 and x != 4 and hash(x) == hash(5)
    assert 3 * Nimber(2) == Nimber(1)
    assert x.sqrt() * x.sqrt() == x and x * x.inverse() == 1
    assert not Nimber(0) and Nimber(2) ** 2 == Nimber(3)
    with pytest.raises(ZeroDivisionError):
        x / 0
    with pytest.raises(TypeError):
        x + "a"
    with pytest.raises(OverflowError):
        Nimber(-1)


def test_partizan_forms():
    g = grundy.cgt("{1|*}")
    assert repr(g) == "{1|*}"
    assert g.outcome_class == "L" and g > 0
    assert repr(g.left_options[0]) == "1" and g.birthday == 2
    assert g.compare("*") == "<>" and not (g < "*") and not (g == "*") and g != "*"
    half = grundy.cgt("1/2")
    assert half + half == 1 and (half + half).is_integer
    assert grundy.cgt("*") + grundy.cgt("*") == 0
    assert grundy.cgt("^").is_infinitesimal and not grundy.cgt("^").is_number
    assert -grundy.cgt("3") == grundy.cgt("-3") and 2 - half == grundy.cgt("3/2")
    with pytest.raises(grundy.InputError):
        grundy.cgt("{1|")


def test_builtin_table_and_patterns():
    t = grundy.table("subtraction:1,3,4", range(30))
    assert list(t.values())[:7] == [0, 1, 0, 1, 2, 3, 2]
    assert any("period 7" in p for p in t.patterns())
    assert t.to_csv().splitlines()[:2] == ["n,value", "0,0"]
    assert json.loads(t.to_json())["values"][:3] == [0, 1, 0]
    assert t.picture()[:8] == b"\x89PNG\r\n\x1a\n" and t.picture("svg").startswith("<svg")
    outcomes = grundy.table("wythoff", range(6), range(6), outcomes=True)
    assert outcomes.value(1, 2) == 0 and outcomes.value(2, 2) == 1


def test_python_grid_table():
    def two_piles(p):
        a, b = p
        return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]

    t = grundy.table(two_piles, range(8), range(8))
    assert all(t.value(a, b) == a ^ b for a in range(8) for b in range(8))
    assert "value = a XOR b" in t.patterns()


def test_table_errors():
    with pytest.raises(grundy.InputError):
        grundy.table("no-such-game", range(10))
    with pytest.raises(grundy.InputError, match="step 1"):
        grundy.table("wythoff", range(0, 10, 2), range(3))
    with pytest.raises(grundy.LimitError):
        grundy.table("0.77", range(1 << 40))


def test_the_example_script_runs(capsys):
    example = Path(__file__).resolve().parents[1] / "examples" / "tabulate_observe_check.py"
    runpy.run_path(str(example), run_name="__main__")
    out = capsys.readouterr().out
    assert "period 7" in out and "checked" in out


def test_the_docstring_examples():
    import doctest

    import grundy._grundy as compiled

    globs = {name: getattr(grundy, name) for name in grundy.__all__}
    globs["grundy"] = grundy
    failed = tried = 0
    for module in (grundy, compiled):
        result = doctest.testmod(module, extraglobs=globs, verbose=False)
        failed += result.failed
        tried += result.attempted
    assert tried >= 10 and failed == 0
