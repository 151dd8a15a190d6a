#!/usr/bin/env python3
"""Measures the bytes a static search page downloads per query, in headless Chromium.

    python3 Benchmarks/search/measure.py --site .bench/output-1000-20000 \
        --page '/search/?q={q}' water sunset bridge coffee "golden sunset"

For each query, in the order given, it serves --site with logserver.py on 127.0.0.1,
runs headless Chromium once with a fresh profile on the page URL ({q} replaced by the
URL-encoded query), and waits until the page signals that its results have rendered:
`data-search-state="done"` on <html>. The page must render its results as
`<li class="search-result">` inside `<ol id="post-results">`. Every request the server
answered while that Chromium ran belongs to that query.

Figures (raw bytes as served, and "gzip": each file's gzip -6 size, or its raw size when
gzip does not make it smaller, as for Pagefind's already-compressed index files: what a
host compressing its responses would send):
- first query: everything query 1 fetched, split into the HTML page, stylesheets (.css)
  and the rest (script, index files, result cards: the search's own cost);
- further query N: the files query N fetched that queries 1..N-1 had not (a browser
  caching content-hashed, immutable files would not download those again); a URL's
  query string is ignored for this (Pagefind adds ?ts= to its entry file, which one page
  session fetches once). Median and max over queries 2..N.
/favicon.ico is not counted (the browser asks for it on any page).

How it waits (--wait): `cdp` (the default) starts headless Chromium with
--remote-debugging-port, navigates over the DevTools protocol (a small stdlib websocket
client below) and polls data-search-state in real time every 50 ms until it is "done" or
"error" (or --budget-ms passes), then waits --settle-ms more so late fetches are logged
too, and reads the DOM. `dump-dom` runs `chromium --headless --dump-dom
--virtual-time-budget=MS` instead: simpler, but with Pagefind 1.5 (whose search runs in a
Web Worker) it dumped the DOM before the results had rendered in about one query in seven,
so it is not the default. Either way the DOM is checked for data-search-state="done" and
the result list; a query whose page did not get there fails the run.

--json FILE writes every request and figure; --mount /prefix/=folder serves another
folder under a URL prefix (the Pagefind query page lives outside the built site).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json
import os
import re
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import logserver  # noqa: E402

IGNORED_PATHS = {"/favicon.ico"}


def chromium_binary(name: str | None) -> str:
    for candidate in [name] if name else ["chromium", "chromium-browser", "google-chrome"]:
        found = shutil.which(candidate)
        if found:
            return found
    raise SystemExit("measure.py: no Chromium found; install it with: apt-get install -y chromium")


def chromium_flags(profile: str) -> list[str]:
    flags = [
        "--headless",
        "--disable-gpu",
        f"--user-data-dir={profile}",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-default-apps",
        "--metrics-recording-only",
        "--disable-dev-shm-usage",
        "--mute-audio",
    ]
    if os.geteuid() == 0:
        flags.append("--no-sandbox")
    return flags


def html_state(dom: str) -> str | None:
    match = re.search(r"<html\b[^>]*>", dom, re.IGNORECASE)
    if not match:
        return None
    state = re.search(r'\bdata-search-state\s*=\s*"([^"]*)"', match.group(0))
    return state.group(1) if state else None


def result_links(dom: str) -> list[str]:
    match = re.search(r'<ol\b[^>]*\bid="post-results"[^>]*>(.*?)</ol>', dom, re.DOTALL)
    if not match:
        return []
    links = []
    for item in re.finditer(r'<li\b[^>]*\bclass="[^"]*\bsearch-result\b[^"]*"[^>]*>(.*?)</li>',
                            match.group(1), re.DOTALL):
        href = re.search(r'<a\b[^>]*\bhref="([^"]*)"', item.group(1))
        links.append(href.group(1) if href else "")
    return links


def run_dump_dom(browser: str, url: str, budget_ms: int, timeout: float, settle_ms: int) -> str:
    with tempfile.TemporaryDirectory(prefix="searchbench-profile-") as profile:
        command = [browser, *chromium_flags(profile), "--dump-dom",
                   f"--virtual-time-budget={budget_ms}", url]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            sys.stderr.write(done.stderr[-2000:])
            raise RuntimeError(f"chromium exited with {done.returncode} on {url}")
        return done.stdout


# --- a minimal DevTools-protocol client (stdlib only), for --wait cdp -----------------

class DevTools:
    def __init__(self, ws_url: str):
        parts = urllib.parse.urlsplit(ws_url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {parts.path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\n"
                   "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("DevTools closed the connection during the handshake")
            response += chunk
        head, _, self.buffer = response.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("DevTools refused the websocket: " + head.decode(errors="replace"))
        self.next_id = 0

    def _recv_exact(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("DevTools closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _send(self, text: str) -> None:
        payload = text.encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def _recv(self) -> str:
        message = b""
        while True:
            first, second = self._recv_exact(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._recv_exact(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._recv_exact(8))[0]
            data = self._recv_exact(length)
            opcode = first & 0x0F
            if opcode == 8:
                raise RuntimeError("DevTools closed the websocket")
            if opcode in (0, 1, 2):
                message += data
                if first & 0x80:
                    return message.decode()

    def call(self, method: str, **params):
        self.next_id += 1
        ident = self.next_id
        self._send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            reply = json.loads(self._recv())
            if reply.get("id") == ident:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def close(self):
        self.sock.close()


def run_cdp(browser: str, url: str, budget_ms: int, timeout: float, settle_ms: int) -> str:
    # Chromium's helper processes may still be writing to the profile while it is removed.
    with tempfile.TemporaryDirectory(prefix="searchbench-profile-", ignore_cleanup_errors=True) as profile:
        command = [browser, *chromium_flags(profile), "--remote-debugging-port=0",
                   "--remote-allow-origins=*", "about:blank"]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            port_file = os.path.join(profile, "DevToolsActivePort")
            deadline = time.monotonic() + 30
            while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("Chromium did not start its DevTools endpoint")
                time.sleep(0.05)
            port = int(open(port_file).read().split()[0])
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as r:
                targets = [t for t in json.load(r) if t.get("type") == "page"]
            tools = DevTools(targets[0]["webSocketDebuggerUrl"])
            try:
                tools.call("Page.navigate", url=url)
                deadline = time.monotonic() + min(timeout, budget_ms / 1000)
                expression = "document.documentElement.dataset.searchState || ''"
                while True:
                    state = tools.call("Runtime.evaluate", expression=expression,
                                       returnByValue=True)["result"].get("value", "")
                    if state in ("done", "error") or time.monotonic() > deadline:
                        break
                    time.sleep(0.05)
                time.sleep(settle_ms / 1000)
                dom = tools.call("Runtime.evaluate",
                                 expression="document.documentElement.outerHTML",
                                 returnByValue=True)["result"]["value"]
                try:
                    tools.call("Browser.close")
                except (RuntimeError, OSError):
                    pass
            finally:
                tools.close()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            return dom
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


# --- measuring ---------------------------------------------------------------------------

class Measurer:
    def __init__(self, site_dir: str, mounts, log_path: str, port: int, cache_control):
        self.site = logserver.Site(site_dir, mounts)
        self.log_path = log_path
        open(log_path, "w").close()
        self.server = logserver.make_server(site_dir, port, log_path, mounts, cache_control)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.gzip_cache: dict[str, int] = {}

    def close(self):
        self.server.shutdown()
        self.server.server_close()

    def log_size(self) -> int:
        return os.path.getsize(self.log_path)

    def requests_since(self, offset: int) -> list[dict]:
        with open(self.log_path, "rb") as f:
            f.seek(offset)
            lines = f.read().decode("utf-8").splitlines()
        requests = []
        for line in lines:
            path, status, sent = line.split("\t")
            requests.append({"path": path, "status": int(status), "bytes": int(sent),
                             "gzip": self.gzip_size(path, int(status), int(sent))})
        return requests

    def gzip_size(self, path: str, status: int, sent: int) -> int:
        if status != 200 or sent == 0:
            return sent
        kind, file = self.site.resolve(path)
        if kind != "file":
            return sent
        if file not in self.gzip_cache:
            with open(file, "rb") as f:
                data = f.read()
            # A host compressing responses sends the smaller of the two.
            self.gzip_cache[file] = min(len(data), len(gzip.compress(data, compresslevel=6, mtime=0)))
        return self.gzip_cache[file]


def key(path: str) -> str:
    return urllib.parse.urlsplit(path).path


def summarize(queries: list[dict], page_path: str) -> dict:
    def split(requests):
        parts = {"page": [0, 0], "css": [0, 0], "search": [0, 0]}
        for r in requests:
            p = key(r["path"])
            part = "page" if p == page_path else "css" if p.endswith(".css") else "search"
            parts[part][0] += r["bytes"]
            parts[part][1] += r["gzip"]
        return parts

    first = queries[0]
    parts = split(first["requests"])
    by_type: dict[str, list[int]] = {}
    for r in first["requests"]:
        path = key(r["path"])
        ext = ".html" if path.endswith("/") else os.path.splitext(path)[1] or "(none)"
        entry = by_type.setdefault(ext, [0, 0, 0])
        entry[0] += 1
        entry[1] += r["bytes"]
        entry[2] += r["gzip"]
    seen = {key(r["path"]) for r in first["requests"]}
    further = []
    for q in queries[1:]:
        new = {}
        for r in q["requests"]:
            p = key(r["path"])
            if p not in seen and p not in new:
                new[p] = r
        q["new_files"] = sorted(new)
        q["new_bytes"] = sum(r["bytes"] for r in new.values())
        q["new_gzip"] = sum(r["gzip"] for r in new.values())
        further.append(q)
        seen.update(new)
    summary = {
        "first_query": first["query"],
        "first_page_bytes": parts["page"][0], "first_page_gzip": parts["page"][1],
        "first_css_bytes": parts["css"][0], "first_css_gzip": parts["css"][1],
        "first_search_bytes": parts["search"][0], "first_search_gzip": parts["search"][1],
        "first_total_bytes": sum(v[0] for v in parts.values()),
        "first_total_gzip": sum(v[1] for v in parts.values()),
        "first_requests": len(first["requests"]),
        "first_by_type": {ext: {"requests": v[0], "bytes": v[1], "gzip": v[2]}
                          for ext, v in sorted(by_type.items(), key=lambda i: -i[1][1])},
    }
    if further:
        raw = [q["new_bytes"] for q in further]
        gz = [q["new_gzip"] for q in further]
        summary.update({
            "further_queries": len(further),
            "further_median_bytes": statistics.median(raw), "further_max_bytes": max(raw),
            "further_median_gzip": statistics.median(gz), "further_max_gzip": max(gz),
        })
    return summary


def human(n: float) -> str:
    return f"{n / 1000:.1f} KB" if n >= 1000 else f"{n:.0f} B"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        description="Bytes per query of a static search page, measured in headless Chromium.",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--site", required=True, help="built site folder to serve")
    parser.add_argument("--page", required=True,
                        help="page URL path with {q} for the query, e.g. '/search/?q={q}'")
    parser.add_argument("--mount", type=logserver.parse_mount, action="append", default=[],
                        help="also serve a folder under a URL prefix: /prefix/=folder")
    parser.add_argument("--label", default="site", help="name printed with the figures")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: any free)")
    parser.add_argument("--cache-control", default=logserver.DEFAULT_CACHE_CONTROL,
                        help="Cache-Control the server sends with files ('' for none; default: "
                             f"{logserver.DEFAULT_CACHE_CONTROL!r})")
    parser.add_argument("--chromium", help="Chromium binary (default: chromium on PATH)")
    parser.add_argument("--wait", choices=["cdp", "dump-dom"], default="cdp",
                        help="how to wait for the page (default: cdp)")
    parser.add_argument("--settle-ms", type=int, default=1000,
                        help="cdp: time to keep logging after the page said done (default: 1000)")
    parser.add_argument("--budget-ms", type=int, default=30000,
                        help="virtual-time budget (dump-dom) or real-time limit (cdp) per query")
    parser.add_argument("--json", help="write every request and figure to this file")
    parser.add_argument("--log", help="request log file (default: a temporary file)")
    parser.add_argument("--min-results", type=int, default=1,
                        help="fail unless each query rendered at least this many results")
    parser.add_argument("queries", nargs="+", help="queries, in order; the first is the 'first query'")
    args = parser.parse_args(argv)
    if "{q}" not in args.page or not args.page.startswith("/"):
        parser.error("--page must start with '/' and contain {q}")

    browser = chromium_binary(args.chromium)
    runner = run_cdp if args.wait == "cdp" else run_dump_dom
    log_dir = None
    if args.log:
        log_path = args.log
    else:
        log_dir = tempfile.mkdtemp(prefix="searchbench-log-")
        log_path = os.path.join(log_dir, "requests.log")
    measurer = Measurer(args.site, args.mount, log_path, args.port, args.cache_control or None)
    page_path = key(args.page.replace("{q}", ""))
    queries = []
    failed = False
    try:
        for query in args.queries:
            url = f"http://127.0.0.1:{measurer.port}" + args.page.replace(
                "{q}", urllib.parse.quote_plus(query))
            offset = measurer.log_size()
            started = time.monotonic()
            dom = runner(browser, url, args.budget_ms, args.budget_ms / 1000 + 120, args.settle_ms)
            seconds = time.monotonic() - started
            time.sleep(0.3)  # let the server's handler threads write their last log lines
            requests = [r for r in measurer.requests_since(offset)
                        if key(r["path"]) not in IGNORED_PATHS]
            state = html_state(dom)
            links = result_links(dom)
            entry = {"query": query, "url": url, "state": state, "results": len(links),
                     "links": links, "seconds": round(seconds, 2), "requests": requests,
                     "bytes": sum(r["bytes"] for r in requests),
                     "gzip": sum(r["gzip"] for r in requests)}
            queries.append(entry)
            bad = [r for r in requests if r["status"] >= 400]
            note = ""
            if state != "done":
                note = f"  FAILED: data-search-state={state!r}"
                failed = True
            elif len(links) < args.min_results:
                note = f"  FAILED: {len(links)} results rendered"
                failed = True
            if bad:
                note += "  (" + ", ".join(f"{r['status']} {r['path']}" for r in bad) + ")"
            print(f"[{args.label}] {query!r}: {len(requests)} requests, {human(entry['bytes'])} "
                  f"({human(entry['gzip'])} gzip), {len(links)} results, {seconds:.1f} s{note}",
                  file=sys.stderr, flush=True)
    finally:
        measurer.close()
        if log_dir:
            shutil.rmtree(log_dir, ignore_errors=True)

    summary = summarize(queries, page_path)
    s = summary
    print(f"\n{args.label}: first query {s['first_query']!r} ({s['first_requests']} requests)")
    print(f"  {'':28} {'raw':>10} {'gzip -6':>10}")
    for label, name in [("HTML page", "page"), ("stylesheets", "css"),
                        ("search (script+index+cards)", "search"), ("total", "total")]:
        print(f"  {label:28} {human(s[f'first_{name}_bytes']):>10} {human(s[f'first_{name}_gzip']):>10}")
    print("  by file type (requests, raw, gzip):")
    for ext, v in s["first_by_type"].items():
        print(f"    {ext:26} {v['requests']:>4}  {human(v['bytes']):>10} {human(v['gzip']):>10}")
    if "further_queries" in s:
        print(f"  further queries ({s['further_queries']}), new files only:")
        print(f"  {'median':28} {human(s['further_median_bytes']):>10} {human(s['further_median_gzip']):>10}")
        print(f"  {'max':28} {human(s['further_max_bytes']):>10} {human(s['further_max_gzip']):>10}")
        for q in queries[1:]:
            print(f"    {q['query']!r:26} {human(q['new_bytes']):>10} {human(q['new_gzip']):>10}"
                  f"  ({len(q['new_files'])} files)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"label": args.label, "site": os.path.abspath(args.site), "page": args.page,
                       "wait": args.wait, "summary": summary, "queries": queries}, f, indent=1)
    if failed:
        print(f"measure.py: some queries did not finish rendering results ({args.label})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
