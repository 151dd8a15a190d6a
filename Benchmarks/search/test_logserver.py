#!/usr/bin/env python3
"""Checks logserver.py: pretty URLs, content types, caching, the log, and that nothing
outside the served folders is reachable.

    python3 -m unittest Benchmarks/search/test_logserver.py
"""

import http.client
import os
import sys
import tempfile
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import logserver  # noqa: E402


class LogServerTests(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        base = self.tmp.name
        self.root = os.path.join(base, "site")
        self.extra = os.path.join(base, "extra")
        os.makedirs(os.path.join(self.root, "p", "abc"))
        os.makedirs(os.path.join(self.root, "pagefind"))
        os.makedirs(self.extra)
        files = {
            "site/index.html": b"<p>home</p>",
            "site/p/abc/index.html": b"<p>post</p>",
            "site/style.css": b"body{}",
            "site/pagefind/wasm.en.pagefind": b"\x1f\x8bwasm",
            "site/pagefind/en_1.pf_fragment": b"\x1f\x8bfrag",
            "site/search.wasm": b"\0asm",
            "site/manifest.json": b"{}",
            "extra/query.html": b"<p>query</p>",
            "secret.txt": b"secret",
        }
        for name, body in files.items():
            with open(os.path.join(base, name), "wb") as f:
                f.write(body)
        os.symlink(base, os.path.join(self.root, "up"))
        self.log = os.path.join(base, "requests.log")
        self.server = logserver.make_server(self.root, 0, self.log, [("/__bench/", self.extra)])
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()
        self.tmp.cleanup()

    def get(self, path, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response, body

    def test_pretty_urls_and_types(self):
        response, body = self.get("/p/abc/")
        self.assertEqual((response.status, body), (200, b"<p>post</p>"))
        self.assertEqual(response.getheader("Content-Type"), "text/html; charset=utf-8")
        response, _ = self.get("/p/abc?q=1")
        self.assertEqual((response.status, response.getheader("Location")), (301, "abc/?q=1"))
        for path, kind in [("/style.css", "text/css; charset=utf-8"), ("/search.wasm", "application/wasm"),
                           ("/manifest.json", "application/json"),
                           ("/pagefind/en_1.pf_fragment", "application/octet-stream"),
                           ("/pagefind/wasm.en.pagefind", "application/octet-stream"),
                           ("/__bench/query.html?q=x", "text/html; charset=utf-8")]:
            response, _ = self.get(path)
            self.assertEqual((response.status, response.getheader("Content-Type")), (200, kind), path)

    def test_refuses_paths_outside(self):
        for path in ["/../secret.txt", "/%2e%2e/secret.txt", "/p/..%2f..%2f..%2fsecret.txt",
                     "/up/secret.txt", "/__bench/../secret.txt", "/__bench/%2e%2e/site/index.html",
                     "/a%00b", "/p/abc/..\\..\\..\\secret.txt"]:
            response, body = self.get(path)
            self.assertIn(response.status, (403, 404), path)
            self.assertNotIn(b"secret", body, path)

    def test_log_and_revalidation(self):
        response, _ = self.get("/style.css")
        etag = response.getheader("ETag")
        self.assertEqual(response.getheader("Cache-Control"), logserver.DEFAULT_CACHE_CONTROL)
        response, body = self.get("/style.css", {"If-None-Match": etag})
        self.assertEqual((response.status, body), (304, b""))
        self.get("/missing")
        with open(self.log) as f:
            lines = f.read().splitlines()
        self.assertEqual(lines, ["/style.css\t200\t6", "/style.css\t304\t0", "/missing\t404\t10"])


if __name__ == "__main__":
    unittest.main()
