"""The tour notebook (examples/tour.ipynb) runs from its first cell to its last, every cell
without an error, in a fresh kernel of this interpreter; its own cells assert what they show."""

import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent.parent
TOUR = ROOT / "examples" / "tour.ipynb"
REQUIRED = bool(os.environ.get("GRUNDY_REQUIRE_NOTEBOOK"))


def test_the_tour_runs():
    if not TOUR.exists():
        assert not REQUIRED, f"{TOUR} is missing"
        pytest.skip("examples/tour.ipynb is not beside the package")
    try:
        import nbclient
        import nbformat
    except ImportError:
        if REQUIRED:
            raise
        pytest.skip("nbclient and nbformat are not installed")
    notebook = nbformat.read(TOUR, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(ROOT)}},
    )
    # The kernel is this interpreter, whatever kernels the machine has registered.
    client.kernel_manager_class = _this_interpreter_kernel()
    client.execute()
    outputs = [o for cell in notebook.cells for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    # The pictures reach the notebook: a rich output that is a picture.
    assert any(
        "image/svg+xml" in o.get("data", {}) or "text/html" in o.get("data", {}) for o in outputs
    )


def _this_interpreter_kernel():
    from jupyter_client.manager import KernelManager

    class ThisInterpreter(KernelManager):
        """A kernel run by the interpreter of the tests, so that it imports the grundy the
        tests import."""

        def format_kernel_cmd(self, extra_arguments=None):
            return [
                sys.executable, "-m", "ipykernel_launcher", "-f", self.connection_file,
            ] + list(extra_arguments or [])

    return ThisInterpreter
