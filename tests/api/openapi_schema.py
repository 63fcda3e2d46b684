"""The OpenAPI schema as /api/schema/ serves it, for the tests of the schema and its fuzzing."""

from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator


def generated_schema() -> tuple[dict, list[str]]:
    """The schema as /api/schema/ serves it, and the warnings and errors of its generation."""
    GENERATOR_STATS.reset()
    with GENERATOR_STATS.silence():
        schema = SchemaGenerator().get_schema(request=None, public=True)
    problems = [*GENERATOR_STATS._warn_cache, *GENERATOR_STATS._error_cache]
    return schema, problems
