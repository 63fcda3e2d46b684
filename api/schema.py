"""What every endpoint shares, written once in the schema (drf-spectacular's postprocessing
hooks; set in SPECTACULAR_SETTINGS): the descriptions of the path parameters, the 415 of
every operation that takes a body, and the 414 and 431 of every operation (a request line or
headers past the web server's limits)."""

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


# What gunicorn reads of a request before Django sees it; it answers a longer request line
# (method, address, query string) 414 and a longer header line, or more header lines, 431,
# whatever the operation. deploy/gunicorn.conf.py sets its `limit_request_line`,
# `limit_request_field_size` and `limit_request_fields` to these (tests/deploy check that the
# two files agree).
REQUEST_LINE_LIMIT = 4094
HEADER_LINE_LIMIT = 8190
HEADER_COUNT_LIMIT = 100

REQUEST_LINE_TOO_LONG = _(
    "The request line (method, address and query string) is longer than the web server reads "
    "(%(limit)s bytes): it answers with a short text page before the API sees the request. "
    "Shorten the query."
)
HEADERS_TOO_LARGE = _(
    "A header line is longer than the web server reads (%(size)s bytes), or the request has "
    "more than %(count)s headers: it answers with a short text page before the API sees the "
    "request."
)


def document_web_server_refusals(result, generator, request, public):
    """Every operation may answer 414 and 431: the web server (gunicorn) refuses a request line
    or headers past its limits before the request reaches the API, whatever the operation."""
    too_long = str(REQUEST_LINE_TOO_LONG) % {"limit": REQUEST_LINE_LIMIT}
    too_large = str(HEADERS_TOO_LARGE) % {"size": HEADER_LINE_LIMIT, "count": HEADER_COUNT_LIMIT}
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            operation["responses"].setdefault("414", {"description": too_long})
            operation["responses"].setdefault("431", {"description": too_large})
    return result
