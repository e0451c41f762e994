"""Shared paths of the poker_ai tests: the project, its built programs and ../shared."""

import os
import pathlib

import pytest

SOURCE = pathlib.Path(os.environ.get("POKER_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
BIN = pathlib.Path(os.environ.get("POKER_BIN_DIR", SOURCE / "build" / "bin"))
SHARED = pathlib.Path(os.environ.get("POKER_SHARED_DIR", SOURCE.parent / "shared"))
DATA = SHARED / "data"
GAMES = SOURCE / "data" / "games"
NL2P = "holdem.nolimit.2p.reverse_blinds"


def shared(relative):
    """The path of a file under ../shared/data, or skip the test when it is absent."""
    path = DATA / relative
    if not path.exists():
        pytest.skip(f"needs {path} (../shared/data is absent)")
    return path


def program(name):
    """A built program of build/bin, or skip when it was not built."""
    path = BIN / name
    if not path.exists():
        pytest.skip(f"needs the program {path} (build the project first)")
    return path
