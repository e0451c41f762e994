"""Train an opponent model from logs, then read a player's range on a real hand.

Uses the DeepStack match log of ../shared when it is there; otherwise it first plays a small
corpus of bot matches in the arena and trains on that.
Run: PYTHONPATH=build/python python3 examples/python/read_a_range.py
"""

import os
import pathlib

import numpy as np

import poker_ai as pa

GAME = "holdem.nolimit.2p.reverse_blinds"
root = pathlib.Path(__file__).resolve().parents[2]
shared_log = pathlib.Path(os.environ.get("POKER_SHARED_DIR", root.parent / "shared")) / "data/logs/deepstack_ifp"

if shared_log.exists():
    logs = [str(shared_log)]
else:
    logs = []
    for style in ("la", "tp"):
        path = f"corpus_ta_{style}.log"
        pa.play_match(GAME, ["bot:style=ta", f"bot:style={style}"], names=["ta", style],
                      hands=3000, seed=len(logs), log_path=path)
        logs.append(path)

model = pa.train_model(logs, GAME, threads=2, strip_name_suffix=True)
print(f"trained on {model.train_summary.hands} hands: {len(model.player_names)} players")

# A hand that went to the river, read as a spectator with each player's own model.
hand = next(h for h in pa.read_hands(logs, game=GAME, strip_name_suffix=True)
            if h.state.round == 3 and len(h.actions) >= 6)
print("hand:", hand.to_line())
reader = pa.HandReader(GAME, model)
ranges = reader.read(hand.state, observer=-1, names=hand.names)
for position, name in enumerate(hand.names):
    weights = ranges[position]
    top = np.argsort(weights)[::-1][:5]
    held = pa.pair_index(hand.state.hole_cards(position))
    rank = int((weights > weights[held]).sum()) + 1
    print(f"{name}: top pairs " + ", ".join(f"{pa.pair_str(i)} {weights[i]:.3f}" for i in top)
          + f"; held {pa.pair_str(held)} ranks {rank} of {int((weights > 0).sum())}")
    assert abs(weights.sum() - 1) < 1e-4
