"""Makes this folder's helper (equity_reference) importable under every
pytest import mode, as tests/conftest.py does for the references there."""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
