"""api.fast_output writes what the serializer writes (the API tests compare both on every
sheet they read: tests/api/conftest.py); here, the cases a sheet may not happen to show."""

import datetime
import json

import pytest
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from api.fast_output import output_of


class Inner(serializers.Serializer):
    at = serializers.DateTimeField()
    points = serializers.FloatField(allow_null=True)


class Outer(serializers.Serializer):
    name = serializers.CharField()
    optional = serializers.CharField(required=False)
    nullable = serializers.CharField(allow_null=True)
    defaulted = serializers.IntegerField(default=7)
    kind = serializers.ChoiceField(choices=[("a", "A"), ("b", "B")])
    inner = Inner()
    many = Inner(many=True)
    deltas = serializers.DictField(child=serializers.IntegerField())


AT = datetime.datetime(2026, 11, 27, 9, 30, 5, 123456, tzinfo=datetime.UTC)


@pytest.mark.parametrize(
    "data",
    [
        {
            "name": 12, "optional": "x", "nullable": None, "defaulted": 3, "kind": "a",
            "inner": {"at": AT, "points": 4}, "many": [{"at": AT, "points": 2.5}],
            "deltas": {1: 3, "B": True}, "ignored": "not declared",
        },
        {  # the optional, nullable and defaulted fields missing
            "name": "n", "kind": "b", "inner": {"at": AT, "points": None}, "many": [],
            "deltas": {},
        },
    ],
)  # fmt: skip
def test_it_writes_the_serializers_json(data, settings):
    settings.TIME_ZONE = "Europe/Madrid"
    assert JSONRenderer().render(output_of(Outer)(data)) == JSONRenderer().render(Outer(data).data)
    assert json.loads(JSONRenderer().render(output_of(Outer)(data)))["inner"]["at"].endswith(
        "+01:00"
    )


def test_a_missing_required_value_is_an_error_as_in_drf():
    with pytest.raises(KeyError):
        output_of(Outer)({"kind": "a"})


def test_a_field_it_does_not_handle_is_refused_when_built():
    class Method(serializers.Serializer):
        value = serializers.SerializerMethodField()

        def get_value(self, obj):
            return 1

    with pytest.raises(TypeError):
        output_of(Method)
