"""The OFC tests share boards and deals (ofc_boards.py, beside them): make
``import ofc_boards`` work under every pytest import mode, as the top-level
conftest does for the references."""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
