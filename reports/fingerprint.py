"""Tamper evidence for printed forms: a short fingerprint of a form's content.

The fingerprint is an HMAC (SHA-256, keyed with the server's secret key) of the canonical JSON
of exactly what the form prints, cut to 60 bits and written as three groups of four base-32
characters. Nobody without the key can make a fingerprint for altered figures, and the server
can always recompute the current one: the verification page compares the two.
"""

import base64
import hashlib
import hmac
import json
from collections.abc import Iterable

from django.conf import settings
from django.urls import reverse

from reports.models import PrintRecord

_LENGTH = 12  # base-32 characters: 60 bits
# Base 32 has no 0, 1 nor 8: read off paper, they are the O, I and B they look like.
_MISREAD = str.maketrans("018", "OIB")


def content_fingerprint(payload: dict) -> str:
    canonical = json.dumps(
        payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
    )
    key = hashlib.sha256(("mcr-print-fingerprint:" + settings.SECRET_KEY).encode()).digest()
    digest = hmac.new(key, canonical.encode("utf-8"), hashlib.sha256).digest()
    code = base64.b32encode(digest).decode("ascii")[:_LENGTH]
    return "-".join(code[i : i + 4] for i in range(0, _LENGTH, 4))


def normalise(text: str) -> str:
    """A fingerprint as typed by someone reading the paper: any case, spaces or dashes, and
    0, 1 or 8 typed for the O, I or B they look like (base 32 has none of those digits)."""
    code = "".join(c for c in text.upper() if c.isalnum()).translate(_MISREAD)
    if len(code) != _LENGTH:
        return ""
    return "-".join(code[i : i + 4] for i in range(0, _LENGTH, 4))


def verify_url(fingerprint: str) -> str:
    path = reverse("verify-print", args=[fingerprint.replace("-", "")])
    return settings.SITE_URL.rstrip("/") + path


def stamp_many(
    payloads: Iterable[dict],
    *,
    kind: str,
    tournament_id: int,
    table_session_ids: Iterable[int | None] | None = None,
    params: dict | None = None,
    user=None,
) -> list[dict]:
    """The payloads with their "fingerprint" and "verify_url", each printed version recorded
    (once: the same content has the same fingerprint)."""
    payloads = list(payloads)
    sheet_ids = list(table_session_ids) if table_session_ids is not None else [None] * len(payloads)
    stamped, records = [], []
    for payload, sheet_id in zip(payloads, sheet_ids, strict=True):
        fingerprint = content_fingerprint(payload)
        stamped.append(
            {**payload, "fingerprint": fingerprint, "verify_url": verify_url(fingerprint)}
        )
        records.append(
            PrintRecord(
                fingerprint=fingerprint,
                kind=kind,
                tournament_id=tournament_id,
                table_session_id=sheet_id,
                params=params or {},
                printed_by=user if getattr(user, "is_authenticated", False) else None,
            )
        )
    PrintRecord.objects.bulk_create(records, ignore_conflicts=True)
    return stamped


def stamp(payload: dict, *, kind: str, tournament_id: int, table_session_id=None, **options):
    return stamp_many(
        [payload],
        kind=kind,
        tournament_id=tournament_id,
        table_session_ids=[table_session_id],
        **options,
    )[0]
