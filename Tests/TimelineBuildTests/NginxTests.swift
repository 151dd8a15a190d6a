import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineSite

/// The example site built for nginx, served by Debian's nginx on 127.0.0.1 under the sub-path
/// of its base URL with the generated `timeline.nginx.conf`, and looked at in headless Chromium.
@Suite("Served by nginx", .serialized, .enabled(if: NginxServer.shouldRun, "needs nginx (apt-get install nginx libnginx-mod-http-brotli-static)"))
struct NginxTests {
    static let site = Task { try await HostedExampleSite(settings: #""host": "nginx", "precompress": true"#) }
    static var snippet: String { "timeline/" + NginxSnippet.name }

    static func start() async throws -> (HostedExampleSite, NginxServer) {
        let site = try await site.value
        return (site, try NginxServer(root: site.root + "/www", snippet: site.root + "/www/" + snippet))
    }

    @Test("The generated snippet passes nginx -t; a broken one does not")
    func syntax() async throws {
        let site = try await Self.site.value
        let checked = try await NginxServer.test(root: site.root + "/www", snippet: site.root + "/www/" + Self.snippet)
        #expect(checked.valid, "\(checked.output)")
        let broken = site.root + "/broken.conf"
        try String(contentsOfFile: site.output + "/" + NginxSnippet.name, encoding: .utf8).replacingOccurrences(
            of: "add_header Cache-Control \"no-cache\";", with: "add_header Cache-Control;"
        )
        .write(toFile: broken, atomically: true, encoding: .utf8)
        #expect(try await NginxServer.test(root: site.root + "/www", snippet: broken).valid == false)
    }

    @Test(
        "Every file and page gets the Cache-Control that _headers gives it for Netlify; a missing page is the 404 page with status 404; the snippet itself is not served"
    )
    func cacheHeaders() async throws {
        let (site, server) = try await Self.start()
        let netlify = try await HostedExampleSite(settings: #""host": "netlify""#)
        let rules = try HeaderRules(String(contentsOfFile: netlify.output + "/_headers", encoding: .utf8))
        var checked = 0
        for path in site.requestPaths where !path.hasSuffix(NginxSnippet.name) && !path.hasSuffix(".gz") && !path.hasSuffix(".br") {
            let response = try await HTTPProbe.request(port: server.port, path, method: "HEAD")
            #expect(response.status == 200, "\(path)")
            let expected = rules.values(of: "Cache-Control", for: path).first ?? CachePolicy.revalidate
            #expect(response.header("Cache-Control") == expected, "\(path)")
            checked += 1
        }
        #expect(checked > 250)

        let missing = try await HTTPProbe.request(port: server.port, "/timeline/u/nobody/feed/")
        #expect(missing.status == 404)
        #expect(missing.text == (try String(contentsOfFile: site.output + "/404.html", encoding: .utf8)))
        #expect(try await HTTPProbe.request(port: server.port, "/timeline/" + NginxSnippet.name).status == 404)
    }

    @Test(
        "A client that accepts gzip or brotli gets the precompressed file as it is on disk, with Content-Encoding and Vary; one that accepts neither gets the page; small files and photos are sent as they are"
    )
    func precompressed() async throws {
        let (site, server) = try await Self.start()
        let page = "/timeline/users/"
        let original = try Data(contentsOf: URL(fileURLWithPath: site.output + "/users/index.html"))
        for (accepted, encoding, file) in [
            ("gzip", "gzip", "users/index.html.gz"), ("br", "br", "users/index.html.br"), ("gzip, deflate, br", "br", "users/index.html.br"),
        ] {
            let response = try await HTTPProbe.request(port: server.port, page, headers: ["Accept-Encoding": accepted])
            #expect(response.status == 200)
            #expect(response.header("Content-Encoding") == encoding, "Accept-Encoding: \(accepted)")
            #expect(response.header("Vary")?.contains("Accept-Encoding") == true)
            #expect(Data(response.body) == (try Data(contentsOf: URL(fileURLWithPath: site.output + "/" + file))), "\(file)")
            #expect(response.header("Cache-Control") == CachePolicy.revalidate)
        }
        let plain = try await HTTPProbe.request(port: server.port, page)
        #expect(plain.header("Content-Encoding") == nil)
        #expect(Data(plain.body) == original)

        let robots = try await HTTPProbe.request(port: server.port, "/timeline/robots.txt", headers: ["Accept-Encoding": "gzip, br"])
        #expect(robots.status == 200 && robots.header("Content-Encoding") == nil, "robots.txt is under 1 KiB: no copies")
        let photo = try #require(site.files.first { HostedExampleSite.isHashed("/timeline/" + $0) && $0.hasSuffix(".webp") })
        let image = try await HTTPProbe.request(port: server.port, "/timeline/" + photo, headers: ["Accept-Encoding": "gzip, br"])
        #expect(image.status == 200 && image.header("Content-Encoding") == nil)
        #expect(image.header("Cache-Control") == CachePolicy.immutable)
    }

    @Test("In Chromium: pages with their stylesheet and photos, search, and the 404 page at a deep missing address, styled")
    func browser() async throws {
        let (site, server) = try await Self.start()
        let post = try #require(site.files.filter { $0.hasPrefix("p/") && $0.hasSuffix("index.html") }.sorted().first)
        for page in ["index.html", post, "u/hansolo/feed/index.html"] {
            let probeFile = (page as NSString).deletingLastPathComponent + "/probe-\(UUID().uuidString).html"
            defer { try? FileManager.default.removeItem(atPath: site.output + "/" + probeFile) }
            let loaded = try await PageProbe.open(
                server.url("/timeline/" + probeFile), page: site.output + "/" + page, probeFile: site.output + "/" + probeFile)
            #expect(loaded.styled, "\(page)")
            #expect(!loaded.images.isEmpty, "\(page)")
            for image in loaded.images { #expect(image.width > 0, "\(page): \(image.source)") }
        }

        let search = try #require(HTMLDocument(data: Data(await Browser.dom(server.url("/timeline/search/?q=water")).utf8)))
        #expect(search.values("/html/@data-search-state") == ["done"])
        #expect(search.count("//ol[@id='post-results']/li") >= 2)
        #expect(search.values("//ol[@id='post-results']/li/a/@href").allSatisfy { $0.hasPrefix(server.url("/timeline/p/")) })

        // The 404 page is what nginx shows at any missing address: probe it there.
        // Its compressed copies, which nginx would send instead, are set aside meanwhile.
        let notFound = site.output + "/404.html"
        let original = try String(contentsOfFile: notFound, encoding: .utf8)
        for copy in [".gz", ".br"] { try FileManager.default.moveItem(atPath: notFound + copy, toPath: notFound + copy + ".aside") }
        defer {
            try? original.write(toFile: notFound, atomically: true, encoding: .utf8)
            for copy in [".gz", ".br"] { try? FileManager.default.moveItem(atPath: notFound + copy + ".aside", toPath: notFound + copy) }
        }
        let loaded = try await PageProbe.open(server.url("/timeline/no/such/page/"), page: notFound, probeFile: notFound)
        #expect(loaded.styled)
        #expect(loaded.document.values("//h1").first?.isEmpty == false)
    }
}
