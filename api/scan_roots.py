"""Which directories a scan may read: only paths inside the configured roots.

The check works on fully resolved paths, so ``..`` segments and symbolic links that lead out of a
root are refused like any absolute path elsewhere.
"""

from __future__ import annotations

from pathlib import Path

from rooms.contract import ErrorCode


class PathRefused(ValueError):
    code = ErrorCode.INVALID_PATH


def resolve_scan_path(requested: str, roots: list[Path]) -> Path:
    """The resolved directory to scan: absolute, or relative to the first root; inside some root."""
    if not requested or "\x00" in requested:
        raise PathRefused("an empty path or one with a NUL character is not a directory")
    resolved_roots = [root.resolve() for root in roots]
    if not resolved_roots:
        raise PathRefused("this server has no scan roots configured")
    candidate = Path(requested).expanduser()
    if not candidate.is_absolute():
        candidate = resolved_roots[0] / candidate
    target = candidate.resolve()
    if not any(target == root or target.is_relative_to(root) for root in resolved_roots):
        raise PathRefused(f"{requested!r} is outside the directories this server may scan")
    if not target.is_dir():
        raise PathRefused(f"{requested!r} is not a directory")
    return target
