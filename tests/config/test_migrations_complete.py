"""The migrations describe the models as they are: a change of a model (a field, a label, a
constraint) comes with its migration."""

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_no_model_change_is_missing_its_migration():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
