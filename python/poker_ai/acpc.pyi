from typing import Any, Callable, Optional, Union

from ._core import Game

def play_acpc_match(game: Union[Game, str], host: str, port: int, player: Any,
                    connect_timeout: float = 2.0, silence_timeout: Optional[float] = None,
                    warn: Optional[Callable[[str], None]] = None) -> int: ...
