"""The reference curation hand (F11 §3): an agent that speaks only GraphQL, like any other agent.

`HandClient` posts documents with its bearer token; `curate(client, mission_id)` claims the mission,
applies the hand's curation batch (`rooms.missions.hand`), asks the pinned runner to name what is still
provisional (`nameWithRunner`), and delivers with a summary letter.
"""

from api.hand.client import HandClient, HandError
from api.hand.flow import HandResult, HandStopped, curate

__all__ = ["HandClient", "HandError", "HandResult", "HandStopped", "curate"]
