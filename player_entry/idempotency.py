"""An `Idempotency-Key` sent again: with the same request it is a replay, answered with what
the first one made; with another request under it, a mistake the client must hear of rather
than be told the first record was this one. The IETF draft "The Idempotency-Key HTTP Header
Field" (section 2.7) answers such a reuse 422 Unprocessable Content; so do the phones' queue and
the umpire's (`STATUS_OF_CODE` in player_entry.views).

What tells a replay from a reuse is the request's fingerprint, kept with its record: a hash of
the request as the door validated it (its canonical JSON), so that the same hand written
otherwise (keys in another order, `"8"` for `8`) is the same request. A record kept before
fingerprints were has none, and takes any request under its key as a replay, as it did."""

import hashlib
import json

from django.utils.translation import gettext as _

from tournaments.errors import TournamentError

FINGERPRINT_LENGTH = 64  # a SHA-256 in hexadecimal


class KeyReused(TournamentError):
    """The key made a record of another request (422)."""

    def __init__(self, key: str):
        super().__init__(
            _(
                "The Idempotency-Key %(key)s was already sent with another request: send this "
                "one under a new key."
            )
            % {"key": key},
            code="idempotency_key_reused",
        )


def fingerprint(request_data: dict) -> str:
    """The fingerprint of a request as its door validated it (JSON-serializable values)."""
    canonical = json.dumps(request_data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def check_same_request(*, key: str, kept: str, sent: str) -> None:
    """KeyReused when the record `key` made was of another request than the one sent now
    (`kept` and `sent` their fingerprints; none kept: taken as the same)."""
    if kept and kept != sent:
        raise KeyReused(key)
