import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


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
