"""ACPC logs: hands as Python objects (files, folders, .gz, .bz2), summaries and statistics."""

import bz2
import gzip
import json
import re
import shutil

import pytest

import poker_ai as pa
from conftest import NL2P, shared


def first_state_line(path):
    """The first STATE line of a log without its trailing comment, as text (the expected values
    come from the file itself)."""
    with open(path) as log:
        line = next(line for line in log if line.startswith("STATE:"))
    return line.split("#", 1)[0].rstrip()


def test_deepstack_log_every_hand():
    path = shared("logs/deepstack_ifp/all_hands.log")
    fields = first_state_line(path).split(":")
    hands = pa.read_hands(path, game=NL2P)
    first = next(hands)
    assert first.line == 1 and first.hand_number == int(fields[1])
    assert first.names == fields[5].split("|")
    assert first.values == [int(v) for v in fields[4].split("|")]
    assert first.state.betting == fields[2]
    assert first.to_line() == ":".join(fields)
    # Every action of the betting string, in order: its letter and, for a raise, its amount.
    letters = [c for c in fields[2] if c in "rcf"]
    amounts = [int(a) for a in re.findall(r"r(\d+)", fields[2])]
    kind_of = {"r": "raise", "c": "call", "f": "fold"}
    assert [a.kind for a in first.actions] == [kind_of[c] for c in letters]
    assert [a.raise_to for a in first.actions if a.kind == "raise"] == amounts
    # Heads-up, the players alternate within a street; the pot before the first action of the
    # second street is both players' last raise when the first street ended with a call.
    first_street = fields[2].split("/")[0]
    assert "/" in fields[2] and first_street.endswith("c"), "the first hand reaches a second street"
    second = sum(1 for c in first_street if c in "rcf")
    assert first.actions[second].pot_before == 2 * amounts[first_street.count("r") - 1]
    count = 1 + sum(1 for _ in hands)
    with open(path) as log:
        state_lines = sum(1 for line in log if line.startswith("STATE:"))
    assert count == state_lines
    summary = hands.summary
    assert summary.hands == state_lines and summary.lines == state_lines and summary.rejected == 0


def test_hands_by_player_match_the_cpp_reader():
    path = shared("logs/deepstack_ifp/all_hands.log")
    per_player = {}
    for hand in pa.read_hands(path, game=NL2P, strip_name_suffix=True):
        for name in hand.names:
            per_player[name] = per_player.get(name, 0) + 1
    # The C++ reader's test figures: 34 players once table suffixes are stripped.
    assert len(per_player) == 34
    assert per_player["laak.phil"] == 677 + 1301 + 210 + 815
    assert per_player["lesnoy.dmitry"] == 3007
    assert per_player["DeepStack"] == 45037


def test_compressed_files_and_folders(tmp_path):
    source = shared("reference_logs/nl2p.log")
    folder = tmp_path / "logs"
    (folder / "sub").mkdir(parents=True)
    shutil.copy(source, folder / "plain.log")
    with open(source, "rb") as f, gzip.open(folder / "sub" / "copy.log.gz", "wb") as g:
        g.write(f.read())
    with open(source, "rb") as f, bz2.open(folder / "copy.log.bz2", "wb") as b:
        b.write(f.read())
    (folder / "README.txt").write_text("not a log\n")
    files = pa.list_log_files(folder)
    assert [p.rsplit("/", 1)[1] for p in files] == ["copy.log.bz2", "plain.log", "copy.log.gz"]
    # The header names the game: no game argument needed.
    lines = [h.to_line() for h in pa.read_hands(folder)]
    assert len(lines) == 3000
    assert lines[:1000] == lines[1000:2000] == lines[2000:]
    summary = pa.read_logs(folder, threads=2)
    assert summary.hands == 3000 and summary.files == 3


def test_bad_lines_are_counted_and_strict_raises(tmp_path):
    log = tmp_path / "bad.log"
    log.write_text("STATE:0:r20000c///:AhAs|KdKc/2c3d4h/9s/Tc:20000|-20000:a|b\n"
                   "STATE:1:r300r200c:AhAs|KdKc:300|-300:a|b\n"
                   "STATE:2:f:AhAs|KdKc:-50|50:a|b\n")
    hands = list(pa.read_hands(log, game=NL2P))
    assert len(hands) == 1
    summary = pa.read_logs(log, game=NL2P)
    assert summary.rejected == 2 and summary.hands == 1
    assert summary.rejected_by_reason == {"illegal action": 1, "value mismatch": 1}
    assert [p["line"] for p in summary.problems] == [2, 3]
    with pytest.raises(pa.PokerError, match="bad.log:2"):
        for _ in pa.read_hands(log, game=NL2P, strict=True):
            pass


def test_stopping_early_closes_the_reader():
    path = shared("logs/deepstack_ifp/all_hands.log")
    with pa.read_hands(path, game=NL2P) as hands:
        taken = [h.hand_number for _, h in zip(range(5), hands)]
    assert taken == [0, 1, 2, 3, 4]
    assert hands.summary.hands < 45037


def test_stats_are_trainer_stats():
    path = shared("logs/deepstack_ifp/all_hands.log")
    stats = pa.log_stats(path, game=NL2P, strip_name_suffix=True, threads=2)
    players = {p["name"]: p for p in stats.players}
    assert stats.players[0]["name"] == "DeepStack"
    deepstack = players["DeepStack"]
    assert deepstack["hands"] == 45037
    assert players["laak.phil"]["hands"] == 3003
    # Zero-sum heads-up: DeepStack's chips are everyone else's loss.
    assert deepstack["net_chips"] == pytest.approx(-sum(
        p["net_chips"] for name, p in players.items() if name != "DeepStack"))
    assert 0 < deepstack["pfr"] <= deepstack["vpip"] <= 1
    parsed = json.loads(stats.to_json())
    assert parsed["hands"] == 45037
    assert "DeepStack" in stats.table()
