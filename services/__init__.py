"""Use cases, one module each: scan, edit, ratify, missions, naming, seeds. The API's resolvers and the
command line call these; they compose the persistence of ``graphdb`` with the pure rules of ``rooms`` and
the file walk of ``ingest``."""
