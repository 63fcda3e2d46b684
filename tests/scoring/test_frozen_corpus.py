"""The engine's answers on the frozen corpus are today's, hand for hand (the guard of a
rewrite of the engine, issue #17).

``tests/scoring/corpus/`` was written by ``tools/freeze_scoring_corpus.py`` before the
rewrite: 100,000 generated winning hands, 5,000 non-winning, 5,000 malformed and every
Appendix 1 example, with a digest of each answer (``to_dict()``, the explanation and the
shape). A changed answer fails here with the hand and what the engine says now.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from scoring import score_hand
from tools.freeze_scoring_corpus import answer_digest

CORPUS = Path(__file__).parent / "corpus"
DIGEST = 8


def _frozen() -> tuple[list[dict], list[bytes]]:
    with gzip.open(CORPUS / "hands.jsonl.gz", "rt") as lines:
        hands = [json.loads(line) for line in lines]
    raw = (CORPUS / "answers.bin").read_bytes()
    digests = [raw[i : i + DIGEST] for i in range(0, len(raw), DIGEST)]
    return hands, digests


@pytest.mark.slow  # scores 100,000 hands
def test_the_frozen_corpus_holds_what_the_guard_promises():
    hands, digests = _frozen()
    assert len(hands) == len(digests) >= 110_000
    winning = [h for h in hands[:100_000] if score_hand(h).winning]
    assert len(winning) == 100_000
    assert sum(1 for h in hands if "_defect" in h) == 5_000


@pytest.mark.slow
def test_every_answer_on_the_frozen_corpus_is_unchanged():
    hands, digests = _frozen()
    changed = [
        i for i, (h, d) in enumerate(zip(hands, digests, strict=True)) if answer_digest(h) != d
    ]
    shown = [
        {"index": i, "hand": hands[i], "now": score_hand(hands[i]).to_dict()} for i in changed[:5]
    ]
    assert not changed, f"{len(changed)} answers changed, the first: {json.dumps(shown)}"
