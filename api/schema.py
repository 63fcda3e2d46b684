"""What every endpoint shares, written once in the schema (drf-spectacular's postprocessing
hooks; set in SPECTACULAR_SETTINGS): the descriptions of the path parameters, and the 415 of
every operation that takes a body."""

from django.utils.translation import gettext_lazy as _

# By (the path segment before the parameter, its name); a name alone is the fallback.
PATH_PARAMETERS = {
    ("tournaments", "slug"): _("The tournament's slug, as in its public address /t/{slug}/."),
    ("sessions", "number"): _("The session's number in the tournament (1, 2, …)."),
    ("hands", "number"): _("The hand's number on the score sheet (1–16)."),
    ("score-sheets", "sheet_id"): _("The score sheet's id (from GET /api/score-sheets/)."),
    ("appeals", "appeal_id"): _("The appeal's id (from GET /api/tournaments/{slug}/appeals/)."),
    ("jobs", "job_id"): _("The job's id, as returned when the job was queued."),
    ("players", "registration_number"): _("The player's registration number (1, 2, …)."),
    ("reports", "job_id"): _("The print job's id, as returned by POST /api/reports/."),
}


def _description(path: str, name: str) -> str | None:
    segments = path.strip("/").split("/")
    placeholder = "{" + name + "}"
    if placeholder in segments:
        index = segments.index(placeholder)
        if index > 0 and (segments[index - 1], name) in PATH_PARAMETERS:
            return str(PATH_PARAMETERS[segments[index - 1], name])
    return None


def describe_path_parameters(result, generator, request, public):
    """Give every path parameter of the schema its description."""
    for path, operations in result.get("paths", {}).items():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if parameter.get("in") != "path" or parameter.get("description"):
                    continue
                description = _description(path, parameter["name"])
                if description:
                    parameter["description"] = description
    return result


UNSUPPORTED_MEDIA_TYPE = _(
    "The body's `Content-Type` is missing or not one the API reads: send `application/json` "
    "(or a form, `application/x-www-form-urlencoded` or `multipart/form-data`)."
)


def document_unsupported_media_type(result, generator, request, public):
    """Every operation that takes a body answers 415 to a body it cannot read (no
    `Content-Type`, or another type): the parsers refuse it (DEFAULT_PARSER_CLASSES) before the
    view, with the API's error format."""
    if "ErrorList" not in result.get("components", {}).get("schemas", {}):
        return result
    content = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorList"}}}
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if "requestBody" in operation:
                operation["responses"].setdefault(
                    "415", {"content": content, "description": str(UNSUPPORTED_MEDIA_TYPE)}
                )
    return result
