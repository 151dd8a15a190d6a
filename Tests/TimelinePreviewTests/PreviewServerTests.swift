import Foundation
import Testing
import TimelineTestSupport

@testable import TimelinePreview

/// `timeline serve` in this process: a real server on a free loopback port, asked over real
/// sockets.
@Suite("Preview server", .serialized)
struct PreviewServerTests {
    static let firstPost = "-K25Fj8qrMAtxXG3QCSn"
    static let secondPost = "-K36oDNVDXuaek0DUCoc"

    @Test("serves pages, folders, assets and the 404 page with the right types and cache headers")
    func servesTheSite() async throws {
        let fixture = try SiteFixture.small()
        let preview = try await RunningPreview.start(fixture)
        defer { Task { await preview.stop() } }

        let home = try await preview.get("/")
        #expect(home.status == 200)
        #expect(home.header("Content-Type") == "text/html; charset=utf-8")
        #expect(home.header("Cache-Control") == "no-store")
        #expect(home.text.contains("<script data-timeline-preview>"))
        #expect(home.text.contains(ReloadScript.eventsPath))
        // The script is added to what is served, never to the built files.
        #expect(!(try fixture.read("index.html")).contains("data-timeline-preview"))
        let scriptAt = try #require(home.text.range(of: "<script data-timeline-preview>"))
        let bodyEnd = try #require(home.text.range(of: "</body>", options: .backwards))
        #expect(scriptAt.upperBound < bodyEnd.lowerBound)

        let post = try await preview.get("/p/\(Self.firstPost)/")
        #expect(post.status == 200)
        #expect(post.text.contains("First"))

        let redirect = try await preview.get("/p/\(Self.firstPost)")
        #expect(redirect.status == 302)
        #expect(redirect.header("Location") == "/p/\(Self.firstPost)/")
        #expect(try await preview.get("/p/\(Self.firstPost)?x=1").header("Location") == "/p/\(Self.firstPost)/?x=1")

        let css = try await preview.get("/assets/style.css")
        #expect(css.status == 200)
        #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        #expect(css.header("Cache-Control") == "no-cache")
        let tag = try #require(css.header("ETag"))
        #expect(css.body == Array(try fixture.read("assets/style.css").utf8))
        let revalidated = try await preview.get("/assets/style.css", headers: ["If-None-Match": tag])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)

        let missing = try await preview.get("/no/such/page/")
        #expect(missing.status == 404)
        #expect(missing.header("Content-Type") == "text/html; charset=utf-8")
        #expect(missing.text.contains(try fixture.read("404.html").prefix(60)))
        #expect(missing.text.contains("data-timeline-preview"))

