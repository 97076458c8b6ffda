"""bench/load: the HTTP API under a mixed read/edit load from a second process (see ``__main__``)."""
