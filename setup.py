"""Builds the compiled fast path of the What the Shell engine (see src/samtempa/games/shell/fast.pyx)."""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize(
        [
            Extension(
                "samtempa.games.shell._fast",
                ["src/samtempa/games/shell/_fast.pyx"],
                extra_compile_args=["-O2"],
            )
        ],
        language_level=3,
    )
)
