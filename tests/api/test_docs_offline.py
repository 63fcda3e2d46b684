"""/api/docs/ (Swagger UI) and /api/redoc/ (ReDoc) open in a hall with no internet: every
script, style sheet and icon they load is served by the server itself (issue 29)."""

import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

ASSET = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']""")
LOADED_BY_SCRIPT = re.compile(r"""["']([^"']+\.(?:js|css|png))["']""")


def assets_of(html: str) -> set[str]:
    return set(ASSET.findall(html)) | set(LOADED_BY_SCRIPT.findall(html))


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_the_api_docs_load_nothing_from_another_host(path):
    response = Client().get(path)
    assert response.status_code == 200
    html = response.content.decode()
    assets = assets_of(html)
    assert any("drf_spectacular_sidecar" in asset for asset in assets), assets
    assert not [asset for asset in assets if asset.startswith(("http:", "https:", "//"))]
    assert "cdn.jsdelivr" not in html and "unpkg.com" not in html


@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_every_file_the_api_docs_load_is_one_of_the_server_s_static_files(path, settings):
    html = Client().get(path).content.decode()
    static = [a for a in assets_of(html) if a.startswith(settings.STATIC_URL)]
    assert static
    for asset in static:
        name = asset[len(settings.STATIC_URL) :].split("?")[0]
        assert finders.find(name), asset
