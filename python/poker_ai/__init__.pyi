from ._core import *
from ._core import (
    PokerError as PokerError, InvalidArgumentError as InvalidArgumentError,
    NotFoundError as NotFoundError,
)
from .acpc import play_acpc_match as play_acpc_match

__version__: str
