"""``make bench`` (``PYTHONPATH=tools python -m bench``): see :mod:`bench.report`."""

from bench.report import main

raise SystemExit(main())
