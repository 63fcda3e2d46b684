"""The role score_desk as a group (tournaments.roles.ROLE_GROUPS[Role.SCORE_DESK]).

The group holds no model permission: what a clerk may read and do is decided by
tournaments.policies (the admin's pages and the API ask it), as for the other roles since
issue 26. The name is frozen here (a migration must not follow later edits of the code); a
test checks that it is the one in ROLE_GROUPS.
"""

from django.db import migrations

GROUP = "Score desk"


def create_group(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.using(schema_editor.connection.alias).get_or_create(name=GROUP)


def delete_group(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.using(schema_editor.connection.alias).filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("desk", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(create_group, delete_group)]
