"""Ingest benchmark: ``python -m bench.ingest`` (see ``bench/ingest/__main__.py``)."""
