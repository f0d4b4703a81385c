"""Shared fixtures: the `grundy` command line, to compare the package's answers with it."""

import json
import os
import pathlib
import signal
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


class Cli:
    """Runs the `grundy` binary of this repository."""

    def __init__(self, path):
        self.path = path

    def run(self, *args):
        return subprocess.run(
            [str(self.path), *args], capture_output=True, text=True, timeout=120, check=False
        )

    def text(self, *args):
        out = self.run(*args)
        assert out.returncode == 0, out.stderr
        return out.stdout

    def json(self, *args):
        return json.loads(self.text(*args, "--json"))

    def error(self, *args):
        """The one-line error of a bad command (exit code 2), without its `error: `."""
        out = self.run(*args)
        assert out.returncode == 2, (args, out.returncode, out.stdout, out.stderr)
        return out.stderr.strip()


@pytest.fixture(scope="session", autouse=True)
def ctrl_c_raises():
    """The Ctrl-C tests send this process SIGINT and expect KeyboardInterrupt. A shell starts
    a background job (`bash scripts/test.sh &`) with SIGINT ignored, and Python then leaves it
    ignored: those tests would wait for ever. So every test process takes Python's handler."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session")
def cli():
    """The binary named by GRUNDY_CLI (scripts/test.sh sets it), else one already built."""
    named = os.environ.get("GRUNDY_CLI")
    if named:
        path = pathlib.Path(named)
        assert path.is_file(), f"GRUNDY_CLI={named} is not a file"
        return Cli(path)
    for candidate in ("target/release/grundy", "target/debug/grundy"):
        path = ROOT / candidate
        if path.is_file():
            return Cli(path)
    pytest.skip("no grundy binary: build it (cargo build) or set GRUNDY_CLI")
