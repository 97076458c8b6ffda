"""``python -m bench.quality``: see `bench.quality.run`."""

import sys

from bench.quality.run import main

sys.exit(main())
