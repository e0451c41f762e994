"""Cards, the evaluator (one hand and numpy batches), hand strength, ranges and equity."""

import numpy as np
import pytest

import poker_ai as pa


def test_cards_parse_and_format():
    assert pa.parse_card("Ah") == 50
    assert pa.parse_card("2c") == 0
    assert pa.parse_card("td") == 33
    assert pa.parse_cards("AhKs7d") == [50, 47, 21]
    assert pa.parse_cards("Ah Ks, 7d") == [50, 47, 21]
    assert pa.card_str(50) == "Ah"
    assert pa.card_str(99) == "??"
    assert pa.cards_str([50, 47]) == "AhKs"
    assert pa.cards_str("7d2c") == "7d2c"


def test_bad_card_is_a_value_error_with_the_library_message():
    with pytest.raises(pa.InvalidArgumentError) as info:
        pa.parse_card("Xh")
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, pa.PokerError)
    assert info.value.code == "INVALID_ARGUMENT"
    assert "Xh" in str(info.value)
    with pytest.raises(ValueError, match="out of range"):
        pa.evaluate([0, 1, 2, 3, 60])


def test_pairs_round_trip():
    assert pa.NUM_PAIRS == 1326
    for index in range(pa.NUM_PAIRS):
        low, high = pa.pair_cards(index)
        assert low < high
        assert pa.pair_index((high, low)) == index
    # b * (b - 1) / 2 + a for cards a < b: AhAs is 51 * 50 / 2 + 50.
    assert pa.pair_index("AhAs") == 51 * 50 // 2 + 50
    assert pa.pair_str(pa.pair_index("KsAh")) == "AhKs"
    with pytest.raises(ValueError):
        pa.pair_index("AhAh")


def test_evaluate_orders_hands():
    royal = pa.evaluate("AsKsQsJsTs")
    quads = pa.evaluate("AcAdAhAs2c")
    pair = pa.evaluate("AcAd7h5s2c9d3h")
    assert royal > quads > pair
    assert pa.hand_category(royal) == "straight flush"
    assert pa.hand_category(quads) == "four of a kind"
    assert pa.hand_category(pair) == "one pair"
    # The best five of seven: the wheel straight with two kickers that do not play.
    assert pa.evaluate("Ac2d3h4s5cKdQh") == pa.evaluate("Ac2d3h4s5c")


def test_evaluate_batch_equals_one_by_one():
    hands = pa.random_deals(5000, 7, seed=3)
    assert hands.shape == (5000, 7) and hands.dtype == np.uint8
    ranks = pa.evaluate_batch(hands)
    assert ranks.dtype == np.uint16 and ranks.shape == (5000,)
    assert [int(r) for r in ranks[:200]] == [pa.evaluate(h.tolist()) for h in hands[:200]]
    # Other integer types are converted; a flat array of 7 cards a hand is read the same.
    assert np.array_equal(pa.evaluate_batch(hands.astype(np.int64)), ranks)
    assert np.array_equal(pa.evaluate_batch(hands.reshape(-1)), ranks)
    out = np.zeros(5000, dtype=np.uint16)
    assert pa.evaluate_batch(hands, out=out) is not None
    assert np.array_equal(out, ranks)


def test_evaluate_batch_names_the_bad_hand():
    hands = pa.random_deals(3000, 7, seed=4)
    hands[2047, 3] = hands[2047, 0]
    with pytest.raises(pa.InvalidArgumentError, match="hand 2047 "):
        pa.evaluate_batch(hands)
    hands = pa.random_deals(10, 7, seed=4)
    hands[9, 6] = 52
    with pytest.raises(ValueError, match="hand 9 "):
        pa.evaluate_batch(hands)
    with pytest.raises(ValueError, match="shape"):
        pa.evaluate_batch(np.zeros((4, 6), dtype=np.uint8))


def test_random_deals_repeat_for_a_seed():
    a = pa.random_deals(100, 9, seed=77)
    b = pa.random_deals(100, 9, seed=77)
    assert np.array_equal(a, b)
    assert not np.array_equal(a, pa.random_deals(100, 9, seed=78))
    assert all(len(set(row.tolist())) == 9 for row in a)


def test_hand_strength_golden_values():
    # The C++ tests' board 2c 3d 8h 9s Kc: top set is never behind; 9-9 loses to the three K-K.
    board = "2c3d8h9sKc"
    assert pa.strength_counts("KhKs", board) == (990, 0, 0)
    assert pa.strength_counts("9c9d", board) == (987, 0, 3)
    assert pa.hand_strength("9c9d", board) == 987 / 990
    assert pa.hand_strength("2c3d", "AsKsQsJsTs") == 0.5
    assert pa.preflop_equity("AhAs") == pytest.approx(0.8520, abs=5e-5)
    assert pa.preflop_equity("7c2d") == pytest.approx(0.3458, abs=5e-5)
    assert pa.hand_strength("AdAc", "") == pa.preflop_equity("AhAs")
    assert pa.starting_hand_class_name(pa.starting_hand_class("KhAh")) == "AKs"
    assert pa.starting_hand_class("2c2d") == 0
    assert pa.starting_hand_class("AcAd") == 12


