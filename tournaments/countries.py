"""Players' federation details: the country as an ISO 3166-1 alpha-2 code (django-countries)
and the EMA number (the European Mahjong Association's player number, 8 digits)."""

import re

from django.utils.translation import gettext as _
from django_countries import countries

EMA_ID = re.compile(r"[0-9]{8}")

# Names the ISO list does not use but organisers type (the ISO names and codes are found by
# django-countries itself). Keys are lower case.
COUNTRY_ALIASES = {
    "chinese taipei": "TW",
    "taiwan": "TW",
    "korea": "KR",
    "south korea": "KR",
    "usa": "US",
    "united states": "US",
    "uk": "GB",
    "great britain": "GB",
    "england": "GB",
    "scotland": "GB",
    "wales": "GB",
    "holland": "NL",
    "the netherlands": "NL",
    "macau": "MO",
    "czech republic": "CZ",
    "russia": "RU",
    "中国": "CN",
    "日本": "JP",
    "香港": "HK",
    "澳门": "MO",
    "台湾": "TW",
    "韩国": "KR",
}


def country_code(text: str) -> str | None:
    """The ISO 3166-1 alpha-2 code of a typed country: a code (alpha-2 or alpha-3, any case),
    its name in English or Spanish, or a common other name (COUNTRY_ALIASES); "" for nothing
    typed; None when it is not recognised."""
    text = (text or "").strip()
    if not text:
        return ""
    if len(text) in (2, 3) and text.isascii():
        code = countries.alpha2(text.upper())
        if code:
            return code
    for language in ("en", "es"):
        code = countries.by_name(text, language=language)
        if code:
            return code
    return COUNTRY_ALIASES.get(text.lower())


def country_problem(text: str) -> str | None:
    """Why a typed country is refused, or None."""
    if country_code(text) is None:
        return _(
            "%(value)s is not a country of ISO 3166-1 (give its two-letter code, e.g. ES)."
        ) % {"value": text}
    return None


def ema_id_problem(value: str) -> str | None:
    """Why a typed EMA number is refused, or None (empty: the player has none)."""
    if value and not EMA_ID.fullmatch(value):
        return _("%(value)s is not an EMA number: it has 8 digits, e.g. 04290012.") % {
            "value": value
        }
    return None
