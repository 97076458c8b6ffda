"""Medians, targets met or missed, and the machine's load, as every table of the bench prints them."""

from __future__ import annotations

import os
import statistics
from collections.abc import Iterable


def median(values: Iterable[float]) -> float:
    """The median; of an even count, the lower middle one (a run that happened, as bench/ingest does)."""
    return statistics.median_low(values)


def verdict(value: float, target: float) -> str:
    """``met`` when ``value`` is at most ``target``."""
    return "met" if value <= target else "MISSED"


def mb(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def load() -> float:
    """The 1-minute load average: other work on the machine skews every figure."""
    return os.getloadavg()[0]


def load_line() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"
