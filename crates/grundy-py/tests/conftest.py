import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

# The key a table of regions is signed with (`catalogue('search', ..., regions=...)`) is made
# in the checkout's target folder, never in the user's configuration folder.
os.environ["GRUNDY_CONFIG_DIR"] = str(ROOT / "target" / "py-config")


def _cli():
    """The command-line binary to compare with: $GRUNDY_BIN, the checkout's build, or PATH."""
    candidates = [os.environ.get("GRUNDY_BIN")]
    candidates += [str(ROOT / "target" / kind / "grundy") for kind in ("release", "debug")]
    candidates.append(shutil.which("grundy"))
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


@pytest.fixture(scope="session")
def cli():
    path = _cli()
    if path is None:
        if os.environ.get("GRUNDY_REQUIRE_CLI"):
            pytest.fail("GRUNDY_REQUIRE_CLI is set and no grundy binary was found")
        pytest.skip("no grundy binary: cargo build --release -p grundy-cli (or set GRUNDY_BIN)")
    return path


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture
def without_numpy(monkeypatch):
    """NumPy and pandas hidden, as if they were not installed (an import of either fails)."""
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.setitem(sys.modules, "pandas", None)


@pytest.fixture(params=["numpy", "array"])
def int_arrays(request):
    """Bulk results both ways: NumPy's int64 arrays when NumPy is installed (skipped when it is
    not), and `array.array('q')` with NumPy hidden. Gives a check of an array's type."""
    if request.param == "numpy":
        np = pytest.importorskip("numpy")
        return lambda a: isinstance(a, np.ndarray) and a.dtype == np.int64 and a.ndim == 1
    request.getfixturevalue("without_numpy")
    import array

    return lambda a: isinstance(a, array.array) and a.typecode == "q"
