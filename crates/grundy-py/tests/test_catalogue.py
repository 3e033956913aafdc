"""The catalogue: the same answers as the command line, on random inputs.

The comparison runs the `grundy` binary (built by `cargo build --release -p grundy-cli`, or
named by $GRUNDY_BIN) with `--json` and compares its JSON with the report's; without the
binary those tests are skipped and the others still check answers against brute force.
"""

import functools
import json
import random
import subprocess

import pytest

import grundy

FAMILIES = {f["name"]: f for f in grundy.families()}


def cli_argv(name, args, kwargs):
    """The command line for a catalogue call, by the same rules the package reads values."""
    def words(v):
        return [str(x) for x in v] if isinstance(v, (list, tuple, range)) else [str(v)]

    argv = [name]
    for a in args:
        argv += words(a)
    params = {p["name"]: p for p in FAMILIES[name]["params"]}
    for key, value in kwargs.items():
        flag = "--" + key.replace("_", "-")
        if params[key]["kind"] == "flag":
            argv += [flag] if value else []
        else:
            argv += [flag, ",".join(words(value))]
    return argv


def odd_total(values):
    """The larger-sum game needs an odd total, so that there is no tie."""
    return values if sum(values) % 2 else values[:-1] + [values[-1] + 1]


def random_call(name, rng):
    """Random arguments for a family that reads no file."""
    small = lambda hi=12: rng.randint(0, hi)  # noqa: E731
    piles = lambda k=4, hi=20: [rng.randint(0, hi) for _ in range(rng.randint(1, k))]  # noqa: E731
    return {
        "nim": lambda: ((piles(),), {"misere": rng.random() < 0.5}),
        "nim-k": lambda: ((rng.randint(1, 3), piles(5)), {}),
        "misere": lambda: ((piles(),), {}),
        "wythoff": lambda: ((small(30), small(30)), {}),
        "subtraction": lambda: ((piles(3, 40),), {"set": sorted(rng.sample(range(1, 8), 3))}),
        "square-subtraction": lambda: ((piles(3, 60),), {}),
        "fibonacci-nim": lambda: ((rng.randint(1, 200),), {}),
        "staircase": lambda: ((piles(5, 9),), {}),
        "circle-take": lambda: ((rng.randint(1, 30), rng.randint(1, 5)), {}),
        "flip-run": lambda: (([rng.randint(0, 1) for _ in range(rng.randint(1, 10))],), {}),
        "zero-runs": lambda: (("".join(rng.choice("01") for _ in range(rng.randint(1, 16))),), {}),
        "rectangle-cut": lambda: ([f"{rng.randint(1, 9)}x{rng.randint(1, 9)}" for _ in range(2)], {}),
        "carrots": lambda: ((piles(6, 9),), {}),
        "ends-sum": lambda: ((odd_total(piles(6, 9)),), {}),
        "josephus": lambda: ((rng.randint(1, 50), rng.randint(1, 7)), {}),
        "octal": lambda: ((rng.choice(["0.77", "0.07", "0.137", "4.07"]),), {"upto": rng.randint(10, 300)}),
        "mem": lambda: (([f"{n}:{rng.randint(0, n)}" for n in piles(3, 30)],), {}),
    }[name]()


CALLED = [
    "nim", "nim-k", "misere", "wythoff", "subtraction", "square-subtraction", "fibonacci-nim",
    "staircase", "circle-take", "flip-run", "zero-runs", "rectangle-cut", "carrots",
    "ends-sum", "josephus", "octal", "mem",
]


@pytest.mark.parametrize("name", CALLED)
def test_same_json_as_the_command_line(cli, name):
    rng = random.Random(name)
    for _ in range(3):
        args, kwargs = random_call(name, rng)
        report = grundy.catalogue(name, *args, **kwargs)
        argv = [cli, *cli_argv(name, args, kwargs), "--json"]
        run = subprocess.run(argv, capture_output=True, text=True, check=True)
        assert report.json == json.loads(run.stdout), argv
        text = subprocess.run(argv[:-1], capture_output=True, text=True, check=True).stdout
        assert report.text == text


def test_same_errors_as_the_command_line(cli):
    report_error = None
    try:
        grundy.catalogue("wythoff", 3, "x")
    except grundy.InputError as e:
        report_error = str(e)
    run = subprocess.run([cli, "wythoff", "3", "x"], capture_output=True, text=True)
    assert run.returncode == 2
    # The same message, each front end naming the parameter its own way.
    assert report_error.startswith("b: 'x' is not a pile size")
    assert run.stderr.strip() == f"grundy: error: B{report_error[1:]}"


