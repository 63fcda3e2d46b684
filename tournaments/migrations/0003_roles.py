"""The roles of a tournament as groups (tournaments.roles.ROLE_GROUPS) with model permissions.

Model permissions only open the admin's pages; what a user may do to a given sheet, appeal or
player is checked on the server by tournaments.roles in the services. The names and grants are
frozen here (a migration must not follow later edits of the code); a test checks that the
names are those of ROLE_GROUPS.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

APP = "tournaments"
EVERY_MODEL = (
    "tournament", "team", "player", "session", "table", "tablesession", "seat", "hand",
    "handscore", "sessionresult", "sheetconfirmation", "checkin", "penalty", "sanction",
    "correction", "appeal",
)
HISTORICAL = (
    "historicalappeal", "historicalsession", "historicaltablesession", "historicalseat",
    "historicalhand", "historicalsessionresult", "historicalsheetconfirmation",
    "historicalcheckin", "historicalpenalty", "historicalsanction",
)
REGISTRATION = ("tournament", "team", "player", "session", "table")
SHEET = (
    "tablesession", "hand", "handscore", "penalty", "checkin", "seat", "sheetconfirmation",
    "sessionresult", "session", "table", "player", "team",
)


def _codes(actions, models):
    return [f"{action}_{model}" for action in actions for model in models]


GROUPS = {
    # registration, lots, seating, the sessions' schedule
    "Organisers": _codes(("add", "change", "view"), REGISTRATION)
    + _codes(("view",), ("seat", "tablesession", "sessionresult", "checkin")),
    # the sheets assigned to him (which ones, and until when, is checked by tournaments.roles)
    "Umpires": _codes(("view",), SHEET),
    # director: everything of the app, and its audit trail
    "Chief umpires": _codes(("view", "change"), EVERY_MODEL)
    + _codes(("add",), REGISTRATION)
    + _codes(("view",), HISTORICAL),
    # rules on appeals; reads what they are against
    "Arbitration committee": _codes(("view", "change"), ("appeal",))
    + _codes(
        ("view",),
        (
            "historicalappeal", "tournament", "team", "player", "session", "tablesession",
            "seat", "hand", "handscore", "sessionresult", "penalty", "sanction", "correction",
        ),
    ),
    # players read and act through their own pages, not the admin
    "Players": [],
}


def _ensure_permissions(apps, schema_editor):
    """Permissions are made after `migrate` (post_migrate); make this app's now."""
    app_config = apps.get_app_config(APP)
    stub = not getattr(app_config, "models_module", None)
    if stub:
        app_config.models_module = True
    try:
        create_permissions(
            app_config, verbosity=0, apps=apps, using=schema_editor.connection.alias
        )
    finally:
        if stub:
            app_config.models_module = None


def create_groups(apps, schema_editor):
    _ensure_permissions(apps, schema_editor)
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    db = schema_editor.connection.alias
    for name, codenames in GROUPS.items():
        group, _created = Group.objects.using(db).get_or_create(name=name)
        permissions = list(
            Permission.objects.using(db).filter(
                content_type__app_label=APP, codename__in=codenames
            )
        )
        missing = set(codenames) - {p.codename for p in permissions}
        if missing:
            raise RuntimeError(f"Permissions not found: {sorted(missing)}")
        group.permissions.add(*permissions)


def delete_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.using(schema_editor.connection.alias).filter(name__in=GROUPS).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0002_official_results"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_groups, delete_groups)]
