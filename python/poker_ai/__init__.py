"""poker_ai: the project's poker libraries from Python, at C++ speed.

Cards and the hand evaluator (one hand, or numpy batches), hand strength, ranges and equity;
games and states under the ACPC rules, MATCHSTATE and STATE lines; ACPC match logs and their
statistics; opponent models (train, load, save, merge, inspect) and hand reading; solver
strategies; players: Python bots in the in-process arena against the project's bots, the
blueprints and the agent, or connected to an ACPC dealer. docs/python.md is the manual.

Errors raise PokerError (or its subclasses InvalidArgumentError, a ValueError, and
NotFoundError, a FileNotFoundError) with the library's message.
"""

from ._core import *  # noqa: F401,F403  (the extension module's classes and functions)
from ._core import __doc__ as _core_doc  # noqa: F401
from .acpc import play_acpc_match  # noqa: F401

__version__ = "0.1.0"