def test_families_answer_to_their_aliases_and_games_to_their_names():
    assert FAMILIES["square-subtraction"]["aliases"] == ["squares"]
    assert FAMILIES["octal"]["aliases"] == ["take-and-break"]
    assert grundy.catalogue("squares", 10)["value"] == grundy.catalogue("square-subtraction", 10)["value"]
    kayles = grundy.catalogue("octal", "kayles", upto=20)
    assert kayles["game"] == "0.77" and kayles["largest"] == 7
    assert grundy.catalogue("take-and-break", "Dawson's Kayles", upto=20)["game"] == "0.07"
    assert grundy.catalogue("octal", "splittles:1,3", upto=20)["game"] == "0.707"
    assert list(grundy.table("kayles", range(6))) == list(grundy.table("0.77", range(6)))
    assert list(grundy.table("fibonacci-nim", range(9))) == list(grundy.table("fibonacci", range(9)))
    with pytest.raises(grundy.InputError, match="did you mean 'nim'"):
        grundy.catalogue("nmi", [3, 4, 5])


def test_every_family_is_listed_with_its_parameters():
    names = [f["name"] for f in grundy.families()]
    assert len(names) == len(set(names)) >= 29
    assert set(CALLED) <= set(names)
    assert [p["name"] for p in FAMILIES["nim"]["params"]] == ["piles", "misere"]


def test_parameters_declare_their_kinds_and_constraints():
    params = {p["name"]: p for p in FAMILIES["plus-k-nim"]["params"]}
    assert params["pile"]["type"] == "whole" and params["pile"]["min"] == 0
    assert params["pile"]["or"] == ["count"]
    assert sorted(params["count"]["excludes"]) == ["limit", "pile"]
    assert params["k"]["max"] == 2**64 - 1
    coins = {p["name"]: p for p in FAMILIES["coins"]["params"]}
    assert coins["by_length"]["needs"] == ["by"]
    josephus = {p["name"]: p for p in FAMILIES["josephus"]["params"]}
    assert josephus["dies"]["type"] == "list" and josephus["one_based"]["type"] == "flag"


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_familys_example_runs(name):
    # The example is a call of `catalogue`; one that reads a file the user would have (a board,
    # a record) parses, and stops at the missing file.
    example = FAMILIES[name]["example"]
    assert example.startswith(f"catalogue('{name}'"), example
    try:
        report = eval(example, {"catalogue": grundy.catalogue})
    except grundy.InputError as e:
        assert "No such file or directory" in str(e), f"{example}: {e}"
    else:
        assert str(report), example


@pytest.mark.parametrize("seed", range(10))
def test_nim_against_brute_force(seed):
    rng = random.Random(seed)
    piles = [rng.randint(0, 7) for _ in range(3)]
    report = grundy.catalogue("nim", piles)
    assert report["value"] == functools.reduce(lambda a, b: a ^ b, piles)
    assert report["outcome"] == ("win" if report["value"] else "loss")
    assert repr(report).startswith(report["outcome"])


def test_wythoff_p_positions():
    # The P-positions of Wythoff's game: (floor(k*phi), floor(k*phi^2)) and mirrors.
    phi = (1 + 5 ** 0.5) / 2
    p_positions = {(int(k * phi), int(k * phi * phi)) for k in range(20)}
    p_positions |= {(b, a) for a, b in p_positions}
    for a in range(15):
        for b in range(15):
            outcome = grundy.catalogue("wythoff", a, b)["outcome"]
            assert (outcome == "loss") == ((a, b) in p_positions), (a, b)


def test_octal_period_of_kayles():
    report = grundy.octal("0.77", upto=200)
    assert report["periodicity"]["period"] == 12


def test_catalogue_errors():
    with pytest.raises(grundy.InputError, match="no family"):
        grundy.catalogue("chess")
    with pytest.raises(grundy.InputError, match="no parameter"):
        grundy.catalogue("nim", [1], colour="red")
    with pytest.raises(grundy.InputError, match="positional"):
        grundy.catalogue("wythoff", 1, 2, 3)
    with pytest.raises(grundy.InputError, match="not a pile size"):
        grundy.catalogue("nim", [-1])


