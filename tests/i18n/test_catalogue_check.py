"""The check that keeps the catalogues complete finds every kind of gap (here on small
catalogues written for the test; the project's own are checked in test_catalogues.py)."""

import polib

from tournaments.translations import catalogue_problems, compile_catalogues, source_messages


def write_catalogue(path, entries):
    catalogue = polib.POFile()
    catalogue.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    for entry in entries:
        catalogue.append(entry)
    path.parent.mkdir(parents=True, exist_ok=True)
    catalogue.save(str(path))
    return path


def test_a_complete_catalogue_has_no_problem(tmp_path):
    po = write_catalogue(
        tmp_path / "es/LC_MESSAGES/django.po",
        [
            polib.POEntry(msgid="Standings", msgstr="Clasificación"),
            polib.POEntry(msgid="Hand %(n)s", msgstr="Mano %(n)s"),
        ],
    )
    assert catalogue_problems(po, {("", "Standings", None), ("", "Hand %(n)s", None)}) == []


def test_it_finds_a_missing_a_fuzzy_an_empty_and_an_obsolete_entry(tmp_path):
    fuzzy = polib.POEntry(msgid="Draw", msgstr="Empate", flags=["fuzzy"])
    obsolete = polib.POEntry(msgid="Old", msgstr="Viejo", obsolete=True)
    po = write_catalogue(
        tmp_path / "es/LC_MESSAGES/django.po",
        [fuzzy, obsolete, polib.POEntry(msgid="Seat", msgstr="")],
    )
    problems = catalogue_problems(po, {("", "Draw", None), ("", "Seat", None), ("", "Sign", None)})
    assert sorted(problems) == [
        "fuzzy: 'Draw'",
        "missing: 'Sign'",
        "obsolete: 'Old'",
        "untranslated: 'Seat'",
    ]


def test_it_finds_a_translation_that_loses_or_invents_a_placeholder(tmp_path):
    po = write_catalogue(
        tmp_path / "zh_Hans/LC_MESSAGES/django.po",
        [
            polib.POEntry(msgid="Table %(table)s", msgstr="桌"),
            polib.POEntry(msgid="Seat %(seat)s", msgstr="座位 %(sat)s"),
        ],
    )
    problems = catalogue_problems(po, {("", "Table %(table)s", None), ("", "Seat %(seat)s", None)})
    assert len(problems) == 2 and all(p.startswith("placeholders differ") for p in problems)


def test_a_plural_form_may_leave_the_count_out_but_must_be_translated(tmp_path):
    plural = polib.POEntry(
        msgid="%(n)s hand",
        msgid_plural="%(n)s hands",
        msgstr_plural={0: "una mano", 1: "%(n)s manos"},
    )
    empty = polib.POEntry(
        msgid="%(n)s seat", msgid_plural="%(n)s seats", msgstr_plural={0: "%(n)s asiento", 1: ""}
    )
    po = write_catalogue(tmp_path / "es/LC_MESSAGES/django.po", [plural, empty])
    messages = {("", "%(n)s hand", "%(n)s hands"), ("", "%(n)s seat", "%(n)s seats")}
    assert catalogue_problems(po, messages) == ["untranslated: '%(n)s seat'"]


def test_the_source_scan_finds_python_and_template_strings_with_their_context(tmp_path):
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "views.py").write_text(
        "from django.utils.translation import gettext as _, pgettext\n"
        'A = _("Hand entered")\nB = pgettext("seat", "East")\n'
    )
    (tmp_path / "public" / "templates").mkdir(parents=True)
    (tmp_path / "public" / "templates" / "page.html").write_text(
        "{% load i18n %}<p>\n    {% translate 'Standings' %}</p>"
        "{% blocktranslate count n=3 %}{{ n }} table{% plural %}{{ n }} tables"
        "{% endblocktranslate %}"
    )
    assert source_messages(tmp_path) == {
        ("", "Hand entered", None),
        ("seat", "East", None),
        ("", "Standings", None),
        ("", "%(n)s table", "%(n)s tables"),
    }


def test_compiling_writes_a_mo_beside_each_catalogue_without_the_fuzzy_entries(tmp_path):
    write_catalogue(
        tmp_path / "es/LC_MESSAGES/django.po",
        [
            polib.POEntry(msgid="Draw", msgstr="Empate"),
            polib.POEntry(msgid="Seat", msgstr="Asiento", flags=["fuzzy"]),
        ],
    )
    (written,) = compile_catalogues(tmp_path)
    assert written == tmp_path / "es/LC_MESSAGES/django.mo"
    compiled = {entry.msgid: entry.msgstr for entry in polib.mofile(str(written))}
    assert compiled.get("Draw") == "Empate" and "Seat" not in compiled
