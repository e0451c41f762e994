"""Players: Python bots in the arena and behind an ACPC dealer; the project's players and the
agent's policies called from Python."""

import subprocess
import threading

import numpy as np
import pytest

import poker_ai as pa
from conftest import GAMES, NL2P, program


class CallingStation:
    """Calls (or checks) every time."""

    def act(self, view):
        return pa.Action.call()


class Raiser:
    """Raises the minimum when it may, else calls; counts what it saw."""

    def __init__(self):
        self.observed = 0

    def observe(self, view):
        self.observed += 1

    def act(self, view):
        state = view.state
        return f"r{state.raise_range[0]}" if state.can_raise else "c"


def test_python_bots_in_the_arena_repeat_for_a_seed(tmp_path):
    log = tmp_path / "match.log"
    result = pa.play_match(NL2P, [CallingStation(), "bot:style=ta"], names=["station", "ta"],
                           hands=300, seed=42, log_path=str(log))
    again = pa.play_match(NL2P, [CallingStation, "bot:style=ta"], names=["station", "ta"],
                          hands=300, seed=42)
    assert result.hands == 300 and result.deals == 300 and result.rotations == 1
    assert [p["name"] for p in result.players] == ["station", "ta"]
    assert result.players[0]["chips"] == again.players[0]["chips"]
    assert result.values.shape == (300, 2)
    assert np.all(result.values.sum(axis=1) == 0)
    assert result.players[0]["chips"] == result.values[:, 0].sum()
    # The dealer's log format: every hand a STATE line that replays under the rules.
    hands = list(pa.read_hands(log))
    assert len(hands) == 300
    assert '"players"' in result.to_json()


def test_duplicate_rotations_build_fresh_python_players():
    made = []

    def make():
        made.append(Raiser())
        return made[-1]

    result = pa.play_match(NL2P, [make, "bot:style=station"], hands=50, seed=1, duplicate=True)
    assert result.rotations == 2 and result.hands == 100 and len(made) == 2
    assert all(r.observed > 0 for r in made)


def test_exceptions_in_a_python_player_end_the_match():
    class Broken:
        def act(self, view):
            raise RuntimeError("my bot broke")

    with pytest.raises(RuntimeError, match="my bot broke"):
        pa.play_match(NL2P, [Broken(), "bot:style=station"], hands=1000)

    class Wrong:
        def act(self, view):
            return 42

    with pytest.raises(TypeError, match="act\\(\\) must return an Action"):
        pa.play_match(NL2P, [Wrong(), "bot:style=station"], hands=10)
    with pytest.raises(ValueError, match="unknown"):
        pa.play_match(NL2P, [CallingStation(), "nosuchkind:x=1"], hands=10)


def test_project_players_and_policies_from_python():
    assert {"agent", "bot", "python"} <= set(pa.player_kinds())
    game = pa.Game.load(NL2P)
    bot = pa.Player(game, "bot:style=raiser", seat=1)
    view = pa.MatchState.parse(game, "MATCHSTATE:1:0::|AhAs")
    bot.observe(view)
    action = bot.act(view)
    assert action.kind == "raise"
    with pytest.raises(ValueError, match="not the player to act"):
        bot.act(pa.MatchState.parse(game, "MATCHSTATE:0:0::AhAs|"))
    assert {"fold", "joker", "static"} <= set(pa.policy_names())
    fold = pa.Policy("fold", {"threshold_noise": 0})
    facing = pa.State(game)
    facing.set_hole_cards(1, "7c2d")
    assert fold.decide(facing, equity=0.2) == pa.Action.fold()
    assert fold.decide(facing, equity=0.95).kind == "raise"
    with pytest.raises(ValueError):
        pa.Policy("fold", {"no_such_param": 1})


def test_a_python_bot_behind_the_acpc_dealer(tmp_path):
    dealer = subprocess.Popen(
        [str(program("dealer")), "m", str(GAMES / f"{NL2P}.game"), "50", "7", "py", "station",
         "--bind", "127.0.0.1", "-q", "--start_timeout", "20000"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    bot = None
    try:
        ports = [int(p) for p in dealer.stdout.readline().split()]
        assert len(ports) == 2
        bot = subprocess.Popen([str(program("bot")), "--style", "station", "--game",
                                str(GAMES / f"{NL2P}.game"), "127.0.0.1", str(ports[1])],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        player = Raiser()
        result = {}
        thread = threading.Thread(target=lambda: result.update(
            states=pa.play_acpc_match(NL2P, "127.0.0.1", ports[0], player, silence_timeout=30)))
        thread.start()
        thread.join(60)
        assert not thread.is_alive()
        assert result["states"] > 50 and player.observed == result["states"]
        assert dealer.wait(30) == 0
        hands = list(pa.read_hands(tmp_path / "m.log"))
        assert len(hands) == 50
    finally:
        for process in (dealer, bot):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
