"""``python -m grundy``: the version, and the catalogue from a shell, as the command line answers."""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

import grundy

CARGO_TOML = pathlib.Path(__file__).resolve().parent.parent / "Cargo.toml"


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "grundy", *args], capture_output=True, text=True, timeout=60
    )


def test_version_is_the_crates():
    done = run("--version")
    assert done.returncode == 0 and done.stdout == f"grundy {grundy.__version__}\n"
    if CARGO_TOML.exists():
        version = re.search(r'^version = "(.*)"$', CARGO_TOML.read_text(), re.M).group(1)
        assert grundy.__version__ == version


def test_families_answer_as_the_catalogue():
    assert run("nim", "3", "4", "5").stdout == grundy.catalogue("nim", 3, 4, 5).text
    assert run("nim", "3", "4", "5", "--misere").stdout == grundy.catalogue(
        "nim", 3, 4, 5, misere=True
    ).text
    answer = json.loads(run("subtraction", "10", "--set", "1,3,4", "--json").stdout)
    assert answer == grundy.catalogue("subtraction", 10, set="1,3,4").json
    assert json.loads(run("subtraction", "10", "--set=1,3,4", "--json").stdout) == answer
    assert run("squares", "10").stdout == grundy.catalogue("square-subtraction", 10).text


@pytest.mark.parametrize(
    "args, message",
    [
        (["chess"], 'no family "chess"'),
        (["nmi", "3"], "did you mean 'nim'?"),
        (["wythoff", "3", "x"], "'x' is not a pile size"),
        (["nim", "3", "--colour", "red"], "has no option --colour"),
        (["subtraction", "10", "--set"], "--set needs a value"),
    ],
)
def test_errors_are_one_line_with_exit_code_2(args, message):
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("grundy: error: ") and message in done.stderr
    assert done.stderr.count("\n") == 1


def test_no_arguments_list_the_families():
    done = run()
    assert done.returncode == 0 and "usage: python -m grundy" in done.stdout
    assert all(f["name"] in done.stdout for f in grundy.families())


@pytest.mark.skipif(
    not os.environ.get("GRUNDY_NO_RUST"), reason="only where the wheel is tested without Rust"
)
def test_the_wheel_runs_without_a_rust_toolchain():
    # .ci/run installs the built wheel into a virtual environment whose PATH has no Rust.
    assert shutil.which("cargo") is None and shutil.which("rustc") is None
    # The compiled module is the wheel's, installed, not a build of the checkout's.
    assert "site-packages" in pathlib.Path(grundy._grundy.__file__).parts
