"""Build pyrankcore's one compiled extension, pyrankcore._core.

1. Regenerate the lookup tables (src/generated/, git-ignored) with the
   committed, stdlib-only generator when they are missing or older than it.
2. Compile _core.pyx together with the generated table source.

Environment switches for source builds:
  PYRANKCORE_DEBUG=1       bounds checks on, -O0 -g
  PYRANKCORE_MARCH=<arch>  add -march=<arch> (never on by default: wheels
                           must run on any x86-64 or arm64 machine)
"""

import os
import subprocess
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATOR = os.path.join("src", "tablegen", "gen_tables.py")
GENERATED = os.path.join("src", "generated")
DEBUG = os.environ.get("PYRANKCORE_DEBUG", "") not in ("", "0")
MARCH = os.environ.get("PYRANKCORE_MARCH", "")


def generate_tables():
    outputs = [os.path.join(HERE, GENERATED, f) for f in ("prc_tables.c", "prc_tables.h")]
    gen = os.path.join(HERE, GENERATOR)
    inputs = [gen] + [
        os.path.join(HERE, "pyrankcore", f"{name}.py")
        for name in ("_ranking_data", "_ranking_tables")
    ]
    newest = max(os.path.getmtime(i) for i in inputs)
    if all(os.path.exists(o) and os.path.getmtime(o) >= newest for o in outputs):
        return
    subprocess.check_call([sys.executable, gen, os.path.join(HERE, GENERATED)])


class BuildExt(build_ext):
    """Pick flags by compiler type, not by probing the build machine."""

    def build_extensions(self):
        msvc = self.compiler.compiler_type == "msvc"
        for ext in self.extensions:
            if msvc:
                ext.extra_compile_args += ["/Od", "/Zi"] if DEBUG else ["/O2"]
            else:
                ext.extra_compile_args += ["-O0", "-g"] if DEBUG else ["-O3"]
                if MARCH:
                    ext.extra_compile_args.append(f"-march={MARCH}")
        super().build_extensions()


generate_tables()

directives = {
    "language_level": 3,
    "embedsignature": True,
    "freethreading_compatible": True,
}
if DEBUG:
    directives.update(boundscheck=True, wraparound=True, initializedcheck=True)

extensions = [
    Extension(
        "pyrankcore._core",
        sources=["pyrankcore/_core.pyx", os.path.join(GENERATED, "prc_tables.c")],
        include_dirs=["src", GENERATED],
        # Rebuild when a header or an include of the module changes.
        depends=sorted(
            [
                os.path.join("src", f)
                for f in os.listdir(os.path.join(HERE, "src"))
                if f.endswith(".h")
            ]
            + [
                os.path.join("pyrankcore", f)
                for f in os.listdir(os.path.join(HERE, "pyrankcore"))
                if f.endswith(".pxi")
            ]
        ),
    )
]

setup(
    ext_modules=cythonize(extensions, compiler_directives=directives),
    cmdclass={"build_ext": BuildExt},
)
