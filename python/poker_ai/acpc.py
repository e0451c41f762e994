"""A Python player connected to an ACPC dealer: the socket here, the protocol in C++."""

import socket
import time

from ._core import AcpcSession, Game, PokerError

__all__ = ["play_acpc_match"]


def play_acpc_match(game, host, port, player, connect_timeout=2.0, silence_timeout=None,
                    warn=None):
    """Plays a match for `player` through the ACPC dealer at host:port.

    Connects (retrying a refused connection for `connect_timeout` seconds, as the dealer may
    not listen yet), sends VERSION:2.0.0, hands every MATCHSTATE to `player` (an object with
    act(view) -> Action or protocol text, and optionally observe(view)) through the C++
    AcpcSession, and replies when it is the player's turn. Returns the number of states seen
    when the dealer closes the connection after a finished hand. Raises PokerError when the
    connection is lost mid-hand or before the first state, or when nothing arrives for
    `silence_timeout` seconds (None: wait forever); the player's own exceptions propagate.
    `warn`, if given, is called with a message for each malformed line skipped.
    """
    if not isinstance(game, Game):
        game = Game.load(str(game))
    session = AcpcSession(game, player)
    deadline = time.monotonic() + connect_timeout
    while True:
        try:
            sock = socket.create_connection((host, port), timeout=connect_timeout)
            break
        except ConnectionRefusedError:
            if time.monotonic() >= deadline:
                raise PokerError(f"cannot connect to the dealer at {host}:{port}: refused")
            time.sleep(0.05)
        except OSError as error:
            raise PokerError(f"cannot connect to the dealer at {host}:{port}: {error}") from error
    with sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.settimeout(silence_timeout)
        sock.sendall(b"VERSION:2.0.0\r\n")
        pending = b""
        while True:
            try:
                data = sock.recv(65536)
            except socket.timeout as error:
                raise PokerError(f"the dealer at {host}:{port} sent nothing for "
                                 f"{silence_timeout} s") from error
            if not data:
                break
            pending += data
            *lines, pending = pending.split(b"\n")
            for line in lines:
                reply = session.handle_line(line.decode("latin-1"))
                if reply:
                    sock.sendall(reply.encode("latin-1"))
            if warn is not None:
                for message in session.take_warnings():
                    warn(message)
    if session.states_seen == 0 or session.mid_hand:
        raise PokerError(f"the dealer at {host}:{port} closed the connection "
                         + ("before the first state" if session.states_seen == 0
                            else "in the middle of a hand"))
    return session.states_seen
