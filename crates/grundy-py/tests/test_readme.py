"""The package's README: every Python example in it runs, and its assertions hold."""

import pathlib
import re

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def test_every_python_example_of_the_readme_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has Python examples"
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})
