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


def assert_refuses_bad_logs(run, folder):
    """A script reading a gauntlet's logs in `folder` with `run(*args)`, where the first log's
    first line names a player SPEC is not: the line is named, no traceback; a limit game and a
    folder without opponents.tsv are refused too (exit 1)."""
    game = str(GAMES / f"{NL2P}.game")
    result = run("--game", game, "--dir", str(folder))
    assert result.returncode == 1
    assert "X.s0.log:1: a STATE line that does not replay" in result.stderr
    assert "Traceback" not in result.stderr
    limit = run("--game", str(GAMES / "holdem.limit.2p.reverse_blinds.game"), "--dir",
                str(folder))
    assert limit.returncode == 1
    assert "a heads-up no-limit game is needed" in limit.stderr
    missing = run("--game", game, "--dir", str(folder / "none"))
    assert missing.returncode == 1
    assert "opponents.tsv" in missing.stderr
