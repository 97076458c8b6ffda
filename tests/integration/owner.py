"""The actor integration tests write as: the owner, named "tests" in the history."""

from graphdb.history import Actor
from rooms.contract import Seat

OWNER = Actor(Seat.OWNER, "tests")
