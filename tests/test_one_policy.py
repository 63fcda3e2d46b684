"""Who may do what is decided in one place (issue 26): outside tournaments/roles.py and
tournaments/policies.py no source module asks a login's role or status itself; it asks a
policy (tournaments.policies) and refuses with `roles.require`."""

from tests.policy_guard import role_questions, source_files


def test_no_module_but_the_policies_asks_a_role_question():
    found = [hit for path in source_files() for hit in role_questions(path)]
    assert found == [], "ask tournaments.policies instead:\n" + "\n".join(found)


def test_the_guard_sees_a_role_question_and_a_login_flag(tmp_path):
    module = tmp_path / "view.py"
    module.write_text(
        "from tournaments import roles\n"
        "from tournaments.roles import captain_of\n"
        "ok = roles.is_director(user) or user.is_superuser\n"
    )
    assert sorted(role_questions(module, tmp_path)) == [
        "view.py:2 imports captain_of",
        "view.py:3 .is_director",
        "view.py:3 .is_superuser",
    ]
