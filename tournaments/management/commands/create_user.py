"""Create a login with one of the tournament's roles, without Django's permission screens.

    manage.py create_user --role umpire ana
    manage.py create_user --role score_desk desk1
    manage.py create_user --role player --player madrid-open:12 li.ming

The generated password is printed alone on the last line of the output.
"""

import re
import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Player, Tournament
from tournaments.roles import ROLE_GROUPS, STAFF_ROLES, Role

PASSWORD_BYTES = 18  # 24 URL-safe characters, 144 random bits


class Command(BaseCommand):
    help = _(
        "Create a user with a role (organiser, umpire, chief_umpire, committee, score_desk, "
        "player) and print a generated password on the last line."
    )

    def add_arguments(self, parser):
        parser.add_argument("username", help=_("the new login name"))
        parser.add_argument(
            "--role",
            required=True,
            help=_("one of: %(roles)s") % {"roles": ", ".join(Role.values)},
        )
        parser.add_argument(
            "--player",
            default="",
            metavar="SLUG:NUMBER",
            help=_(
                "link a player's record to the login: the tournament's slug and the player's "
                "number (his lot; r12 for registration number 12 before lots are drawn)"
            ),
        )

    def handle(self, *args, username: str, role: str, player: str, **options):
        role = self._role(role)
        if player and role != Role.PLAYER:
            raise CommandError(_("--player is only for the role player."))
        User = get_user_model()
        username = self._username(User, username)
        password = secrets.token_urlsafe(PASSWORD_BYTES)
        with transaction.atomic():
            group = self._group(role)
            linked = self._player(player) if player else None
            user = User.objects.create_user(
                username=username, password=password, is_staff=role in STAFF_ROLES
            )
            user.groups.add(group)
            if linked is not None:
                linked.user = user
                linked.save(update_fields=["user"])
        self.stdout.write(
            _("Created %(user)s with the role %(role)s (group %(group)s).")
            % {"user": username, "role": role.label, "group": group.name}
        )
        if role in STAFF_ROLES:
            self.stdout.write(_("The account can log into the admin."))
        if linked is not None:
            self.stdout.write(
                _("Linked to the player %(player)s of %(tournament)s.")
                % {"player": linked, "tournament": linked.tournament}
            )
        self.stdout.write(_("Password (shown only now):"))
        self.stdout.write(password)

    @staticmethod
    def _role(value: str) -> Role:
        try:
            return Role(value.strip())
        except ValueError:
            raise CommandError(
                _("Unknown role %(role)s; choose one of: %(roles)s.")
                % {"role": value, "roles": ", ".join(Role.values)}
            ) from None

    @staticmethod
    def _username(User, value: str) -> str:
        username = User.normalize_username(value.strip())
        field = User._meta.get_field(User.USERNAME_FIELD)
        try:
            field.run_validators(username)
            if not username:
                raise ValidationError(_("The username is empty."))
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        if User._default_manager.filter(**{User.USERNAME_FIELD: username}).exists():
            raise CommandError(_("The user %(user)s already exists.") % {"user": username})
        return username

    @staticmethod
    def _group(role: Role) -> Group:
        try:
            return Group.objects.get(name=ROLE_GROUPS[role])
        except Group.DoesNotExist:
            raise CommandError(
                _("The group %(group)s does not exist; run manage.py migrate.")
                % {"group": ROLE_GROUPS[role]}
            ) from None

    @staticmethod
    def _player(value: str) -> Player:
        slug, sep, number = value.rpartition(":")
        number = number.strip()
        by_registration = number[:1].lower() == "r"
        digits = number[1:] if by_registration else number
        if not sep or not slug.strip() or not re.fullmatch(r"[0-9]+", digits):
            raise CommandError(
                _(
                    "--player takes SLUG:NUMBER, e.g. madrid-open:12 (or madrid-open:r12); "
                    "got %(v)s."
                )
                % {"v": value}
            )
        try:
            tournament = Tournament.objects.get(slug=slug.strip())
        except Tournament.DoesNotExist:
            raise CommandError(
                _("No tournament with the slug %(slug)s.") % {"slug": slug.strip()}
            ) from None
        lookup = {"registration_number" if by_registration else "lot_number": int(digits)}
        player = Player.objects.select_for_update().filter(tournament=tournament, **lookup).first()
        if player is None:
            raise CommandError(
                _("%(tournament)s has no player number %(number)s.")
                % {"tournament": tournament, "number": number}
            )
        if player.user_id is not None:
            raise CommandError(
                _("The player %(player)s is already linked to the user %(user)s.")
                % {"player": player, "user": player.user}
            )
        return player
