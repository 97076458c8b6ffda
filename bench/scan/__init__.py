"""Scan benchmark: ``python -m bench.scan`` (see ``bench/scan/__main__.py`` and ``bench/scan/README.md``)."""
