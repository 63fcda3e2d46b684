"""A series' standings and the links its organiser may confirm (docs/federation.md, "Series").

Who is who: players of the series' tournaments with the same EMA number are one person; then
the organiser's confirmed links (`SeriesPlayerLink`) join players into one person; every other
player is a person alone. A join never puts two players of one tournament, or two different
EMA numbers, into one person: a link that would (an EMA number changed after it was
confirmed) is left out, and the services refuse to confirm one.

What counts: each tournament's *official* standings (tournaments.selectors.standings: signed
sheets only), nothing recomputed here. A tournament's figures count for a person when he
played at least one counted session there; a disqualified player's figures of that
tournament are shown but do not count (he takes no place there, rule 3.11.5); a player who
lost his rank keeps his figures (only his place there moved). The series ranks people by the
sum of their table points, then of their contest points; equal sums share a place.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from django_countries.fields import Country

from series.models import Series, SeriesPlayerLink
from tournaments.models import Player, Tournament
from tournaments.selectors.standings import (
    DISQUALIFIED,
    points_value,
    standing_label,
    standings_compute,
)

MATCHED_BY_EMA = "ema"
MATCHED_BY_LINK = "link"


# -- who is who -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeriesPlayer:
    """A player row of one of the series' tournaments, as the series reads it."""

    pk: int
    tournament_id: int
    number: int | None
    name: str
    ema_id: str
    country: str


@dataclass
class Identity:
    """One person of the series: his player rows (one per tournament at most)."""

    players: list[SeriesPlayer]
    person_id: int | None = None  # the confirmed link that joined him, if one did

    @property
    def tournament_ids(self) -> set[int]:
        return {player.tournament_id for player in self.players}

    @property
    def ema_ids(self) -> set[str]:
        return {player.ema_id for player in self.players if player.ema_id}

    @property
    def key(self) -> str:
        """Stable within the series: his EMA number, else his confirmed link, else his row."""
        if self.ema_ids:
            return f"ema-{min(self.ema_ids)}"
        if self.person_id is not None:
            return f"person-{self.person_id}"
        return f"player-{min(player.pk for player in self.players)}"

    @property
    def matched_by(self) -> str:
        """How several rows were joined: "ema", "link", or "" for a row alone."""
        if len(self.players) < 2:
            return ""
        return MATCHED_BY_LINK if self.person_id is not None else MATCHED_BY_EMA

    def may_join(self, other: "Identity") -> bool:
        """Two identities may be one person: no tournament in common, at most one EMA number."""
        return not (self.tournament_ids & other.tournament_ids) and (
            len(self.ema_ids | other.ema_ids) <= 1
        )


def series_tournaments(series: Series) -> list[Tournament]:
    """The series' tournaments in the order its columns show them: by start date (undated
    last), then as created."""
    tournaments = list(series.tournaments.all())
    return sorted(tournaments, key=lambda t: (t.start_date is None, t.start_date, t.pk))


def series_players(tournament_ids: list[int]) -> list[SeriesPlayer]:
    """Every player of these tournaments but the substitutes (who have no standings)."""
    rows = (
        Player.objects.filter(tournament_id__in=tournament_ids)
        .exclude(status=Player.Status.SUBSTITUTE)
        .order_by("tournament_id", "pk")
        .values_list("pk", "tournament_id", "lot_number", "name", "ema_id", "country")
    )
    return [SeriesPlayer(*row) for row in rows]


def series_identities(series: Series, players: list[SeriesPlayer]) -> dict[int, Identity]:
    """Each player's identity (by player pk): EMA numbers first, then the confirmed links."""
    identity_of: dict[int, Identity] = {}
    by_ema: dict[str, Identity] = {}
    for player in players:
        if player.ema_id and player.ema_id in by_ema:
            identity = by_ema[player.ema_id]
            identity.players.append(player)
        else:
            identity = Identity(players=[player])
            if player.ema_id:
                by_ema[player.ema_id] = identity
        identity_of[player.pk] = identity
    links = SeriesPlayerLink.objects.filter(series=series).order_by("person_id", "pk")
    by_person: dict[int, Identity] = {}
    for person_id, player_id in links.values_list("person_id", "player_id"):
        _join(identity_of, by_person, player_id, person_id)
    return identity_of


