"""A serializer's output, written by its own fields made once, not once per request.

DRF builds a serializer's fields anew for every instance it makes (a deep copy of the
declared fields, for every nested serializer): for the score sheet, read by every umpire
before every hand, that was a quarter of the request. `output_of(SerializerClass)` walks the
declared fields once and returns a function that turns a dict (the shape our views build)
into exactly what `SerializerClass(data).data` gives, with the same fields' own
`to_representation` (dates in the current time zone, floats as floats...).
tests/api/test_fast_output.py compares both on every kind of sheet.

It knows what our output serializers use: plain fields, nested serializers, `many=True` and
DictField. Anything else (a method field, a dotted source) is refused when it is built.
"""

from collections.abc import Callable
from functools import cache

from rest_framework import serializers
from rest_framework.fields import empty


def _converter(field) -> Callable:
    """value (not None) → its representation."""
    if isinstance(field, serializers.ListSerializer):
        child = _converter(field.child)
        return lambda values: [child(value) for value in values]
    if isinstance(field, serializers.Serializer):
        return _writer(field)
    if isinstance(field, serializers.DictField):
        child = _converter(field.child)
        return lambda values: {str(key): child(value) for key, value in values.items()}
    if isinstance(field, serializers.SerializerMethodField) or "." in (field.source or ""):
        raise TypeError(f"{field!r} is not one output_of handles")
    return field.to_representation


def _missing(field) -> Callable[[], object]:
    """What DRF does when the key is missing (Field.get_attribute): the default, else None
    for a nullable field, else leave it out of an optional one; a required one is an error."""
    if field.default is not empty:
        return field.get_default
    if field.allow_null:
        return lambda: None
    if not field.required:
        return lambda: _LEAVE_OUT
    return None


_LEAVE_OUT = object()


def _writer(serializer: serializers.Serializer) -> Callable[[dict], dict]:
    steps = []
    for name, field in serializer.fields.items():
        if field.write_only:
            continue
        if field.source == "*":
            raise TypeError(f"{name}: source='*' is not one output_of handles")
        steps.append((name, field.source or name, _converter(field), _missing(field)))

    def write(instance: dict) -> dict:
        out = {}
        for name, key, convert, missing in steps:
            try:
                value = instance[key]
            except KeyError:
                if missing is None:
                    raise
                value = missing()
                if value is _LEAVE_OUT:
                    continue
            out[name] = None if value is None else convert(value)
        return out

    return write


@cache
def output_of(serializer_class: type[serializers.Serializer]) -> Callable[[dict], dict]:
    """The function giving `serializer_class(data).data` for a dict `data`."""
    return _writer(serializer_class())
