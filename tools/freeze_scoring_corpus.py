"""Freeze the scoring engine's answers on a fixed corpus, before a rewrite of the engine.

Writes ``tests/scoring/corpus/hands.jsonl.gz`` (the hands, one JSON object a line: 100,000
generated winning hands, 5,000 non-winning, 5,000 malformed, and every Appendix 1 example)
and ``tests/scoring/corpus/answers.bin`` (for each hand, in order, the first 8 bytes of the
SHA-256 of its answer: ``result.to_dict()``, the explanation items and the shape, as
canonical JSON). ``tests/scoring/test_frozen_corpus.py`` scores the hands again and
compares. Run it only to freeze a new baseline, on purpose, from the repository's root:

    .venv/bin/python tools/freeze_scoring_corpus.py
"""

import gzip
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoring import score_hand  # noqa: E402
from scoring.generate import (  # noqa: E402
    generate_malformed_hands,
    generate_non_winning_hands,
    generate_winning_hands,
)
from tests.scoring.appendix1_examples import ALL_EXAMPLES  # noqa: E402

CORPUS = ROOT / "tests" / "scoring" / "corpus"
SEED = 20261124


def corpus_hands() -> list[dict]:
    hands = generate_winning_hands(100_000, SEED)
    hands += generate_non_winning_hands(5_000, SEED + 1)
    hands += generate_malformed_hands(5_000, SEED + 2)
    hands += [example.hand for example in ALL_EXAMPLES]
    return hands


def answer_digest(hand: dict) -> bytes:
    """The first 8 bytes of the SHA-256 of everything the engine answers for ``hand``."""
    result = score_hand(hand)
    answer = {
        "result": result.to_dict(),
        "explanation": [list(item) for item in result.explanation],
        "shape": result.shape,
    }
    canonical = json.dumps(answer, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).digest()[:8]


def main() -> int:
    hands = corpus_hands()
    CORPUS.mkdir(parents=True, exist_ok=True)
    lines = "".join(json.dumps(h, sort_keys=True, separators=(",", ":")) + "\n" for h in hands)
    # mtime 0: the same corpus gives the same bytes
    with gzip.GzipFile(CORPUS / "hands.jsonl.gz", "wb", mtime=0) as out:
        out.write(lines.encode())
    (CORPUS / "answers.bin").write_bytes(b"".join(answer_digest(h) for h in hands))
    print(f"froze {len(hands)} hands in {CORPUS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
