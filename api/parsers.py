"""The API's parsers (REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]): DRF's JSON, form and
multipart parsers, refusing before any view what would otherwise end as a server error.

- JSON nested more than json_limits.MAX_DEPTH levels is a 400 `too_deep`: Python's decoder
  would exhaust its recursion on it (RecursionError, a 500).
- A NUL character (0x00) anywhere in a body, in a value or a key, is a 400
  `null_characters_not_allowed` naming the field (`hand.concealed`, `drawn_by.0.name`; the
  object holding a key with a NUL): PostgreSQL refuses NUL in text, so it must never reach a
  query. DRF's CharField and django-filter's CharFilter already refuse NUL in their own fields,
  query parameters included; this covers everything else a body holds (the hand's JSON,
  fields looked up by their text, form bodies).
"""

import io

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError, ValidationError

from tournaments import json_limits

NUL = "\x00"


def _refuse_null_character(field: str | None):
    raise ValidationError(
        {field or "non_field_errors": [_("Null characters are not allowed.")]},
        code="null_characters_not_allowed",
    )


def refuse_null_characters(value, field: str | None = None) -> None:
    """ValidationError naming the first field of decoded JSON whose text holds a NUL."""
    if isinstance(value, str):
        if NUL in value:
            _refuse_null_character(field)
    elif isinstance(value, dict):
        for key, item in value.items():
            if NUL in key:
                _refuse_null_character(field)
            refuse_null_characters(item, f"{field}.{key}" if field else key)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            refuse_null_characters(item, f"{field}.{index}" if field else str(index))


def _refuse_null_characters_in_form(data) -> None:
    for key, values in data.lists():
        if NUL in key:
            _refuse_null_character(None)
        for value in values:
            if isinstance(value, str) and NUL in value:
                _refuse_null_character(key)


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        body = stream.read()
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            # Decoded here for the depth only: DRF's parser decodes (and refuses) it again.
            json_limits.check_depth(body.decode(encoding, errors="replace"))
            data = super().parse(io.BytesIO(body), media_type, parser_context)
        except (json_limits.JSONTooDeep, RecursionError):
            raise ParseError(str(json_limits.JSONTooDeep()), code="too_deep") from None
        refuse_null_characters(data)
        return data


class FormParser(parsers.FormParser):
    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        _refuse_null_characters_in_form(data)
        return data


class MultiPartParser(parsers.MultiPartParser):
    def parse(self, stream, media_type=None, parser_context=None):
        parsed = super().parse(stream, media_type, parser_context)
        _refuse_null_characters_in_form(parsed.data)
        for key in parsed.files:
            if NUL in key:
                _refuse_null_character(None)
        return parsed
