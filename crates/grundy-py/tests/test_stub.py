"""The type stub (python/grundy/__init__.pyi) says what the module has at run time: mypy's
stubtest finds no name, parameter or default of one that the other lacks, beyond the
justified exceptions of stubtest-allowlist.txt. Skipped without mypy."""

import importlib.util
import pathlib
import subprocess
import sys

import pytest

ALLOWLIST = pathlib.Path(__file__).resolve().parent.parent / "stubtest-allowlist.txt"


def test_the_stub_matches_the_module(tmp_path):
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install mypy)")
    # In a folder of its own: nothing in the working folder can shadow the installed package,
    # and the .mypy_cache stubtest writes there stays out of the checkout.
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "grundy", "--allowlist", str(ALLOWLIST)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
