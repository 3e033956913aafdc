"""Tables of canonical forms: Domineering's rectangles and Toads and Frogs' strips."""

import json

import grundy

def board(a, b):
    return "|".join(["." * b] * a)


def test_domineering_table_has_forms():
    t = grundy.table("domineering", range(1, 4), range(1, 5))
    assert t.kind == "forms" and t.shape == (3, 4) and len(t) == 3    # iterated by rows
    assert t.rows == range(1, 4) and t.columns == range(1, 5)
    texts = t.texts()
    assert texts[:4] == ["0", "-1", "-1", "-2"]  # one row: Right's horizontal dominoes
    assert t.text(2, 1) == "1" and t.text(2, 2) == "+-1" and t.text(9, 9) is None
    # The cells index the distinct forms.
    assert [t.forms()[v] for v in t.values()] == texts
    assert len(set(t.forms())) == len(t.forms())


def test_domineering_forms_match_the_catalogue_and_cgt():
    t = grundy.table("domineering", range(1, 4), range(1, 5))
    outcomes = t.outcomes()
    assert outcomes.kind == "outcomes"
    for a in range(1, 4):
        for b in range(1, 5):
            report = grundy.catalogue("domineering", board(a, b))
            assert t.text(a, b) == report["canonical_form"], (a, b)
            assert grundy.cgt(t.text(a, b)) == grundy.cgt(report["canonical_form"])
            assert outcomes.text(a, b) == report["outcome_class"], (a, b)
            assert grundy.cgt(t.text(a, b)).outcome_class == report["outcome_class"]
    # Outcomes hold L (2) and R (3) besides P (0) and N (1).
    assert outcomes.text(1, 2) == "R" and outcomes.value(1, 2) == 3
    assert outcomes.text(2, 1) == "L" and outcomes.value(2, 1) == 2
    assert outcomes.text(2, 2) == "N" and outcomes.text(1, 1) == "P"
    assert set(outcomes.texts()) == {"P", "N", "L", "R"}
    assert grundy.table("domineering", range(1, 4), range(1, 5), outcomes=True).texts() == (
        outcomes.texts()
    )


def test_forms_in_csv_json_and_html():
    t = grundy.table("domineering", range(1, 4), range(1, 5))
    csv = t.to_csv().splitlines()
    assert csv[0] == "a\\b,1,2,3,4" and csv[2].startswith("2,1,+-1,")
    rows = json.loads(t.to_json())
    assert rows["kind"] == "forms" and rows["forms"][1][:2] == ["1", "+-1"]
    html = t._repr_html_()
    assert "+-1" in html and "{2|-1/2}" in html
    assert json.loads(t.outcomes().to_json())["outcomes"][0][:2] == ["P", "R"]


def test_toads_and_frogs_forms():
    t = grundy.table("toads-and-frogs", range(0, 3), range(0, 3))
    assert t.kind == "forms"
    for a in range(3):
        for b in range(3):
            report = grundy.catalogue("toads-and-frogs", "T" * a + "." + "F" * b)
            assert t.text(a, b) == report["canonical_form"], (a, b)
    assert t.text(1, 0) == "1" and t.text(0, 1) == "-1" and t.text(1, 1) == "*"


def test_values_tables_are_unchanged():
    t = grundy.table("subtraction:1,3,4", range(8))
    assert t.kind == "values" and t.forms() == []
    assert t.texts() == ["0", "1", "0", "1", "2", "3", "2", "0"]
    assert t.outcomes().texts()[:3] == ["P", "N", "P"] and t.columns is None
