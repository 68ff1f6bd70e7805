"""Build the site to upload: `make site SITE_URL=https://example.org/compendium/`, one command.

    python engines/site_build.py [--out OUT] [--engine mkdocs|properdocs] [SITE_URL]
                                   # SITE_URL defaults to $SITE_URL, OUT to build/site, the engine to MkDocs

The address the site will be served at is part of the build: the web app manifest's scope and
start_url, the share links, the player aids' QR codes and instant navigation all come from it, so
one folder fits one address. This script refuses a missing or malformed address in one line
before anything is built (check_site_url, pure, unit-tested), runs the strict MkDocs build with it
(COMPENDIUM_SITE_URL, which mkdocs.yml reads), and only then puts the folder in place: the build
goes to OUT.partial and replaces OUT when it succeeded, so a failed build never leaves a folder
that looks ready. Upload the folder's contents so that OUT/index.html is SITE_URL itself.
Nothing in the generator imports this; it is MkDocs's caller, as zensical_build.py is Zensical's.

`--engine properdocs` (`make site ENGINE=properdocs`) runs the same strict build with ProperDocs,
the maintained fork of MkDocs 1.6 that keeps its plugin and hook API: it reads the same mkdocs.yml
and runs the same hook, and its site equals the MkDocs site but for each page's generator line
(tests/test_properdocs.py). The README says why it is the engine to use after May 2027.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = "https://example.org/compendium/"
MAX_LENGTH = 2000
_HOST = re.compile(r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*")
_IPV6 = re.compile(r"\[[0-9a-f:.]+\]")
_PATH = re.compile(r"(?:/(?:[A-Za-z0-9\-._~!$&()*+,;=:@]|%[0-9A-Fa-f]{2})*)*")
_LOCAL = {"localhost", "127.0.0.1", "[::1]"}
# The engines that run mkdocs.yml with its hook: MkDocs (the default) and its fork ProperDocs.
ENGINES = ("mkdocs", "properdocs")


class SiteUrlError(ValueError):
    """A SITE_URL the site cannot be built for; str() is the one-line message, fix included."""


def check_site_url(raw: str | None) -> tuple[str, list[str]]:
    """(the address to build for, notes to print) or SiteUrlError.

    Accepted: http or https, a host (a name, an IPv4 or a bracketed IPv6 address), an optional
    port, a path of folders; nothing else, because the address is written into every page, the
    manifest and the worker's scope, and a query, fragment, quote or space there breaks them or
    turns into markup. A missing trailing slash is added (a site is a folder), and a note says so.
    The scheme and host are written in lower case, as browsers compare them.
    """
    text = raw or ""
    if not text.strip():
        raise SiteUrlError(f"SITE_URL is empty: give the address the site will be served at, e.g. make site SITE_URL={EXAMPLE}")
    shown = text if len(text) <= 80 else text[:77] + "..."
    shown = shown.encode("unicode_escape").decode("ascii")     # control characters shown, never echoed
    if len(text) > MAX_LENGTH:
        raise SiteUrlError(f"SITE_URL is {len(text)} characters long: an address of at most {MAX_LENGTH} is expected")
    if any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in text):
        raise SiteUrlError(f"SITE_URL '{shown}' contains a space or control character: remove it, or write a space as %20")
    bad = sorted(set(text) & set("\"'<>`\\{}|^"))
    if bad:
        raise SiteUrlError(f"SITE_URL '{shown}' contains {' '.join(bad)}: an address has none of these; "
                           "percent-encode them (%22 for \") or remove them")
    if not text.isascii():
        raise SiteUrlError(f"SITE_URL '{shown}' has characters outside ASCII: write the host in its xn-- form "
                           "and the path percent-encoded (é as %C3%A9)")
    if "://" not in text:
        looks = _HOST.fullmatch(text.split("/", 1)[0].split(":", 1)[0].lower()) and "." in text.split("/", 1)[0]
        example = "https://" + text if looks else EXAMPLE
        raise SiteUrlError(f"SITE_URL '{shown}' is not a full address: write it with https:// and the host, e.g. {example}")
    parts = urlsplit(text)
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise SiteUrlError(f"SITE_URL '{shown}' starts with {parts.scheme or 'nothing'}:// : the site is served over https:// (or http://)")
    if "?" in text or "#" in text:
        raise SiteUrlError(f"SITE_URL '{shown}' has a query or fragment (? or #): give the folder's address only, e.g. {EXAMPLE}")
    if "@" in parts.netloc:
        raise SiteUrlError(f"SITE_URL '{shown}' holds a user name or password (@): give the public address without them")
    host = (parts.hostname or "").lower()
    if not host:
        raise SiteUrlError(f"SITE_URL '{shown}' has no host: write it as https://HOST/PATH/, e.g. {EXAMPLE}")
    netloc_host = f"[{host}]" if ":" in host else host
    if not (_IPV6.fullmatch(netloc_host) or _HOST.fullmatch(host)):
        raise SiteUrlError(f"SITE_URL '{shown}' has the host '{host}', which is not a host name: "
                           "use letters, digits, hyphens and dots, e.g. example.org")
    try:
        port = parts.port
    except ValueError:
        port = -1
    if port == -1 or port == 0 or parts.netloc.endswith(":"):
        raise SiteUrlError(f"SITE_URL '{shown}' has a port that is not a number from 1 to 65535")
    path = parts.path or "/"
    if not _PATH.fullmatch(path) or "//" in path or any(seg in (".", "..") for seg in path.split("/")):
        raise SiteUrlError(f"SITE_URL '{shown}' has the path '{path}', which is not a folder's path: "
                           "write it as /name/ (no empty, . or .. parts, and % only before two hex digits)")
    notes = []
    if not path.endswith("/"):
        path += "/"
        notes.append("SITE_URL has no trailing slash; a site is a folder, so it is built for the address with one added")
    url = urlunsplit((scheme, netloc_host + (f":{port}" if port is not None else ""), path, "", ""))
    if scheme == "http" and netloc_host not in _LOCAL:
        notes.append("over http:// browsers run no service worker except on localhost, so the site will not work "
                     "offline there; serve it over https://")
    return url, notes


def build(url: str, out: Path, engine: str = "mkdocs") -> int:
    """The strict build (MkDocs, or ProperDocs) for url into out.partial, moved to out when it succeeds; the exit code."""
    partial = out.with_name(out.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.parent.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "COMPENDIUM_SITE_URL": url, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", engine, "build", "--strict", "--quiet", "-d", str(partial)],
                          cwd=ROOT, env=env)
    if done.returncode != 0:
        shutil.rmtree(partial, ignore_errors=True)
        return done.returncode
    shutil.rmtree(out, ignore_errors=True)
    partial.rename(out)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the site to upload, for the address it will be served at.")
    parser.add_argument("site_url", nargs="?", default=None, help="the address, e.g. " + EXAMPLE + " (default: $SITE_URL)")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site", help="the folder to write (default: build/site)")
    parser.add_argument("--engine", choices=ENGINES, default="mkdocs", help="the engine that builds it (default: mkdocs)")
    args = parser.parse_args(argv)
    raw = args.site_url if args.site_url is not None else os.environ.get("SITE_URL", "")
    try:
        url, notes = check_site_url(raw)
    except SiteUrlError as err:
        print(f"site: {err}", file=sys.stderr)
        return 2
    for note in notes:
        print(f"site: note: {note}: {url}", file=sys.stderr)
    out = args.out.resolve()
    print(f"site: building for {url} with {args.engine} ...", file=sys.stderr)
    code = build(url, out, args.engine)
    if code:
        print(f"site: the build failed (see above), so {out}/ is not written (a folder already there is left as it was)", file=sys.stderr)
        return 1
    print(f"site: {out}/ is ready to upload; it is built for {url}, so serve the folder's contents at that address")
    return 0


if __name__ == "__main__":
    sys.exit(main())
