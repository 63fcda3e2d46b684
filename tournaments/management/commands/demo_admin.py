"""Create (or reset) the demo administrator and print its password."""

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _


class Command(BaseCommand):
    help = _("Create or reset the demo superuser 'admin' with a new random password, printed.")

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
