"""Equity of a hand against a weighted range, exact on the flop and by Monte Carlo preflop.

Run: PYTHONPATH=build/python python3 examples/python/equity_of_a_range.py
"""

import poker_ai as pa

# A range as text: starting hands ('QQ', 'AKs', 'AK' for both) or two cards, with weights.
villain = pa.Range("QQ, JJ, TT:0.5, AK, AQs, KQs:0.5, JTs")
hero = "AhKh"

# On the flop heads-up, enumeration is cheap: the exact equity.
flop = pa.equity(hero, "Qh7h2c", villain)
print(f"{hero} on Qh7h2c against {villain.num_positive()} pairs: "
      f"{flop.equity:.4f} (exact: {flop.exact}, {flop.trials} combinations)")

# Preflop, Monte Carlo with a seed (the same seed always gives the same estimate).
pre = pa.equity(hero, "", villain, trials=200_000, seed=7)
print(f"{hero} preflop against the range: {pre.equity:.4f} +- {pre.std_error:.4f}")

# Against the range and a random hand at once (three players).
multi = pa.equity(hero, "", [villain, pa.Range()], trials=200_000, seed=7)
print(f"{hero} preflop three-way: {multi.equity:.4f} +- {multi.std_error:.4f}")

# Where the range's weight lies, after removing the pairs our cards and the board block.
villain.remove_conflicts("AhKhQh7h2c")
print("range on the flop:", villain.summary(3))
assert flop.exact and 0 < flop.equity < 1