def test_all_pairs_hand_strength_matches_one_by_one():
    board = "Td9s8h"
    hs = pa.all_pairs_hand_strength(board)
    assert hs.shape == (1326,) and hs.dtype == np.float32
    assert hs[pa.pair_index("TcTs")] == pytest.approx(pa.hand_strength("TcTs", board), abs=1e-6)
    assert hs[pa.pair_index("2c3c")] == pytest.approx(pa.hand_strength("2c3c", board), abs=1e-6)
    assert hs[pa.pair_index("Td2c")] == -1
    outs = pa.all_pairs_outs(board)
    assert outs[pa.pair_index("2c3c")] == pa.count_outs("2c3c", board)


def test_weighted_hand_strength_and_potential():
    weights = np.zeros(1326, dtype=np.float32)
    weights[pa.pair_index("KdKh")] = 1
    weights[pa.pair_index("7c7d")] = 3
    # 9-9 on 2c 3d 8h 9s Kc beats 7-7 (weight 3), loses to K-K (weight 1).
    assert pa.strength_counts("9c9d", "2c3d8h9sKc", weights) == (3, 0, 1)
    assert pa.hand_strength("9c9d", "2c3d8h9sKc", pa.Range(weights)) == 0.75
    p = pa.hand_potential("9h8h", "2h5hKc")
    assert 0 < p["hs"] < p["ehs"] < 1 and p["ppot"] > 0
    assert pa.count_outs("9h8h", "2h5hKc") == 15
    assert pa.hit_probability(9, 2, 47) == pytest.approx(1 - (38 * 37) / (47 * 46))


def test_range_text_weights_and_views():
    r = pa.Range("AA, KK:0.5, AKs, 7h2c")
    assert r.num_positive() == 6 + 6 + 4 + 1
    assert r.total() == pytest.approx(6 + 3 + 4 + 1)
    assert r.weights[pa.pair_index("KdKh")] == 0.5
    r.weights[pa.pair_index("7h2c")] = 2  # the view writes into the range
    assert r.total() == pytest.approx(15)
    r.remove_conflicts("As")
    assert r.weights[pa.pair_index("AsAh")] == 0
    assert r.normalize() and r.total() == pytest.approx(1)
    assert r.top(1)[0][0] == "7h2c"
    assert r.class_weights().shape == (169,)
    both = pa.Range("AK")
    assert both.num_positive() == 16
    with pytest.raises(ValueError, match="neither a starting hand"):
        pa.Range("AAA")
    assert pa.Range().num_positive() == 1326


def test_equity_golden_values():
    # Aces against kings of the two other suits: 1,388,072 wins and 6,538 ties of 1,712,304
    # boards (the C++ test's exact figure).
    exact = (1388072 + 6538 / 2) / 1712304
    mc = pa.equity("AhAs", "", pa.Range("KdKc"), trials=400_000, seed=11)
    assert mc.trials == 400_000 and not mc.exact
    assert abs(mc.equity - exact) < 3 * mc.std_error
    # A royal flush on the board: three players split three ways; heads-up exactly half.
    three = pa.equity("2c3d", "AsKsQsJsTs", 2)
    assert three.equity == pytest.approx(1 / 3, rel=1e-15) and three.std_error == 0
    two = pa.equity("2c3d", "AsKsQsJsTs", 1)
    assert two.exact and two.equity == 0.5 and two.trials == 990
    # The same seed, the same estimate; another seed, another.
    a = pa.equity("Th9h", "", [pa.Range(), pa.Range()], trials=20_000, seed=5)
    b = pa.equity("Th9h", "", 2, trials=20_000, seed=5)
    c = pa.equity("Th9h", "", 2, trials=20_000, seed=6)
    assert a.equity == b.equity != c.equity
    calculator = pa.EquityCalculator()
    assert calculator.compute("Th9h", "", 2, trials=20_000, seed=5).equity == a.equity


def test_equity_exact_on_the_river_is_the_weighted_hand_strength():
    villain = pa.Range("KK, 77, 22:0.5")
    r = pa.equity("9c9d", "2c3d8h9sKc", villain)
    assert r.exact
    assert r.equity == pytest.approx(pa.hand_strength("9c9d", "2c3d8h9sKc", villain), abs=1e-12)


def test_equity_rejects_bad_input():
    with pytest.raises(ValueError):
        pa.equity("AhAh", "", 1)
    with pytest.raises(ValueError):
        pa.equity("AhKs", "Ah2c3d", 1)
    with pytest.raises(ValueError):
        pa.equity("AhKs", "", 1, trials=0)


def test_uniform_equity_in_other_games():
    kuhn = pa.Game.load("kuhn.limit.2p")
    # Kuhn (cards Qs Ks As): the ace beats both other cards.
    ace = pa.uniform_equity(kuhn, "As", "", 1)  # the highest card of the deck
    assert ace.exact and ace.equity == 1.0