def test_a_list_or_separate_values_for_every_family():
    # Each family with several positional values takes them apart or as one sequence: the
    # same report either way, as Nim's piles are one list or separate values.
    rng = random.Random(25)
    for name in ("wythoff", "josephus", "circle-take"):
        for _ in range(20):
            a, b = rng.randrange(1, 40), rng.randrange(1, 6)
            apart = grundy.catalogue(name, a, b).to_json()
            assert grundy.catalogue(name, [a, b]).to_json() == apart
            assert grundy.catalogue(name, (a, b)).to_json() == apart
    assert grundy.catalogue("nim", 3, 4, 5).to_json() == grundy.catalogue("nim", [3, 4, 5]).to_json()
    nim_k = grundy.catalogue("nim-k", 2, [3, 4, 5]).to_json()
    assert grundy.catalogue("nim-k", [2, 3, 4, 5]).to_json() == nim_k
    assert grundy.catalogue("wythoff", range(5, 7)).to_json() == grundy.catalogue("wythoff", 5, 6).to_json()
    with pytest.raises(grundy.InputError, match="takes 2 positional argument\\(s\\), 3 given"):
        grundy.catalogue("wythoff", [1, 2, 3])
    with pytest.raises(grundy.InputError, match="not a pile size"):
        grundy.catalogue("wythoff", [5, "x"])


def test_parameters_are_named_the_python_way():
    # The engine names a parameter by its name; Python writes it as a keyword.
    with pytest.raises(grundy.InputError, match=r"^give k= or batch=$"):
        grundy.catalogue("misere-fibonacci-nim", 10)
    with pytest.raises(grundy.InputError, match=r"^pile and count= exclude each other"):
        grundy.catalogue("plus-k-nim", 10, k=1, count=[1, 5])
    with pytest.raises(grundy.InputError, match=r"search_limit="):
        grundy.catalogue("subtraction", 10, set="1,30000", search_limit=4)
    nim = FAMILIES["nim"]
    assert "misere=" in nim["about"] and "--" not in nim["about"]


def search_with_regions(path, **kwargs):
    """Cram's 3 x 4 board searched with a table of regions at `path`, on one thread."""
    return grundy.catalogue("search", "cram", "....|....|....", regions=str(path), threads=1, **kwargs)


def test_a_table_of_regions_is_believed_only_under_its_key(tmp_path, monkeypatch):
    import stat
    import zlib

    config = tmp_path / "config"
    monkeypatch.setenv("GRUNDY_CONFIG_DIR", str(config))
    path = tmp_path / "cram.regions"
    first = search_with_regions(path)
    assert first["regions_loaded"] == 0
    assert stat.S_IMODE((config / "key").stat().st_mode) == 0o600
    text = path.read_text()
    lines = text.splitlines()
    assert lines[0] == "grundy regions 2 Cram" and lines[-1].startswith("hmac-sha256 ")
    again = search_with_regions(path)
    assert again["regions_loaded"] == len(lines) - 3
    assert again["outcome_class"] == first["outcome_class"]
    # A region's value changed, the CRC made to agree: refused.
    region, form = lines[1].split("\t")
    body = "\n".join([lines[0], f"{region}\t{'1' if form != '1' else '-1'}", *lines[2:-2]]) + "\n"
    path.write_text(f"{body}crc32 {zlib.crc32(body.encode()):08x}\n{lines[-1]}\n")
    with pytest.raises(grundy.InputError, match="the digest does not match your key"):
        search_with_regions(path)
    # Another key: refused; the table is left as it was.
    path.write_text(text)
    monkeypatch.setenv("GRUNDY_CONFIG_DIR", str(tmp_path / "another"))
    with pytest.raises(grundy.InputError, match="written under another key"):
        search_with_regions(path)
    assert path.read_text() == text


def test_the_command_line_reads_the_packages_table_of_regions(cli, tmp_path, monkeypatch):
    import os

    monkeypatch.setenv("GRUNDY_CONFIG_DIR", str(tmp_path / "config"))
    path = tmp_path / "cram.regions"
    search_with_regions(path)
    regions = len(path.read_text().splitlines()) - 3
    argv = [cli, "search", "cram", "....|....|....", "--regions", str(path), "--json"]
    run = subprocess.run(argv, capture_output=True, text=True, check=True, env=os.environ)
    assert json.loads(run.stdout)["regions_loaded"] == regions
