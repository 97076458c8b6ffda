"""Where `coderooms serve` may listen: a non-loopback bind needs an OWNER token in the database.

Every request needs a bearer token, so a server reachable from other machines while the database holds
no OWNER token yet can serve nobody useful and is a sign of misconfiguration: it refuses to start.
Loopback binds (127.0.0.0/8, ::1, ``localhost``) start as always (the owner link gives the first token).
Pure functions; the CLI feeds them the database's answer.
"""

from __future__ import annotations

import ipaddress

LOOPBACK_NAMES = frozenset({"localhost", "localhost."})


def is_loopback_host(host: str) -> bool:
    """True when ``host`` binds to this machine only: ``localhost``, 127.0.0.0/8, ::1 (also as ``[::1]`` or
    IPv4-mapped). Anything else — a wildcard (``0.0.0.0``, ``::``, empty), an interface address, another
    name — is treated as reachable from elsewhere."""
    name = host.strip().lower()
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    if name in LOOPBACK_NAMES:
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback


def bind_refusal(host: str, owner_tokens: int | None, reason: str = "") -> str | None:
    """None when serving on ``host`` may go ahead; else the message to refuse with.

    ``owner_tokens`` is the number of live OWNER tokens in the database; None when it could not be asked
    (``reason`` says why): a non-loopback bind then refuses too, since nothing shows auth is configured.
    """
    if is_loopback_host(host) or (owner_tokens is not None and owner_tokens > 0):
        return None
    if owner_tokens is None:
        why = f"it cannot check for an OWNER token ({reason or 'the database is unavailable'})"
    else:
        why = "the database holds no OWNER token yet, so nobody could use this server"
    return (
        f"refusing to listen on {host!r}, which is not a loopback address: {why}. Create the owner's token "
        "first (`coderooms token create --seat owner --agent-id YOU`), or listen on 127.0.0.1."
    )
