"""The OpenAPI schema: drf-spectacular generates it without a warning, it is a valid OpenAPI 3
document, every operation documents its errors, fields and parameters, and it is served.
Fuzzing it is tests/api/test_schema_fuzzing.py."""

from drf_spectacular.validation import validate_schema

from tests.api.openapi_schema import generated_schema


def test_the_schema_is_generated_without_a_warning_and_is_valid_openapi():
    schema, problems = generated_schema()
    assert problems == []
    validate_schema(schema)  # raises on an invalid OpenAPI 3 document


def test_every_operation_documents_its_errors_and_fields():
    schema, _problems = generated_schema()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            name = f"{method.upper()} {path}"
            assert operation.get("operationId"), name
            assert operation.get("description") or operation.get("summary"), name
            if path != "/api/auth/token/":
                assert "401" in operation["responses"], name
    undocumented = [
        f"{component}.{field}"
        for component, definition in schema["components"]["schemas"].items()
        for field, spec in definition.get("properties", {}).items()
        if not documented(spec)
    ]
    assert undocumented == [], "\n".join(undocumented)


def test_every_parameter_is_described():
    schema, _problems = generated_schema()
    undescribed = [
        f"{method.upper()} {path}: {parameter['name']}"
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        for parameter in operation.get("parameters", [])
        if not parameter.get("description")
    ]
    assert undescribed == [], "\n".join(undescribed)


def documented(spec: dict) -> bool:
    """A field has a description, or is an object (or a list of objects) described apart."""
    if spec.get("description") or "$ref" in spec or "allOf" in spec:
        return True
    return spec.get("type") == "array" and "$ref" in spec.get("items", {})


def test_the_schema_is_served(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    assert response.json()["openapi"].startswith("3.")
