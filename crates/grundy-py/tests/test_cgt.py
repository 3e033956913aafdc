"""grundy.Cgt's values: stops, mean, temperature, thermograph, cooling and heating, atomic
weights, reports and hashing, checked against their definitions on random games, against the
reference tool's table of 25 games, and against `grundy cgt --json` (the binary, when built)."""

import functools
import json
import random
import subprocess
from fractions import Fraction

import pytest

import grundy
from grundy import Partizan, cgt

ROOT_TABLE = "testdata/cgsuite/cgsuite_canonical_short_game_properties.json"
LEAVES = ["0", "1", "-1", "2", "-2", "1/2", "-1/2", "3/4", "*", "*2", "^", "v", "^*", "{1|-1}"]


def random_text(rng, depth, top=True):
    """A game in the notation: {L|R} with up to two options a side (mostly one or two),
    below the top sometimes a leaf."""
    if depth == 0 or (not top and rng.random() < 0.3):
        return rng.choice(LEAVES)
    count = lambda: rng.choice([0, 1, 1, 2, 2, 2])
    side = lambda: ",".join(random_text(rng, depth - 1, False) for _ in range(count()))
    return "{" + side() + "|" + side() + "}"


def random_games(seed, count, depth=3):
    rng = random.Random(seed)
    return [cgt(random_text(rng, depth)) for _ in range(count)]


def random_dyadic(rng, low=-4, high=4):
    return Fraction(rng.randint(low * 8, high * 8), 8)


def wall_at(wall, t):
    """A thermograph wall's value at temperature t, from its mast, critical temperatures and
    slopes dx/dt (both from the top down): the mast above the highest critical temperature,
    then one straight piece between each two."""
    x, temps, slopes = wall["mast"], wall["critical_temperatures"], wall["slopes"]
    if not temps or t >= temps[0]:
        return x + (slopes[0] * (t - temps[0]) if temps else 0)
    for i, top in enumerate(temps):
        bottom = temps[i + 1] if i + 1 < len(temps) else -1
        if t >= bottom:
            return x + slopes[i + 1] * (t - top)
        x += slopes[i + 1] * (bottom - top)
    raise AssertionError(f"temperature {t} below -1")


# Stops, mean and temperature by their definitions.

def test_switches_have_the_mean_and_temperature_of_their_definition():
    rng = random.Random(1)
    for _ in range(200):
        a, b = random_dyadic(rng), random_dyadic(rng)
        if a <= b:
            continue
        g = cgt(f"{{{a}|{b}}}")
        assert (g.left_stop, g.right_stop) == (a, b)
        assert g.mean == (a + b) / 2 and g.temperature == (a - b) / 2, g
        assert type(g.mean) is Fraction and type(g.temperature) is Fraction
        walls = g.thermograph
        assert wall_at(walls["left"], Fraction(0)) == a and wall_at(walls["right"], Fraction(0)) == b


def test_stops_follow_the_options():
    # Left's stop is the best of the right stops of Left's options; a number is its own stop.
    for g in random_games(2, 300):
        if g.is_number:
            assert g.left_stop == g.right_stop == Fraction(str(g))
            continue
        assert g.left_stop == max(o.right_stop for o in g.left_options), g
        assert g.right_stop == min(o.left_stop for o in g.right_options), g
        assert g.right_stop <= g.mean <= g.left_stop
        assert g.is_infinitesimal == (g.left_stop == g.right_stop == 0)


def test_mean_of_a_sum_is_the_sum_of_the_means():
    games = random_games(3, 120)
    for g, h in zip(games[::2], games[1::2]):
        s = g + h
        assert s.mean == g.mean + h.mean, (g, h)
        # A sum is no hotter than its hottest part.
        assert s.temperature <= max(g.temperature, h.temperature), (g, h)


def test_numbers_temperatures():
    assert cgt(5).temperature == -1 and cgt(5).mean == 5
    assert cgt(Fraction(3, 8)).temperature == Fraction(-1, 8)
    assert cgt("*").temperature == 0 and cgt("^").temperature == 0 and cgt("^").mean == 0


