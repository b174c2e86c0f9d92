"""Public signatures name only public types: help() and a user's type
checker never show a class a user cannot import from a public module."""

import importlib
import inspect
import re

import pyrankcore

PUBLIC_MODULES = [
    "pyrankcore",
    "pyrankcore.variants",
    "pyrankcore.ofc",
    "pyrankcore.equities",
    "pyrankcore.suits",
    "pyrankcore.batch",
    "pyrankcore.hands",
    "pyrankcore.ranges",
    "pyrankcore.dask",
]


def _public_names():
    names = set()
    for modname in PUBLIC_MODULES:
        names.update(importlib.import_module(modname).__all__)
    return names


def _private_classes():
    """Classes defined in the package's private modules (pyrankcore._x) that
    no public module exports."""
    public = _public_names()
    private = set()
    for name in dir(pyrankcore):
        if name.startswith("_") and not name.startswith("__"):
            module = getattr(pyrankcore, name)
            if inspect.ismodule(module):
                private.update(
                    n
                    for n, obj in vars(module).items()
                    if inspect.isclass(obj)
                    and obj.__module__ == module.__name__
                    and n not in public
                )
    return private


def _signatures():
    for modname in PUBLIC_MODULES:
        module = importlib.import_module(modname)
        for name in module.__all__:
            obj = getattr(module, name)
            members = [obj]
            if inspect.isclass(obj):
                members += [getattr(obj, a) for a in vars(obj) if not a.startswith("_")]
            for member in members:
                if callable(member):
                    try:
                        yield f"{modname}.{name}", str(inspect.signature(member))
                    except (TypeError, ValueError):  # a builtin without a signature
                        continue


def test_private_classes_are_found():
    assert {"VariantRecord", "GameTables"} <= _private_classes()


def test_public_signatures_name_no_private_class():
    private = _private_classes()
    leaks = [
        (where, name, signature)
        for where, signature in _signatures()
        for name in private
        if re.search(rf"\b{name}\b", signature)
    ]
    assert not leaks
