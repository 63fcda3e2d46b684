"""In production the settings refuse a secret key anyone could know or guess: the example
of deploy/env.example, or a key shorter than the 50 characters `check --deploy` asks for.
Checked in a fresh interpreter, as the settings are read once at start-up."""

import re
from pathlib import Path

from tests.config.helpers import run_manage

ROOT = Path(__file__).resolve().parents[2]


def example_secret_key() -> str:
    text = (ROOT / "deploy" / "env.example").read_text()
    return re.search(r"^SECRET_KEY=(.*)$", text, re.MULTILINE).group(1)


def production(tmp_path, secret_key: str):
    return run_manage(
        "check",
        DJANGO_MODE="production",
        SECRET_KEY=secret_key,
        ALLOWED_HOSTS="mahjong.example.org",
        SITE_URL="https://mahjong.example.org",
        MCR_VAR_DIR=str(tmp_path),
    )


def test_production_refuses_to_start_with_the_example_key_of_env_example(tmp_path):
    key = example_secret_key()
    assert len(key) >= 50  # refused for being the example, not for its length
    result = production(tmp_path, key)
    assert result.returncode != 0
    assert "SECRET_KEY is the example of deploy/env.example" in result.stderr, result.stderr


def test_production_refuses_a_key_of_49_characters_and_takes_one_of_50(tmp_path):
    short = production(tmp_path, "Zq8Lm3Xv7Pt2" * 4 + "a")  # 49 characters
    assert short.returncode != 0
    assert "SECRET_KEY is 49 characters long; production needs at least 50" in short.stderr
    enough = production(tmp_path, "Zq8Lm3Xv7Pt2" * 4 + "ab")  # 50 characters
    assert enough.returncode == 0, enough.stderr + enough.stdout