# Cooling and heating.

def test_cooling_follows_the_thermograph():
    # The stops of G cooled by t are the thermograph's walls at t.
    rng = random.Random(4)
    for g in random_games(4, 150):
        walls = g.thermograph
        for t in [Fraction(0), Fraction(-1, 2), Fraction(1, 4), Fraction(1), random_dyadic(rng, 0, 3)]:
            c = g.cool(t)
            assert c.left_stop == wall_at(walls["left"], t), (g, t)
            assert c.right_stop == wall_at(walls["right"], t), (g, t)
        assert g.cool(0) == g and g.heat(0) == g


def test_cooled_by_its_temperature_a_game_is_its_mean_plus_an_infinitesimal():
    for g in random_games(5, 150):
        if g.is_integer:
            continue  # an integer's temperature, -1, is no cooling temperature
        frozen = g.cool(g.temperature)
        assert frozen.left_stop == frozen.right_stop == g.mean, g
        assert (frozen - g.mean).is_infinitesimal, g


def test_heating_undoes_cooling_of_switches():
    rng = random.Random(6)
    for _ in range(100):
        a, b = sorted(rng.sample(range(-6, 7), 2), reverse=True)
        g = cgt(f"{{{a}|{b}}}")
        for t in range(0, (a - b) // 2 + 1):
            cooled = g.cool(t)
            assert cooled == cgt(f"{{{a - t}|{b + t}}}")
            assert cooled.heat(t) == g, (g, t)


def test_textbook_transformations():
    # The engine's own examples (crates/grundy/src/partizan/cooling.rs).
    assert str(cgt("{3||2*|1*}").cool(Fraction(1, 2))) == "{5/2|2*}"
    assert str(cgt("^").heat(2)) == "{2||0|-4}"
    assert cgt("{3||2*|1*}").cool(Fraction(3, 4)) == cgt("9/4*")
    assert cgt("*").heat(1) == cgt("+-1")
    # Norton's product by an integer is that many copies; overheating an integer is one.
    assert cgt(3).norton("^") == cgt("^") + "^" + "^"
    assert cgt(2).overheat(1, "*") == cgt(2)


def test_cooling_refuses_bad_temperatures():
    with pytest.raises(grundy.InputError, match="greater than -1"):
        cgt("{2|-1}").cool(-1)
    with pytest.raises(grundy.InputError, match="cool takes a number"):
        cgt("{2|-1}").cool("*")
    assert cgt("{2|-1}").cool(Fraction(-1, 2)) == cgt("{5/2|-3/2}")


# Atomic weights and other properties.

def test_atomic_weights():
    assert cgt("^").atomic_weight == 1 and cgt("^*").atomic_weight == 1
    assert cgt("^^").atomic_weight == 2 and cgt("v").atomic_weight == -1
    assert cgt("*5").atomic_weight == 0 and cgt(0).atomic_weight == 0
    assert cgt("{^^^|vv}").atomic_weight == cgt("{1|0}")
    assert cgt(1).atomic_weight is None and cgt("{1|-1}").atomic_weight is None


def all_small_text(rng, depth):
    """An all-small game: every follower has moves for both players or for neither."""
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(["0", "*", "^", "v", "*2", "^*"])
    side = lambda: ",".join(all_small_text(rng, depth - 1) for _ in range(rng.randint(1, 2)))
    return "{" + side() + "|" + side() + "}"


def test_atomic_weights_of_all_small_games_add_up():
    rng = random.Random(7)
    for _ in range(60):
        g, h = cgt(all_small_text(rng, 3)), cgt(all_small_text(rng, 3))
        assert g.is_all_small and h.is_all_small
        assert (g + h).atomic_weight == g.atomic_weight + h.atomic_weight, (g, h)


def test_incentives_reduced_and_uptimal():
    g = cgt("{2|-1}")
    assert g.incentives == [cgt("{3|0}")] and g.followers == 5
    assert cgt(5).incentives == [-1] and cgt(5).followers == 6
    assert cgt("^").uptimal == "0.1" and cgt("{1|-1}").uptimal is None
    assert cgt("^<2>").uptimal == "0.01" and cgt("^[2]").uptimal == "0.11" and cgt("^*").uptimal == "*.1"
    # The reduced form forgets infinitesimals.
    assert cgt("^*").reduced == 0 and cgt("3/2^").reduced == Fraction(3, 2)
    assert (cgt("{2|-1}") + "^*").reduced == cgt("{2|-1}")
    # Misère play: the player who cannot move wins, so whoever moves first in {1|-1} loses.
    assert cgt("{1|-1}").misere_outcome_class == "P" and cgt(0).misere_outcome_class == "N"


@functools.lru_cache(maxsize=None)
def reference_table(root):
    return json.loads((root / ROOT_TABLE).read_text(encoding="utf-8"))


def thermograph_text(walls):
    """The reference tool's text of a thermograph: each wall as mast,[temperatures],[slopes]."""
    def wall(w):
        temps = ",".join(str(t) for t in w["critical_temperatures"])
        return f"{w['mast']},[{temps}],[{','.join(str(s) for s in w['slopes'])}]"

    return f"Thermograph({wall(walls['left'])},{wall(walls['right'])})"


def test_the_reference_tools_25_games(root):
    for entry in reference_table(root):
        g = cgt(entry["input"])
        braces = entry["canonical"].count("{") == entry["canonical"].count("}")
        # One long form is cut short in the table: ours must begin with it.
        assert str(g) == entry["canonical"] if braces else str(g).startswith(entry["canonical"])
        got = {
            "leftStop": g.left_stop, "rightStop": g.right_stop, "mean": g.mean,
            "temperature": g.temperature, "birthday": g.birthday, "followerCount": g.followers,
            "outcomeClass": g.outcome_class, "misereOutcomeClass": g.misere_outcome_class,
            "reducedCanonicalForm": g.reduced, "isAllSmall": g.is_all_small,
            "isInfinitesimal": g.is_infinitesimal, "isNumber": g.is_number,
            "incentives": "{" + ",".join(map(str, g.incentives)) + "}",
        }
        for key, value in got.items():
            expected = entry[key]
            if isinstance(value, Fraction):
                assert value == Fraction(expected), (entry["input"], key)
            elif isinstance(value, grundy.Cgt):
                assert str(value) == expected, (entry["input"], key)
            elif isinstance(value, bool):
                assert str(value).lower() == expected, (entry["input"], key)
            else:
                assert str(value) == expected, (entry["input"], key)
        if not entry["thermograph"].startswith("!!"):
            assert thermograph_text(g.thermograph) == entry["thermograph"], entry["input"]
        weight = entry["atomicWeight"]
        assert (g.atomic_weight is None) == weight.startswith("!!"), entry["input"]
        if g.atomic_weight is not None:
            assert str(g.atomic_weight) == weight
        expansion = entry["uptimalExpansion"]
        assert g.uptimal == (None if expansion.startswith("!!") else expansion), entry["input"]


# The report, as the command line's.

def test_report_holds_the_properties():
    for g in random_games(8, 100) + [cgt("^"), cgt("{^^^|vv}"), cgt(3)]:
        r = g.report().json
        assert r["canonical_form"] == r["expression"] == str(g)
        for key in ["left_stop", "right_stop", "mean", "temperature"]:
            assert Fraction(r[key]) == getattr(g, key), (g, key)
        for side in ["left", "right"]:
            wall = g.thermograph[side]
            assert Fraction(r["thermograph"][side]["mast"]) == wall["mast"]
            assert [Fraction(t) for t in r["thermograph"][side]["critical_temperatures"]] == (
                wall["critical_temperatures"]
            )
            assert r["thermograph"][side]["slopes"] == wall["slopes"]
        for key in ["left_options", "right_options", "incentives"]:
            assert r[key] == [str(o) for o in getattr(g, key)], (g, key)
        weight = g.atomic_weight
        assert r["atomic_weight"] == (None if weight is None else str(weight))
        assert r["reduced"] == str(g.reduced) and r["uptimal"] == g.uptimal
        assert r["canonical_form_misere_outcome_class"] == g.misere_outcome_class
        assert (r["followers"], r["all_small"], r["number"]) == (g.followers, g.is_all_small, g.is_number)
        assert (r["outcome_class"], r["birthday"]) == (g.outcome_class, g.birthday)


def cli_games(root):
    return random_games(9, 40) + [cgt(e["input"]) for e in reference_table(root)]


def test_same_json_as_the_command_line(cli, root):
    games = cli_games(root)
    run = subprocess.run([cli, "cgt", "--json", "--", *map(str, games)],
                         capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert len(lines) == len(games)
    for g, line in zip(games, lines):
        assert g.report().json == json.loads(line), g
    g = games[0]
    text = subprocess.run([cli, "cgt", "--", str(g)], capture_output=True, text=True, check=True)
    assert g.report().text == text.stdout


def test_same_transformations_as_the_command_line(cli, root):
    rng = random.Random(10)
    for g in cli_games(root)[:30]:
        t, s = random_dyadic(rng, 0, 2), rng.choice(["1", "*", "^", "{1|0}"])
        heat, norton = rng.choice(["1", "1/2", "*", "^"]), rng.choice(["1", "^", "1/2", "{2|1}"])
        argv = [cli, "cgt", "--json", "--cool", str(t), "--heat", heat, "--overheat", s, heat,
                "--norton", norton, "--", str(g)]
        r = json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)
        assert str(g.cool(t)) == r["cooled"]["result"], argv
        assert str(g.heat(heat)) == r["heated"]["result"], argv
        assert str(g.overheat(s, heat)) == r["overheated"]["result"], argv
        assert str(g.norton(norton)) == r["norton"]["result"], argv


def test_same_thermograph_picture_as_the_command_line(cli, tmp_path):
    for text in ["{2|-1}", "{3||2*|1*}", "5", "^", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}"]:
        path = tmp_path / "t.svg"
        subprocess.run([cli, "cgt", "--svg", str(path), "--", text], capture_output=True, check=True)
        g = cgt(text)
        assert g.thermograph_svg() == path.read_text() == g._repr_svg_()
        html = g._repr_html_()
        assert html.startswith("<div><pre>") and "<svg" in html


def test_html_escapes_the_form():
    g = cgt("{0||0|v*}")
    assert str(g) == "{0|^<2>}" and "<pre>{0|^&lt;2&gt;}</pre>" in g._repr_html_()


# Hashing.

def test_equal_games_hash_equal():
    pairs = [
        (cgt("{0|}"), cgt(1)),
        (cgt("1/2") + cgt("1/2"), cgt(1)),
        (cgt("^") + "*", cgt("{0,*|0}")),
        (cgt("{1|-1}") + cgt("{1|-1}"), cgt(0)),
        (cgt("{2|-1}").cool(1), cgt("{1|0}")),
        (Partizan(lambda n: ([n - 1] if n else [], [])).value(3), cgt(3)),
        (Partizan(lambda p: ([0], [0]) if p == "star" else ([], [])).value("star"), cgt("*")),
    ]
    for g, h in pairs:
        assert g == h and hash(g) == hash(h), (g, h)
    for g in random_games(11, 100):
        same = (g + "^") - "^"
        assert same == g and hash(same) == hash(g)
        assert len({g, same, g + 0, g + "*" + "*"}) == 1


def test_games_are_keys_and_numbers_find_them():
    d = {cgt(3): "three", cgt("1/2"): "half", cgt("^"): "up"}
    assert d[3] == "three" and d[Fraction(3)] == "three" and d[cgt("{2|}")] == "three"
    assert d[Fraction(1, 2)] == "half" and d[cgt("{0|1}")] == "half"
    assert d[cgt("{0|*}") ] == "up" and cgt("v") not in d
    assert hash(cgt(-7)) == hash(-7) and hash(cgt("-3/4")) == hash(Fraction(-3, 4))
    assert len({cgt("^"), cgt("^*"), cgt("*"), cgt("*") + "^", cgt(0), 0}) == 4


# Construction from numbers.

def test_ints_and_fractions_are_games():
    assert cgt(Fraction(3, 4)) == cgt("3/4") and cgt(-2) == cgt("-2") and cgt(0) == 0
    assert cgt(cgt("^")) == cgt("^")
    up = cgt("^")
    assert up + Fraction(1, 2) == cgt("1/2") + up and Fraction(1, 2) + up == up + cgt("1/2")
    assert Fraction(1, 2) - up == -(up - cgt("1/2"))
    assert cgt("1/2") == Fraction(1, 2) and Fraction(1, 4) < cgt("1/2") < 1
    assert cgt(2**63 - 1).left_stop == 2**63 - 1
    assert cgt(Fraction(1, 2**62)).mean == Fraction(1, 2**62)


def test_numbers_outside_the_games_are_refused():
    for bad in [Fraction(1, 3), Fraction(5, 6), Fraction(1, 3**80)]:
        with pytest.raises(grundy.InputError, match="not a power of two"):
            cgt(bad)
        with pytest.raises(grundy.InputError, match="not a power of two"):
            cgt("^") + bad
    for bad in [2**63, -2**63, 2**200, Fraction(1, 2**63), Fraction(3**50, 2)]:
        with pytest.raises(grundy.InputError, match="out of range"):
            cgt(bad)
        with pytest.raises(grundy.InputError, match="out of range"):
            bad + cgt("^")
        with pytest.raises(grundy.InputError, match="out of range"):
            cgt("^").heat(bad)
    with pytest.raises(TypeError):
        cgt("^") + True
    with pytest.raises(TypeError):
        cgt(1.5)
    assert cgt("^") != None  # noqa: E711 (a comparison with a non-game is False, not an error)


def test_multiples_ordinal_sums_and_compounds():
    # The notation's integer multiples and ordinal sums, and the ordinal sum as a method.
    assert cgt("3*{1|0}") == cgt("{2|1}")
    assert cgt("* : 1") == cgt("^*") == cgt("*").ordinal_sum(1)
    # The compounds have no canonical form: who wins with each player first, and how fast.
    c = grundy.compound("conjunctive", [1, "{1|0}"])
    assert c["outcome_class"] == "L"
    assert c["left_first"] == {"winner": "left", "moves": 1}
    assert c["right_first"] == {"winner": "left", "moves": 0}
    s = grundy.compound("selective", ["*", "*"])
    assert s["outcome_class"] == "N"
    # The continued conjunctive compound counts by suspense: Right moves in {1|0} alone,
    # Left in 1, and Right is stuck.
    cc = grundy.compound("continued-conjunctive", [1, "{1|0}"])
    assert cc["right_first"] == {"winner": "left", "moves": 2}
    assert cc["count"] == "suspense" and c["count"] == "remoteness"
    # A component that has ended ends these two at once.
    for kind in ["diminished-disjunctive", "shortened-selective"]:
        assert grundy.compound(kind, [0, 5])["outcome_class"] == "P"
    # Sequential: -1 then 3; Left, first, is stuck in -1.
    q = grundy.compound("sequential", [-1, 3])
    assert q["left_first"] == {"winner": "right", "moves": 0}
    assert q["right_first"] == {"winner": "left", "moves": 2}
    with pytest.raises(grundy.InputError):
        grundy.compound("disjunctive", [1])
    # A ruleset's position is no canonical form's tree: refused.
    with pytest.raises(grundy.InputError, match="position of a ruleset"):
        grundy.compound("conjunctive", ["DawsonsKayles(5)", "*"])
