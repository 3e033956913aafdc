"""grundy.loopy and grundy.loopy_ruleset: loopy partizan games with the properties of
`grundy loopy --json` (checked against the binary, when built), sums and the order of
stoppers checked against their definitions, and errors as InputError and LimitError."""

import json
import subprocess

import pytest

import grundy
from grundy import InputError, LimitError, loopy, loopy_ruleset

STOPPERS = ["0", "1", "-1", "*", "^", "{1|-1}", "on", "off", "over", "under", "upon",
            "{pass|3/2}", "a{0|{0|a}}", "{0|pass} + 1", "3/2 + under", "{1|pass}"]
OTHERS = ["dud", "on + off", "over - over", "a{{|a}|}"]


def test_a_stopper_and_its_properties():
    g = loopy("a{0|{0|a}}")
    assert g.is_stopper and g.canonical_form == "over"
    assert (g.left_stop, g.right_stop, g.degree, g.variety) == ("over",) * 4
    assert (g.value, g.onside, g.offside) == ("over",) * 3
    assert g.left_first == {"winner": "left", "best_move": "0"}
    assert g.right_first == {"winner": "left", "best_move": "over"}
    assert (g.positions, g.moves) == (3, 4)
    assert repr(g) == 'LoopyGame("a{0|{0|a}}")'


def test_a_game_that_is_not_a_stopper_has_sides():
    g = loopy("on") + loopy("off")
    assert not g.is_stopper
    assert g.canonical_form is None and g.left_stop is None and g.degree is None
    assert (g.value, g.onside, g.offside) == ("dud", "on", "off")
    assert g.left_first["winner"] == g.right_first["winner"] == "draw"
    sides = loopy("a{{|a}|}")
    assert (sides.value, sides.onside, sides.offside) == ("1 & 0", "1", "0")


def test_the_order_of_stoppers_is_left_moving_second_never_losing():
    games = [loopy(t) for t in STOPPERS]
    for g in games:
        for h in games:
            # G >= H exactly when Left, moving second in G - H, never loses.
            ge = (g - h).right_first["winner"] != "right"
            assert (g >= h) == ge, (g, h)
            assert g.compare(h) == {(True, True): "==", (True, False): ">",
                                    (False, True): "<", (False, False): "<>"}[(ge, h >= g)]
    assert loopy("{pass|3/2}") == "3/2 + under"
    assert loopy("over") > "^" and "^" < loopy("over")
    assert loopy("on") != loopy("over")


def test_sums_and_negatives_are_the_games_of_the_notation():
    for a in STOPPERS[:8]:
        for b in STOPPERS[8:]:
            written = loopy(f"({a}) - ({b})")
            assert (loopy(a) - loopy(b)).canonical_form == written.canonical_form
            assert (a + -loopy(b)).canonical_form == written.canonical_form
            assert (a - loopy(b)).left_first["winner"] == written.left_first["winner"]


def test_comparing_a_game_that_is_not_a_stopper_is_an_input_error():
    with pytest.raises(InputError, match="not a stopper"):
        loopy("dud") <= loopy("0")
    with pytest.raises(TypeError):
        loopy("0") + 1


def test_errors_name_their_column():
    with pytest.raises(InputError, match="column 4: unknown name 'b'"):
        loopy("{0|b}")
    assert issubclass(InputError, ValueError)


def test_rulesets_fox_and_geese_and_backsliding():
    names = [r["name"] for r in grundy.loopy_rulesets()]
    assert names == ["backsliding", "fox-and-geese", "ceylonese-fox-and-geese"]
    for entry in grundy.loopy_rulesets():
        assert loopy_ruleset(entry["name"], entry["example"]).positions > 1
    fox = loopy_ruleset("fox-and-geese", "..|F.")
    assert fox.canonical_form == "off"
    assert fox.right_first == {"winner": "right", "best_move": ".F|.."}
    assert loopy_ruleset("fox-and-geese", ".G.G|....|....|F...").canonical_form == "over"
    assert loopy_ruleset("fox-and-geese", ".....G|......|.G....|F.G...") == "3"
    strip = loopy_ruleset("backsliding", "TT..FF")
    assert not strip.is_stopper and strip.value == "*"
    with pytest.raises(InputError, match=r"position 'F\.\|\.\.': 1:1: 'F' stands on a light square"):
        loopy_ruleset("fox-and-geese", "F.|..")
    with pytest.raises(InputError, match="the loopy rulesets are backsliding, fox-and-geese, ceylonese-fox-and-geese"):
        loopy_ruleset("chess", "x")
    with pytest.raises(LimitError, match="limit="):
        loopy_ruleset("backsliding", "TTT..FFF", limit=10)


def test_same_json_as_the_command_line(cli):
    texts = STOPPERS + OTHERS
    run = subprocess.run([cli, "loopy", "--json", "--", *texts],
                         capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert len(lines) == len(texts)
    for text, line in zip(texts, lines):
        g = loopy(text)
        expected = json.loads(line)
        assert g.report().json == expected, text
        assert g.canonical_form == expected["canonical_form"]
        assert g.left_first == expected["left_first"]
    board = ".G.G|....|....|F..."
    run = subprocess.run([cli, "loopy", "--ruleset", "fox-and-geese", board],
                         capture_output=True, text=True, check=True)
    assert loopy_ruleset("fox-and-geese", board).report().text == run.stdout
