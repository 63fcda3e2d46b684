"""Create (or reset) the demo's logins and print their passwords: the superuser and one user
of each role (organiser, umpires, chief umpire, committee, a player, a team captain)."""

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from tournaments.demo.users import DEMO_LOGINS, demo_login


class Command(BaseCommand):
    help = _(
        "Create or reset the demo superuser 'admin' and one login of each role, with new "
        "random passwords, printed."
    )

    def add_arguments(self, parser):
        parser.add_argument("--username", default="admin")

    def handle(self, *args, username: str, **options):
        password = secrets.token_urlsafe(12)
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(
            username=username, defaults={"is_staff": True, "is_superuser": True}
        )
        user.is_staff = user.is_superuser = True
        user.set_password(password)
        user.save()
        verb = _("Created") if created else _("Reset")
        self.stdout.write(
            _("%(verb)s admin user: username %(username)s, password %(password)s")
            % {"verb": verb, "username": username, "password": password}
        )
        self.stdout.write(_("Demo logins, one per role:"))
        for login, role in DEMO_LOGINS.items():
            demo_user = demo_login(login)
            password = secrets.token_urlsafe(12)
            demo_user.set_password(password)
            demo_user.save(update_fields=["password"])
            self.stdout.write(f"  {role.label:<26} {login:<10} {password}")
