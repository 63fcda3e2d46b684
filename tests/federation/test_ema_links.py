"""The EMA results are offered on the tournament's admin page and on its Print forms page,
and both endpoints are in the OpenAPI schema."""

import pytest
from django.urls import reverse

from tests.api.openapi_schema import generated_schema
from tournaments.roles import Role

pytestmark = pytest.mark.django_db
LINKS = {
    "export-ema-csv": "/api/tournaments/ema-open/exports/ema.csv",
    "export-ema-xlsx": "/api/tournaments/ema-open/exports/ema.xlsx",
}


@pytest.mark.parametrize(
    "page", ["admin:tournaments_tournament_change", "admin:tournaments_tournament_print_forms"]
)
def test_the_admin_and_the_print_forms_page_offer_both_downloads(
    ema_played, client, make_staff, page
):
    client.force_login(make_staff("organiser", Role.ORGANISER))
    response = client.get(reverse(page, args=[ema_played.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    for element, address in LINKS.items():
        assert f'id="{element}" href="{address}"' in html or (
            f'href="{address}" id="{element}"' in html
        ), element
    assert "EMA results (CSV)" in html and "EMA results (Excel)" in html


def test_a_link_followed_from_the_admin_downloads_the_file(ema_played, client, make_staff):
    client.force_login(make_staff("chief", Role.CHIEF_UMPIRE))  # the admin's session login
    for address in LINKS.values():
        response = client.get(address)
        assert response.status_code == 200 and "attachment" in response["Content-Disposition"]


def test_both_endpoints_are_in_the_schema_with_their_file_types_and_refusals():
    schema, problems = generated_schema()
    assert problems == []
    base = "/api/tournaments/{slug}/exports/"
    csv_get = schema["paths"][base + "ema.csv"]["get"]
    xlsx_get = schema["paths"][base + "ema.xlsx"]["get"]
    assert csv_get["operationId"] == "tournament_export_ema_csv"
    assert xlsx_get["operationId"] == "tournament_export_ema_xlsx"
    assert "text/csv" in csv_get["responses"]["200"]["content"]
    assert (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        in xlsx_get["responses"]["200"]["content"]
    )
    for operation in (csv_get, xlsx_get):
        assert {"401", "403", "404"} <= set(operation["responses"])
