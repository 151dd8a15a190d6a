#!/usr/bin/env python3
"""A static file server for the search benchmark that logs every request.

Serves a site folder on 127.0.0.1 (never another address) and appends one line per
request to a log file:

    <path with query>\t<status>\t<bytes of body sent>

Pretty URLs: a path naming a folder is served from that folder's index.html (a folder
path without the trailing slash is redirected to the one with it, as static hosts do).
Paths are resolved strictly inside the served folder; anything that leaves it (.., an
absolute symlink target, a NUL byte) is answered with 403/404.

Files are sent with ETag, Last-Modified and `Cache-Control: max-age=600` (what GitHub
Pages sends; --cache-control changes it), and If-None-Match is answered with 304, so a
page that fetches the same URL twice in one visit gets it from the browser's cache as it
would from a real host.

Extra folders can be mounted under a URL prefix (`--mount /__bench/=Benchmarks/search`)
so a query page can be served beside a built site without copying it in.

    python3 Benchmarks/search/logserver.py --root .bench/output-1000-20000 \
        --port 8765 --log /tmp/requests.log [--mount /__bench/=Benchmarks/search]

The module is imported by measure.py, which reuses `Site.resolve` to find the file
behind a logged path (for its gzip size).
"""

from __future__ import annotations

import argparse
import email.utils
import os
import posixpath
import sys
import threading
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".gif": "image/gif",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}
DEFAULT_TYPE = "application/octet-stream"  # also .pf_fragment, .pf_index, .pf_meta, .pagefind
# What GitHub Pages sends; '' sends none (every fetch of a URL then goes to the server).
DEFAULT_CACHE_CONTROL = "max-age=600"


def content_type(path: str) -> str:
    ext = os.path.splitext(path)[1].lower()
    if ext.startswith(".pf_"):
        return DEFAULT_TYPE
    return CONTENT_TYPES.get(ext, DEFAULT_TYPE)


class Site:
    """The served folder plus mounted folders, and how a URL path maps onto them."""

    def __init__(self, root: str, mounts: list[tuple[str, str]] | None = None):
        self.root = os.path.realpath(root)
        if not os.path.isdir(self.root):
            raise SystemExit(f"logserver: {root} is not a folder")
        self.mounts = []
        for prefix, folder in mounts or []:
            if not prefix.startswith("/") or not prefix.endswith("/"):
                raise SystemExit(f"logserver: mount prefix must start and end with '/': {prefix}")
            real = os.path.realpath(folder)
            if not os.path.isdir(real):
                raise SystemExit(f"logserver: {folder} is not a folder")
            self.mounts.append((prefix, real))
        # Longest prefix first.
        self.mounts.sort(key=lambda m: len(m[0]), reverse=True)

    def resolve(self, url_path: str) -> tuple[str, str | None]:
        """Maps a URL path (query string allowed) to ('file', path), ('redirect', location),
        ('forbidden', None) or ('missing', None)."""
        path = urllib.parse.urlsplit(url_path).path
        path = urllib.parse.unquote(path)
        if "\0" in path or not path.startswith("/"):
            return "forbidden", None
        base, rest = self.root, path
        for prefix, folder in self.mounts:
            if path.startswith(prefix) or path == prefix[:-1]:
                base, rest = folder, "/" + path[len(prefix):]
                break
        # Reject any '..' segment outright instead of normalising it away.
        segments = [s for s in rest.split("/") if s not in ("", ".")]
        if any(s == ".." or "\\" in s for s in segments):
            return "forbidden", None
        candidate = os.path.join(base, *segments) if segments else base
        real = os.path.realpath(candidate)
        if real != base and not real.startswith(base + os.sep):
            return "forbidden", None
        if os.path.isdir(real):
            if not rest.endswith("/"):
                return "redirect", posixpath.basename(path.rstrip("/")) + "/"
            real = os.path.join(real, "index.html")
        if not os.path.isfile(real):
            return "missing", None
        return "file", real


class RequestLog:
    def __init__(self, path: str):
        self.lock = threading.Lock()
        self.file = open(path, "a", encoding="utf-8", buffering=1)

    def write(self, path: str, status: int, sent: int) -> None:
        line = f"{path}\t{status}\t{sent}\n"
        with self.lock:
            self.file.write(line)
            self.file.flush()


def make_handler(site: Site, log: RequestLog, cache_control: str | None):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        server_version = "searchbench-logserver"

        def log_message(self, format, *args):  # noqa: A002 - quiet; our own log is the record
            pass

        def send_body(self, status: int, body: bytes, ctype: str, head: bool, extra=None):
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            if status != 304:
                self.send_header("Content-Length", str(len(body)))
            for key, value in (extra or {}).items():
                self.send_header(key, value)
            self.end_headers()
            sent = 0
            if not head:
                self.wfile.write(body)
                sent = len(body)
            log.write(self.path, status, sent)

        def handle_any(self, head: bool):
            kind, value = site.resolve(self.path)
            if kind == "file":
                try:
                    with open(value, "rb") as f:
                        stat = os.fstat(f.fileno())
                        body = f.read()
                except OSError:
                    self.send_body(404, b"not found\n", "text/plain; charset=utf-8", head)
                    return
                # Validators and freshness as a typical static host sends them, so that a
                # page fetching the same URL twice gets it from the browser's cache.
                etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
                headers = {"ETag": etag,
                           "Last-Modified": email.utils.formatdate(stat.st_mtime, usegmt=True)}
                if cache_control:
                    headers["Cache-Control"] = cache_control
                if self.headers.get("If-None-Match") == etag:
                    self.send_body(304, b"", content_type(value), True, headers)
                    return
                self.send_body(200, body, content_type(value), head, headers)
            elif kind == "redirect":
                query = urllib.parse.urlsplit(self.path).query
                location = value + (("?" + query) if query else "")
                self.send_body(301, b"", "text/plain; charset=utf-8", head, {"Location": location})
            elif kind == "forbidden":
                self.send_body(403, b"forbidden\n", "text/plain; charset=utf-8", head)
            else:
                self.send_body(404, b"not found\n", "text/plain; charset=utf-8", head)

        def do_GET(self):
            self.handle_any(head=False)

        def do_HEAD(self):
            self.handle_any(head=True)

        def do_POST(self):
            self.send_body(HTTPStatus.METHOD_NOT_ALLOWED, b"", "text/plain", False)

    return Handler


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(root: str, port: int, log_path: str, mounts=None,
                cache_control: str | None = DEFAULT_CACHE_CONTROL) -> Server:
    site = Site(root, mounts)
    return Server(("127.0.0.1", port), make_handler(site, RequestLog(log_path), cache_control))


def parse_mount(text: str) -> tuple[str, str]:
    prefix, sep, folder = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError("expected /prefix/=folder")
    return prefix, folder


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True, help="folder to serve")
    parser.add_argument("--port", type=int, default=8765, help="port on 127.0.0.1 (0: any free)")
    parser.add_argument("--log", required=True, help="file to append one line per request to")
    parser.add_argument("--mount", type=parse_mount, action="append", default=[],
                        help="serve another folder under a URL prefix: /prefix/=folder")
    parser.add_argument("--cache-control", default=DEFAULT_CACHE_CONTROL,
                        help=f"Cache-Control header for files (default: {DEFAULT_CACHE_CONTROL!r}; '' for none)")
    args = parser.parse_args(argv)
    server = make_server(args.root, args.port, args.log, args.mount, args.cache_control or None)
    print(f"serving {args.root} on http://127.0.0.1:{server.server_address[1]}/", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
