"""Games and states: game files, the rules engine, MATCHSTATE and STATE lines, the deal."""

import copy

import pytest

import poker_ai as pa
from conftest import GAMES, NL2P, shared


def test_game_by_name_and_path():
    game = pa.Game.load(NL2P)
    assert game == pa.Game.load(str(GAMES / f"{NL2P}.game"))
    assert game.name == f"{NL2P}.game"
    assert game.num_players == 2 and game.num_rounds == 4
    assert game.is_no_limit and game.betting == "nolimit"
    assert game.stacks == [20000, 20000]
    assert game.blinds == [100, 50]
    assert game.big_blind == 100
    assert game.first_player == [1, 0, 0, 0]
    assert game.num_board_cards == [0, 3, 1, 1]
    assert game.is_holdem_cards
    assert pa.Game.parse(game.to_text()) == game
    limit = pa.Game.load("holdem.limit.2p.reverse_blinds")
    assert limit.betting == "limit" and limit.raise_sizes == [10, 10, 20, 20]


def test_game_errors_name_the_file_and_field():
    with pytest.raises(pa.NotFoundError, match="no_such_game"):
        pa.Game.load("no_such_game")
    with pytest.raises(FileNotFoundError):
        pa.Game.load("no_such_game")
    with pytest.raises(ValueError, match="mine.game:2"):
        pa.Game.parse("GAMEDEF\nnumPlayers = x\nEND GAMEDEF\n", "mine.game")


def test_state_legal_actions_pot_and_stacks():
    s = pa.State(NL2P, 7)
    assert s.hand_number == 7 and s.round == 0
    assert s.current_player == 1  # the small blind acts first preflop
    assert s.pot == 150 and s.spent == [100, 50] and s.stacks == [19900, 19950]
    assert s.amount_to_call == 50
    assert s.raise_range == (200, 20000)
    assert [str(a) for a in s.legal_actions()] == ["f", "c", "r200", "r20000"]
    s.apply("r300")
    s.apply(pa.Action.call())
    assert s.round == 1 and s.pot == 600 and s.betting == "r300c/"
    with pytest.raises(pa.InvalidArgumentError, match="raise"):
        s.apply(pa.Action.raise_to(350))  # below the minimum raise
    assert s.betting == "r300c/"  # unchanged
    assert not s.can_fold  # nothing to call
    assert s.normalize(pa.Action.fold()) == pa.Action.call()
    assert s.history == [(0, 1, pa.Action.raise_to(300)), (0, 0, pa.Action.call())]
    t = copy.copy(s)
    t.apply("c")
    assert s.betting == "r300c/" and t.betting == "r300c/c"


def test_state_values_at_a_showdown():
    s = pa.State(NL2P)
    s.apply_betting("r20000c///")
    assert s.finished and s.is_showdown
    s.apply_cards("AhAs|KdKc/2c3d4h/9s/Tc")
    assert s.hole_cards(0) == [50, 51] and s.board == pa.parse_cards("2c3d4h9sTc")
    assert s.values() == [20000, -20000]
    unknown = pa.State(NL2P)
    unknown.apply_betting("r20000c///")
    with pytest.raises(pa.PokerError):
        unknown.values()


def test_match_state_round_trip():
    line = "MATCHSTATE:0:31:r300c/cr900:TdTs|/2h7c9s"
    view = pa.MatchState.parse(NL2P, line)
    assert view.viewer == 0 and view.to_line() == line and str(view) == line
    assert view.hole_cards() == pa.parse_cards("TdTs")
    assert view.state.round == 1 and view.is_my_turn  # the flop: 0 checked, 1 bet, 0 to act
    assert view.state.hole_cards(1) == [None, None]
    with pytest.raises(ValueError):
        pa.MatchState.parse(NL2P, "MATCHSTATE:1:31:r300c/cr900:|TdTs")


def test_reference_log_lines_and_deal_are_golden():
    # Every STATE line of the ACPC dealer's reference log parses, replays under the rules,
    # formats back to the same bytes, and holds the cards the seed deals.
    path = shared("reference_logs/nl2p.log")
    lines = path.read_text().splitlines()
    header = lines[0].split()
    game = pa.Game.load(header[3].removesuffix(".game"))
    dealer = pa.Dealer(game, int(header[5]))
    hands = 0
    for text in lines:
        if not text.startswith("STATE:"):
            continue
        log = pa.LogLine.parse(game, text)
        assert log.to_line() == text
        dealt = dealer.deal_next()
        assert dealt.hand_number == log.state.hand_number == hands
        assert [dealt.hole_cards(p) for p in (0, 1)] == [log.state.hole_cards(p) for p in (0, 1)]
        assert sum(log.values) == 0
        hands += 1
    assert hands == 1000


def test_kuhn_states():
    kuhn = pa.Game.load("kuhn.limit.2p")
    s = pa.State(kuhn)
    assert [str(a) for a in s.legal_actions()] == ["c", "r2"]
    assert s.action_text(pa.Action.raise_to(2)) == "r"
    s.apply(s.parse_action("r"))
    s.apply("f")
    assert s.finished and s.values() == [1, -1]  # position 0 acts first and bets; 1 folds
