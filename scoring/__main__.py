"""``python -m scoring ...``: see :mod:`scoring.cli`."""

import sys

from .cli import main

sys.exit(main())
