"""Reading the statistics page in tests: its HTML, its SVG pictures, and publishing the
standings."""

import re
import xml.etree.ElementTree as ET

from tournaments.models import Tournament
from tournaments.services.tournament import tournament_save

URL = "/t/stats-open/stats/"
NOTICE = "The standings are not published yet."
SVG = "{http://www.w3.org/2000/svg}"


def page(client, url: str = URL, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def svgs(html: str) -> dict[str, ET.Element]:
    """Each <svg> of the page parsed as XML, by its first class after "chart"."""
    found = {}
    for text in re.findall(r"<svg\b.*?</svg>", html, flags=re.S):
        element = ET.fromstring(text)
        found[element.get("class").split()[1]] = element
    return found


def release(tournament: Tournament, shown: bool) -> None:
    fresh = Tournament.objects.get(pk=tournament.pk)
    fresh.standings_public = shown
    tournament_save(tournament=fresh, changed=["standings_public"])
