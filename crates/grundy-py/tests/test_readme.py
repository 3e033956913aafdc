"""The package's README and the guide's chapter on Python (docs/python.md): every Python
example in them runs, and its assertions hold."""

import importlib.util
import pathlib
import re

import pytest

HERE = pathlib.Path(__file__).resolve().parent
README = HERE.parent / "README.md"
ROOT = HERE.parent.parent.parent
GUIDE = ROOT / "docs" / "python.md"


def blocks(page):
    return re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


def missing_libraries(block):
    """The optional libraries (NumPy, pandas) an example imports or converts to that are not
    installed: such an example is skipped, as the tests of `to_numpy()` and `to_pandas()` are."""
    used = [name for name in ("numpy", "pandas") if f"import {name}" in block or f"to_{name}(" in block]
    return [name for name in used if importlib.util.find_spec(name) is None]


def test_every_python_example_of_the_readme_runs():
    found = blocks(README)
    assert found, "the README has Python examples"
    for block in found:
        exec(compile(block, str(README), "exec"), {})


@pytest.mark.skipif(not GUIDE.exists(), reason="docs/python.md is not beside the package")
def test_every_python_example_of_the_guide_runs(monkeypatch):
    # The guide's examples read the repository's examples/ folder, from the root.
    monkeypatch.chdir(ROOT)
    found = blocks(GUIDE)
    assert found, "docs/python.md has Python examples"
    for block in found:
        if not missing_libraries(block):
            exec(compile(block, str(GUIDE), "exec"), {})