        let head = try await HTTPProbe.request(port: preview.port, "/", method: "HEAD")
        #expect(head.status == 200)
        #expect(try await HTTPProbe.request(port: preview.port, "/", method: "POST").status == 405)
        #expect(await preview.server.state.requestCount(for: "/") >= 2)
    }

    @Test("only loopback names, addresses and allowed names are answered: another Host is refused with 403, the event stream too (DNS rebinding)")
    func hostCheck() async throws {
        let fixture = try SiteFixture.small()
        let preview = try await RunningPreview.start(fixture, allowedHosts: AllowedHosts(extra: ["photos.test"]))
        defer { Task { await preview.stop() } }
        for host in [
            "127.0.0.1:\(preview.port)", "localhost:\(preview.port)", "LOCALHOST", "[::1]:\(preview.port)", "192.168.1.20:8000", "photos.test:\(preview.port)",
            "app.localhost",
        ] {
            let response = try await preview.get("/", headers: ["Host": host])
            #expect(response.status == 200, "\(host)")
        }
        for host in ["evil.example.com", "evil.example.com:\(preview.port)", "127.0.0.1.evil.example", "localhost.evil.example", "photos.test.evil"] {
            let page = try await preview.get("/", headers: ["Host": host])
            #expect(page.status == 403, "\(host)")
            #expect(!page.text.contains("<html"), "\(host): no page content")
            let events = try await preview.get(ReloadScript.eventsPath, headers: ["Host": host])
            #expect(events.status == 403, "\(host): event stream")
        }
    }

    @Test("a site under a base path is served under it, and / redirects there")
    func basePath() async throws {
        let fixture = try SiteFixture(site: #"{"title": "Fixture", "baseURL": "https://example.org/photos/", "pageSize": 2}"#)
        try fixture.user("alice")
        try fixture.post(Self.firstPost, by: "alice", caption: "Hello")
        let preview = try await RunningPreview.start(fixture)
        defer { Task { await preview.stop() } }
        #expect(try await preview.get("/").header("Location") == "/photos/")
        #expect(try await preview.get("/photos").header("Location") == "/photos/")
        #expect(try await preview.get("/photos/").status == 200)
        #expect(try await preview.get("/photos/p/\(Self.firstPost)/").status == 200)
        #expect(try await preview.get("/p/\(Self.firstPost)/").status == 404)
    }

    @Test("no request reads outside the output folder: dot segments, encoded separators, NUL, symlinks")
    func traversalRefused() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("secret.txt", "TOP-SECRET")
        try fixture.write("Output-sibling/secret.txt", "TOP-SECRET")
        let preview = try await RunningPreview.start(fixture)
        defer { Task { await preview.stop() } }
        try FileManager.default.createSymbolicLink(atPath: fixture.output + "/leak.txt", withDestinationPath: fixture.root + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: fixture.output + "/leakdir", withDestinationPath: fixture.root)
        try FileManager.default.createSymbolicLink(atPath: fixture.output + "/p/inner", withDestinationPath: "../../secret.txt")

        let attempts = [
            "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/..%2fsecret.txt", "/..%2Fsecret.txt", "/..\\secret.txt",
            "/%5c..%5csecret.txt", "/..%5csecret.txt", "/p/..%2f..%2fsecret.txt", "/p/%2e%2e/%2e%2e/secret.txt", "/./../secret.txt",
            "/index.html%00.css", "/%00", "/..%00/secret.txt", "/%2e%2e%2f%2e%2e%2fetc/passwd", "/../../../../etc/passwd",
            "/../Output-sibling/secret.txt", "/leak.txt", "/leakdir/secret.txt", "/leakdir/", "/p/inner", "/%zz", "secret.txt",
        ]
        for target in attempts {
            let response = try await preview.get(target)
            #expect([400, 404].contains(response.status), "\(target) → \(response.status)")
            #expect(!response.text.contains("TOP-SECRET"), "\(target) leaked the file")
            #expect(!response.text.contains("root:x:0:0"), "\(target) leaked /etc/passwd")
        }
        // A sane path still works after all that.
        #expect(try await preview.get("/index.html").status == 200)
    }

    @Test("a saved caption is rebuilt and open pages get a reload event")
    func reloadAfterEdit() async throws {
        let fixture = try SiteFixture.small()
        let (preview, events) = try await RunningPreview.startListening(fixture)
        defer { Task { await preview.stop() } }
        #expect(events.events.first == .init(name: "hello", data: "1"))

        try fixture.post(Self.firstPost, by: "alice", caption: "An edited caption", photo: nil)
        let reload = try #require(try await events.next("reload"), "no reload event after the edit")
        #expect(Int(reload.data) ?? 0 > 1)
        let page = try await preview.get("/p/\(Self.firstPost)/")
        #expect(page.text.contains("An edited caption"))
        #expect(page.text.contains("var generation = \(reload.data);"))
    }

    @Test("a site on the built-in theme that gets a Templates/ while serving is rebuilt with it, and with the built-in theme again when it goes")
    func templatesFolderMadeWhileServing() async throws {
        let fixture = try SiteFixture.small()
        try fixture.remove("Templates")
        let preview = try await RunningPreview.start(fixture)
        defer { Task { await preview.stop() } }
        #expect(try await preview.get("/").text.contains("<body class=\"page-"))

        let base = try String(contentsOfFile: RepositoryPaths.templates + "/base.mustache", encoding: .utf8)
        // Made beside it and moved into place, so that no rebuild sees the folder without the file.
        try fixture.write("Templates.new/base.mustache", base.replacingOccurrences(of: "<body class=", with: "<body data-theme=\"site\" class="))
        try FileManager.default.moveItem(atPath: fixture.root + "/Templates.new", toPath: fixture.root + "/Templates")
        #expect(try await preview.rebuilt("/") { $0.contains("<body data-theme=\"site\"") }, "no rebuild with Templates/ after it was made")

        try fixture.remove("Templates")
        #expect(try await preview.rebuilt("/") { !$0.contains("data-theme=") }, "no rebuild with the built-in theme after Templates/ was removed")
    }

    @Test("a broken edit shows the errors over the last good site; fixing it reloads a fresh page")
    func errorPageAndRecovery() async throws {
        let fixture = try SiteFixture.small()
        let (preview, events) = try await RunningPreview.startListening(fixture)
        defer { Task { await preview.stop() } }

        // An author name with markup: the error message quotes it, so it must arrive escaped.
        try fixture.write("Content/posts/\(Self.firstPost)/post.md", "---\nusername: <img src=x onerror=alert(1)>\nalt: A rocket\n---\nBroken")
        let failed = try #require(try await events.next("failed"), "no failed event after the broken edit")
        let broken = try await preview.get("/p/\(Self.firstPost)/")
        #expect(broken.status == 200)
        #expect(broken.text.contains("First <em>post</em>"), "the last good page is still served")
        #expect(broken.text.contains("id=\"timeline-build-error\""))
        #expect(broken.text.contains("posts/\(Self.firstPost)/post.md:2"), "\(broken.text)")
        #expect(broken.text.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!broken.text.contains("<img src=x onerror"))
        #expect(try await preview.get("/").text.contains("timeline-build-error"))

        try fixture.post(Self.firstPost, by: "alice", caption: "Fixed caption", photo: nil)
        let reload = try #require(try await events.next("reload", after: events.events.firstIndex(of: failed) ?? 0), "no reload after the fix")
        #expect(Int(reload.data) ?? 0 > Int(failed.data) ?? 0)
        let fixed = try await preview.get("/p/\(Self.firstPost)/")
        #expect(fixed.text.contains("Fixed caption"))
        #expect(!fixed.text.contains("timeline-build-error"))
    }

    @Test("when the first build fails there is an error page, and the site once fixed")
    func firstBuildFails() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/users/bob.json", "{\n  \"username\": \"bob\",\n  \"follows\": [\"alice\"],\n  \"bio\": \"unterminated\n}\n")
        let (preview, events) = try await RunningPreview.startListening(fixture)
        defer { Task { await preview.stop() } }
        #expect(!fixture.exists("index.html"))
        let page = try await preview.get("/")
        #expect(page.status == 404)
        #expect(page.text.contains("id=\"timeline-build-error\""))
        #expect(page.text.contains("users/bob.json:4:23"))
        #expect(page.text.contains("data-timeline-preview"))

        try fixture.user("bob", follows: ["alice"])
        _ = try #require(try await events.next("reload"), "no reload after the fix")
        let fixed = try await preview.get("/")
        #expect(fixed.status == 200)
        #expect(!fixed.text.contains("timeline-build-error"))
    }

    @Test("a changed stylesheet sends a stylesheets event, not a reload")
    func stylesheetOnly() async throws {
        let fixture = try SiteFixture.small()
        let (preview, events) = try await RunningPreview.startListening(fixture)
        defer { Task { await preview.stop() } }
        let stylesheet = fixture.root + "/Templates/assets/style.css"
        let original = try String(contentsOfFile: stylesheet, encoding: .utf8)
        try fixture.write("Templates/assets/style.css", original + "\nbody { outline: 1px solid red; }\n")
        let event = try #require(try await events.next("stylesheets"), "no stylesheets event")
        #expect(!events.events.contains { $0.name == "reload" })
        #expect(Int(event.data) ?? 0 > 1)
        #expect(try await preview.get("/assets/style.css").text.contains("outline: 1px solid red"))
    }

    @Test("during rebuilds every request gets a whole page: no 404, no half-written file")
    func wholePagesDuringRebuilds() async throws {
        let fixture = try SiteFixture.small()
        let (preview, events) = try await RunningPreview.startListening(fixture, debounce: .milliseconds(10))
        defer { Task { await preview.stop() } }
        let expected = try fixture.read("index.html").utf8.count
        let editor = Task {
            for index in 1...4 {
                try fixture.post(Self.firstPost, by: "alice", caption: "Rebuild \(index)", photo: nil)
                _ = try await events.next("reload", after: events.events.count, timeout: .seconds(30))
            }
        }
        var checked = 0
        while !editor.isCancelled, checked < 2000 {
            let home = try await preview.get("/")
            #expect(home.status == 200)
            #expect(home.text.hasSuffix("</html>\n") || home.text.hasSuffix("</html>"), "a cut page of \(home.body.count) bytes")
            #expect(home.body.count > expected)  // the page plus the script
            checked += 1
            if events.events.filter({ $0.name == "reload" }).count >= 4 { break }
        }
        try await editor.value
        #expect(events.events.filter { $0.name == "reload" }.count >= 4)
        #expect(checked > 4)
    }

    @Test("a burst of saves becomes one rebuild")
    func debounce() async throws {
        let fixture = try SiteFixture.small()
        let (preview, events) = try await RunningPreview.startListening(fixture, debounce: .milliseconds(300))
        defer { Task { await preview.stop() } }
        let burstFile = "/posts/\(Self.firstPost)/post.md"
        for index in 1...5 {
            try fixture.post(Self.firstPost, by: "alice", caption: "Save \(index)", photo: nil)
        }
        let first = try #require(try await preview.nextRebuild(), "no rebuild after the burst")
        #expect(first.contains { $0.hasSuffix(burstFile) })
        #expect(try await preview.get("/p/\(Self.firstPost)/").text.contains("Save 5"))
        _ = try #require(try await events.next("reload"))
        let afterFirstReload = (events.events.firstIndex { $0.name == "reload" } ?? 0) + 1
        // A save of another file afterwards: the watcher reports changes in order, so by the
        // time its rebuild comes, every event of the burst has been taken. A second rebuild for
        // the burst would come before it, or with it.
        try fixture.post(Self.secondPost, by: "bob", caption: "Sentinel", photo: nil)
        let next = try #require(try await preview.nextRebuild(), "no rebuild after the second save")
        #expect(!next.contains { $0.hasSuffix(burstFile) }, "the burst was built twice: \(next)")
        #expect(next.contains { $0.hasSuffix("/posts/\(Self.secondPost)/post.md") })
        // The stream got one reload per rebuild: it is sent before the rebuild is reported, but
        // reaches the stream's reader on its own thread.
        _ = try #require(try await events.next("reload", after: afterFirstReload))
        #expect(events.events.filter { $0.name == "reload" }.count == 2)
    }

    @Test("the polling fallback notices changes too")
    func pollingFallback() async throws {
        let fixture = try SiteFixture.small()
        let (preview, events) = try await RunningPreview.startListening(fixture, watchMode: .polling(interval: .milliseconds(50)))
        defer { Task { await preview.stop() } }
        try fixture.post(Self.firstPost, by: "alice", caption: "Polled caption", photo: nil)
        _ = try #require(try await events.next("reload"), "no reload event with polling")
        #expect(try await preview.get("/p/\(Self.firstPost)/").text.contains("Polled caption"))
    }

    @Test("stopping the server ends the open event streams")
    func shutdownClosesStreams() async throws {
        let fixture = try SiteFixture.small()
        let (preview, events) = try await RunningPreview.startListening(fixture)
        let stopped = try await withDeadline(.seconds(20)) {
            await preview.stop()
            return true
        }
        #expect(stopped == true, "the server did not stop")
        #expect(try await events.waitUntilClosed(timeout: .seconds(10)))
    }
}
