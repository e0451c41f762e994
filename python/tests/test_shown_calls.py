"""tools/experiments/shown_calls.py on hand-made gauntlet logs: which continues of the opponent
against SPEC's turn and river bets count, which are weak, and the shrunk share over a match."""

import os
import subprocess
import sys

from conftest import GAMES, NL2P, SOURCE, assert_refuses_bad_logs

SCRIPT = SOURCE / "tools" / "experiments" / "shown_calls.py"


def run(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          env=dict(os.environ))


# The bundled no-limit game: position 0 posts the big blind (100) and acts first after the flop.
# X holds 6d4c (jack high on 2c8d9h Js 3c: weak) or QhQd (strong).
FIRST = "".join([
    # A half-pot river bet called with jack high: counted, weak.
    "STATE:0:cc/cc/cc/r200c:AsKs|6d4c/2c8d9h/Js/3c:200|-200:SPEC|X\n",
    # A pot-size turn bet called with queens: counted, not weak.
    "STATE:1:cc/cc/r300c/cc:AsKs|QhQd/2c8d9h/Js/3c:-300|300:SPEC|X\n",
    # A turn bet of a sixth of the pot: not counted. A flop bet: not counted.
    "STATE:2:r300c/cc/r400c/cc:AsKs|6d4c/2c8d9h/Js/3c:400|-400:SPEC|X\n",
    "STATE:3:cc/r200c/cc/cc:AsKs|6d4c/2c8d9h/Js/3c:200|-200:SPEC|X\n",
    # Folded: no cards shown.
    "STATE:4:cc/cc/cc/r200f:AsKs|6d4c/2c8d9h/Js/3c:100|-100:SPEC|X\n",
    # A river re-raise with jack high: counted, weak.
    "STATE:5:cc/cc/cc/r200r600c:AsKs|6d4c/2c8d9h/Js/3c:600|-600:SPEC|X\n",
])
# The seat rotation (a match of its own): X checks, SPEC bets half the pot, X calls with jack high.
ROTATION = "STATE:0:cc/cc/cc/cr200c:6d4c|AsKs/2c8d9h/Js/3c:-200|200:X|SPEC\n"


def write_gauntlet(folder, first_log=FIRST):
    (folder / "spec").mkdir()
    (folder / "opponents.tsv").write_text("X\teq\tbot:style=ta\n")
    (folder / "spec" / "X.s0.log").write_text(first_log)
    (folder / "spec" / "X.s0.rot1.log").write_text(ROTATION)


def test_counts_weak_share_and_when_it_passed(tmp_path):
    write_gauntlet(tmp_path)
    game = str(GAMES / f"{NL2P}.game")
    result = run("--game", game, "--dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split()[:4] == ["opponent", "kind", "continues", "weak"]
    # 4 continues, 3 weak; the shares at the end of the two matches 2 / (3 + 10) and 1 / (1 + 10),
    # never over 0.3.
    assert lines[1].split() == ["X", "eq", "4", "75%", "0.09", "-", "0.15", "0.15", "0/2", "(-)"]
    # From 0.1: passed in the first match only, at its sixth hand (2 / 13).
    low = run("--game", game, "--dir", str(tmp_path), "--loose", "0.1")
    assert low.returncode == 0, low.stderr
    assert low.stdout.splitlines()[1].split()[-2:] == ["1/2", "(6)"]


def test_bad_input_is_named(tmp_path):
    write_gauntlet(tmp_path, "STATE:0:cc/cc/cc/r200c:AsKs|6d4c/2c8d9h/Js/3c:200|-200:A|X\n")
    assert_refuses_bad_logs(run, tmp_path)
