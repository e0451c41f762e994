"""A bot in Python, played 1,000 hands against the agent in the in-process arena.

Run: PYTHONPATH=build/python python3 examples/python/python_bot.py
"""

import poker_ai as pa


class PotOddsBot:
    """Calls when its equity against a random hand beats the pot odds; bets the pot when strong."""

    def act(self, view):
        state = view.state
        equity = pa.equity(view.hole_cards(), state.board, 1, trials=2000,
                           seed=state.hand_number).equity  # exact after the flop
        if state.can_raise and equity > 0.75:
            low, high = state.raise_range
            return pa.Action.raise_to(min(high, max(low, state.max_spent + state.pot)))
        to_call = state.amount_to_call
        if to_call == 0 or equity > to_call / (state.pot + to_call):
            return pa.Action.call()
        return pa.Action.fold()


result = pa.play_match("holdem.nolimit.2p.reverse_blinds", [PotOddsBot(), "agent"],
                       names=["python", "agent"], hands=1000, seed=1)
for seat in result.players:
    print(f"{seat['name']}: {seat['mbb_per_hand']:+.1f} +- {seat['ci95']:.1f} mbb/hand")
print(f"{result.hands} hands in {result.seconds:.1f} s")