def _join(
    identity_of: dict[int, Identity], by_person: dict[int, Identity], player_id: int, person_id
) -> None:
    """Join the player's identity into his person's, when they may be one person."""
    mine = identity_of.get(player_id)
    if mine is None:  # a player of a tournament not read (left out, or no longer counted)
        return
    theirs = by_person.get(person_id)
    if theirs is None:
        by_person[person_id] = mine
        if mine.person_id is None:
            mine.person_id = person_id
        return
    if theirs is mine or not mine.may_join(theirs):
        return
    theirs.players.extend(mine.players)
    for player in mine.players:
        identity_of[player.pk] = theirs
    for person, identity in by_person.items():
        if identity is mine:
            by_person[person] = theirs


def distinct_identities(identity_of: dict[int, Identity]) -> list[Identity]:
    seen: dict[int, Identity] = {}
    for identity in identity_of.values():
        seen.setdefault(id(identity), identity)
    return list(seen.values())


# -- the standings --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentFigures:
    """A person's figures in one tournament's official standings."""

    player_id: int
    number: int | None
    rank: int | None
    table_points: Fraction
    contest_points: int
    status: str  # "disqualified", "loss_of_rank", "withdrawn" or "" (see the standings)

    @property
    def counted(self) -> bool:
        """A disqualified player's figures do not count: he took no place (3.11.5)."""
        return self.status != DISQUALIFIED

    @property
    def label(self) -> str:
        return standing_label(self.status)


@dataclass
class PersonRow:
    key: str
    name: str
    ema_id: str
    country: Country
    matched_by: str
    figures: list[TournamentFigures | None]  # one per column; None: did not play (officially)
    table_points: Fraction = Fraction(0)
    contest_points: int = 0
    rank: int | None = None

    @property
    def ranked(self) -> bool:
        """Counts at least one tournament (every figure of a disqualified one aside)."""
        return any(figures is not None and figures.counted for figures in self.figures)


@dataclass
class SeriesStandings:
    series: Series
    tournaments: list[Tournament]  # the columns
    people: list[PersonRow]
    left_out: list[Tournament] = field(default_factory=list)  # unpublished, not shown


def series_standings(
    series: Series, *, readable: Callable[[Tournament], bool] | None = None
) -> SeriesStandings:
    """The series' standings from each tournament's official standings. `readable` says
    which tournaments' standings the reader may read (the page and the API ask
    tournaments.policies.may_read_standings; None: all, as the system reads them): the others
    are left out entirely, their players and figures too (`left_out` names them)."""
    tournaments = series_tournaments(series)
    shown = [t for t in tournaments if readable is None or readable(t)]
    left_out = [t for t in tournaments if t not in shown]
    players = series_players([t.pk for t in shown])
    identity_of = series_identities(series, players)
    rows: dict[int, PersonRow] = {}
    for column, tournament in enumerate(shown):
        for line in standings_compute(tournament=tournament).players:
            identity = identity_of.get(line.player_id)
            if identity is None or not line.sessions:  # no counted session: did not play
                continue
            row = rows.get(id(identity))
            if row is None:
                row = rows[id(identity)] = _person_row(identity, shown)
            row.figures[column] = TournamentFigures(
                player_id=line.player_id,
                number=line.number,
                rank=line.rank,
                table_points=line.table_points,
                contest_points=line.contest_points,
                status=line.standing_status if line.standing_status != "active" else "",
            )
    people = list(rows.values())
    for row in people:
        counted = [f for f in row.figures if f is not None and f.counted]
        row.table_points = sum((f.table_points for f in counted), Fraction(0))
        row.contest_points = sum(f.contest_points for f in counted)
    _rank(people)
    return SeriesStandings(series=series, tournaments=shown, people=people, left_out=left_out)


def _person_row(identity: Identity, tournaments: list[Tournament]) -> PersonRow:
    """His name and country as his latest tournament has them (the last column's first)."""
    order = {t.pk: index for index, t in enumerate(tournaments)}
    latest_first = sorted(identity.players, key=lambda p: -order.get(p.tournament_id, -1))
    country = next((p.country for p in latest_first if p.country), "")
    return PersonRow(
        key=identity.key,
        name=latest_first[0].name,
        ema_id=min(identity.ema_ids, default=""),
        country=Country(code=country),
        matched_by=identity.matched_by,
        figures=[None] * len(tournaments),
    )


