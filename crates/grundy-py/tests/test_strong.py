"""Strong solutions from Python: `grundy.strong` solves a board game into a folder, tier by tier,
as `grundy strong` does; `grundy.strong_check` reads the files back and counts the positions
reachable from the start; `catalogue(GAME, solved=DIR)` answers from the files. Each is checked
against exploring the game from its start, and against the command line's JSON."""

import json
import subprocess

import pytest

import grundy


@pytest.fixture
def ttt(tmp_path):
    folder = tmp_path / "ttt"
    report = grundy.strong("tic-tac-toe", folder)
    return folder, report


def test_tic_tac_toe_solved_strongly(ttt):
    folder, report = ttt
    assert report["game"] == "tic-tac-toe"
    assert report["start"] == "draw" and report["start_remoteness"] is None
    assert report["positions"] == 6046
    assert sum(t["positions"] for t in report["tiers"]) == 6046
    assert report["bytes"] > 0 and str(folder) in report.text
    # The same folder again resumes every tier: the same counts.
    again = grundy.strong("tic-tac-toe", folder)
    assert all(t["resumed"] for t in again["tiers"])
    counts = lambda r: [(t["wins"], t["losses"], t["draws"]) for t in r["tiers"]]
    assert counts(again) == counts(report)


def test_reachable_positions_are_the_explored_ones(ttt):
    folder, _ = ttt
    checked = grundy.strong_check(folder, reachable=True)
    # 5,478 boards of tic-tac-toe are reachable from the empty board; each as explored.
    assert checked["reachable"] == 5478
    explored = grundy.catalogue("tic-tac-toe")
    assert explored["positions"] == 5478
    assert sum(checked["reachable_counts"]) == 5478
    assert checked["reachable_over"] == sum(t["over"] for t in checked["tiers"])
    plain = grundy.strong_check(folder)
    assert "reachable" not in plain.json and plain["checked"] is True


def test_answers_from_the_files_are_the_explored_ones(ttt):
    folder, _ = ttt
    for board in ["...|...|...", "x..|...|...", "xo.|...|...", "xx.|oo.|..."]:
        solved = grundy.catalogue("tic-tac-toe", board, solved=str(folder))
        explored = grundy.catalogue("tic-tac-toe", board)
        for key in ["outcome", "remoteness", "best_moves", "winning_moves"]:
            assert solved[key] == explored[key], (board, key)


def test_variants_are_keywords(tmp_path):
    report = grundy.strong("morris", tmp_path / "three", men=3)
    assert report["game"] == "three men's morris"
    assert report["start"] == "win" and report["start_remoteness"] == 9
    lasker = grundy.strong("morris", tmp_path / "lasker", men=3, lasker=True)
    assert lasker["start_remoteness"] == 11
    # A folder of other rules is refused, naming both.
    with pytest.raises(grundy.InputError, match="three men's morris"):
        grundy.strong("morris", tmp_path / "three", men=3, lasker=True)


def test_errors_are_clear(tmp_path, ttt):
    folder, _ = ttt
    with pytest.raises(grundy.InputError, match='no game "chess".*tic-tac-toe'):
        grundy.strong("chess", tmp_path / "x")
    with pytest.raises(grundy.InputError, match='has no parameter "sizes"'):
        grundy.strong("quixo", tmp_path / "x", sizes=3)
    with pytest.raises(grundy.InputError, match="manifest.json"):
        grundy.strong_check(tmp_path / "nothing")
    with pytest.raises(grundy.LimitError, match="memory="):
        grundy.strong("tic-tac-toe", tmp_path / "small", memory=1024)
    with pytest.raises(grundy.LimitError, match="memory="):
        grundy.strong_check(folder, reachable=True, memory=1024)
    grundy.strong("cards", tmp_path / "cards", cards=3, modulus=3)
    with pytest.raises(grundy.InputError, match="no start to count"):
        grundy.strong_check(tmp_path / "cards", reachable=True)
    # A damaged file is an error naming it, never counts.
    tier = folder / "tier-00005.grundy"
    data = bytearray(tier.read_bytes())
    data[-1] ^= 0xFF
    tier.write_bytes(bytes(data))
    with pytest.raises(grundy.InputError, match="tier-00005"):
        grundy.strong_check(folder)


def test_the_same_report_as_the_command_line(cli, tmp_path):
    folder = tmp_path / "quixo"
    ours = grundy.strong("quixo", folder, size=3)
    checked = grundy.strong_check(folder, reachable=True)
    argv = [cli, "strong", "check", str(folder), "--reachable", "--json"]
    theirs = json.loads(subprocess.run(argv, capture_output=True, check=True, text=True).stdout)
    assert checked.json == theirs
    assert ours["positions"] == theirs["positions"]