def _rank(people: list[PersonRow]) -> None:
    """Table points, then contest points; equal sums share a place; people whose every
    figure does not count (disqualified) take none and come last."""
    people.sort(
        key=lambda r: (not r.ranked, -r.table_points, -r.contest_points, r.name.casefold(), r.key)
    )
    place, previous, last_rank = 0, None, None
    for row in people:
        if not row.ranked:
            row.rank = None
            continue
        place += 1
        current = (row.table_points, row.contest_points)
        row.rank = last_rank if current == previous else place
        previous, last_rank = current, row.rank


def series_standings_as_dict(standings: SeriesStandings) -> dict:
    """The standings for the API (table points as numbers, two decimals for shares)."""
    columns = standings.tournaments
    return {
        "series": {"name": standings.series.name, "slug": standings.series.slug},
        "tournaments": [{"slug": t.slug, "name": t.name} for t in columns],
        "held": [{"slug": t.slug, "name": t.name} for t in standings.left_out],
        "people": [
            {
                "rank": row.rank,
                "key": row.key,
                "name": row.name,
                "ema_id": row.ema_id,
                "country": row.country.code or "",
                "matched_by": row.matched_by,
                "table_points": points_value(row.table_points),
                "contest_points": row.contest_points,
                "tournaments": [
                    _figures_dict(tournament, figures)
                    for tournament, figures in zip(columns, row.figures, strict=True)
                ],
            }
            for row in standings.people
        ],
    }


def _figures_dict(tournament: Tournament, figures: TournamentFigures | None) -> dict:
    if figures is None:
        return {"tournament": tournament.slug, "played": False}
    return {
        "tournament": tournament.slug,
        "played": True,
        "player_id": figures.player_id,
        "number": figures.number,
        "rank": figures.rank,
        "status": figures.status,
        "counted": figures.counted,
        "table_points": points_value(figures.table_points),
        "contest_points": figures.contest_points,
    }


# -- links to confirm -----------------------------------------------------------------------------


@dataclass(frozen=True)
class SuggestedPlayer:
    player_id: int
    tournament: str  # its slug
    tournament_name: str
    number: int | None
    name: str
    ema_id: str


@dataclass(frozen=True)
class LinkSuggestion:
    """Players of several tournaments with the same name who are not yet one person."""

    name: str
    players: list[SuggestedPlayer]


def same_name(name: str) -> str:
    """Names compared case-insensitively, spaces trimmed and single."""
    return " ".join(name.split()).casefold()


def series_link_suggestions(series: Series) -> list[LinkSuggestion]:
    """For the organiser to confirm or not (nothing is joined by name alone): each name
    borne in several tournaments by players who are not one person (no shared EMA number,
    no confirmed link) and who could be (no tournament in common, at most one EMA number)."""
    tournaments = {t.pk: t for t in series_tournaments(series)}
    players = series_players(list(tournaments))
    identity_of = series_identities(series, players)
    by_name: dict[str, list[SeriesPlayer]] = {}
    for player in players:
        by_name.setdefault(same_name(player.name), []).append(player)
    suggestions = []
    for bearers in by_name.values():
        identities = {id(identity_of[p.pk]): identity_of[p.pk] for p in bearers}
        joinable = set()
        for first, second in combinations(identities, 2):
            if identities[first].may_join(identities[second]):
                joinable |= {first, second}
        shown = [p for p in bearers if id(identity_of[p.pk]) in joinable]
        if shown:
            suggestions.append(
                LinkSuggestion(
                    name=shown[0].name,
                    players=[_suggested(p, tournaments[p.tournament_id]) for p in shown],
                )
            )
    return sorted(suggestions, key=lambda s: same_name(s.name))


def _suggested(player: SeriesPlayer, tournament: Tournament) -> SuggestedPlayer:
    return SuggestedPlayer(
        player_id=player.pk,
        tournament=tournament.slug,
        tournament_name=tournament.name,
        number=player.number,
        name=player.name,
        ema_id=player.ema_id,
    )
