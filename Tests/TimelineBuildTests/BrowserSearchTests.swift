import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineSite

/// The search page and the list filters, run in headless Chromium against a built site served
/// over HTTP on 127.0.0.1. What the page lists is compared with what the test works out from
/// the content on its own.
@Suite("Search in a real browser", .serialized, .enabled(if: Browser.shouldRun, "needs Chromium (apt-get install chromium)"))
struct BrowserSearchTests {
    struct PageResults {
        let state: String?
        let posts: [String]
        let users: [String]
        let albums: [String]
        /// Each album result's cover, as the path of its image.
        let albumCovers: [String]
        let status: String?
        let moreHidden: Bool

        init(html: String) throws {
            let page = try #require(HTMLDocument(data: Data(html.utf8)))
            state = page.values("/html/@data-search-state").first
            // The script resolves each result's URL against the index's manifest.
            let path = { (href: String) in URLComponents(string: href)?.path ?? href }
            posts = page.values("//ol[@id='post-results']/li[@class='search-result']/a/@href").map(path)
            users = page.values("//ol[@id='user-results']/li/a/@href").map(path)
            albums = page.values("//ol[@id='album-results']/li/a/@href").map(path)
            albumCovers = page.values("//ol[@id='album-results']/li/a/img/@src").map(path)
            status = page.text("//p[@id='search-status']")
            moreHidden = page.count("//button[@id='more-posts'][@hidden]") == 1
        }
    }

    static func search(_ server: StaticServer, _ query: String) async throws -> PageResults {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
        return try await PageResults(html: Browser.dom(server.url("/search/?q=\(encoded)")))
    }

    /// The example site, built once per test run with a root base path so it can be served
    /// from any port. The tests only read it (the text-rules test adds a page of its own).
    static let example = Task {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-browser-\(UUID().uuidString)").path
        _ = try await SiteBuilder.build(
            BuildOptions(
                siteRoot: RepositoryPaths.root, output: output, cache: RepositoryPaths.exampleImageCache, baseURL: "http://127.0.0.1/"))
        return output
    }

    @Test("Searching the example site for 'water' lists every post with a word starting with 'water' in its caption or comments, newest first")
    func exampleWater() async throws {
        let output = try await Self.example.value
        let server = try await StaticServer.start(serving: output)

        // Worked out from the files: a caption or comment with a word that starts with "water".
        let postsFolder = RepositoryPaths.content + "/posts"
        let expected = try FileManager.default.contentsOfDirectory(atPath: postsFolder).filter { id in
            let texts = ["post.md", "comments.json"].compactMap { try? String(contentsOfFile: "\(postsFolder)/\(id)/\($0)", encoding: .utf8) }
            return texts.contains { $0.range(of: #"(?i)\bwater"#, options: .regularExpression) != nil }
        }.sorted(by: >).map { "/p/\($0)/" }
        #expect(expected.count >= 2)

        let results = try await Self.search(server, "water")
        #expect(results.state == "done")
        #expect(results.posts == expected)
        #expect(results.moreHidden)

        let twoWords = try await Self.search(server, "WATER horse")
        #expect(twoWords.posts.count < results.posts.count)
        #expect(Set(twoWords.posts).isSubset(of: Set(results.posts)))

        let nothing = try await Self.search(server, "xylophonequartet")
        #expect(nothing.state == "done")
        #expect(nothing.posts.isEmpty)
        #expect(nothing.status?.contains("Nothing matches") == true)
    }

    @Test("'#coffee' finds the posts tagged #coffee (in any case); 'coffee' finds the word too, tagged or not")
    func exampleHashtag() async throws {
        let output = try await Self.example.value
        let server = try await StaticServer.start(serving: output)
        let postsFolder = RepositoryPaths.content + "/posts"
        let ids = try FileManager.default.contentsOfDirectory(atPath: postsFolder).sorted(by: >)
        func posts(matching pattern: String) throws -> [String] {
            try ids.filter { id in
                let texts = ["post.md", "comments.json"].compactMap { try? String(contentsOfFile: "\(postsFolder)/\(id)/\($0)", encoding: .utf8) }
                return texts.contains { $0.range(of: pattern, options: .regularExpression) != nil }
            }.map { "/p/\($0)/" }
        }
        let tagged = try posts(matching: #"(?i)(^|\s)#coffee\b"#)
        #expect(tagged.count >= 2)
        let byTag = try await Self.search(server, "#coffee")
        #expect(byTag.state == "done")
        #expect(byTag.posts == tagged)
        let byWord = try await Self.search(server, "coffee")
        #expect(byWord.posts == (try posts(matching: #"(?i)\bcoffee"#)))
        #expect(byWord.posts.count > byTag.posts.count, "the word is in captions and comments without the tag too")
    }

    @Test("Albums are found by the words of their title and description and by their hashtags, each shown with its cover")
    func exampleAlbums() async throws {
        let output = try await Self.example.value
        let server = try await StaticServer.start(serving: output)
        // Worked out from the album files: the albums whose text has a word starting with the query.
        let albumsFolder = RepositoryPaths.content + "/albums"
        var albums: [(url: String, text: String)] = []
        for owner in try FileManager.default.contentsOfDirectory(atPath: albumsFolder).sorted() {
            for file in try FileManager.default.contentsOfDirectory(atPath: albumsFolder + "/" + owner).sorted() where file.hasSuffix(".md") {
                let text = try String(contentsOfFile: "\(albumsFolder)/\(owner)/\(file)", encoding: .utf8)
                let withoutPosts = text.split(separator: "\n").filter { !$0.hasPrefix("  - ") && !$0.hasPrefix("cover:") }.joined(separator: "\n")
                albums.append(("/u/\(owner)/albums/\(file.dropLast(3))/", withoutPosts))
            }
        }
        #expect(albums.count >= 2)
        for (query, pattern) in [("lisbon", #"(?i)\blisbon"#), ("#space", #"(?i)#space\b"#), ("light", #"(?i)\blight"#)] {
            let expected = albums.filter { $0.text.range(of: pattern, options: .regularExpression) != nil }.map(\.url)
            #expect(!expected.isEmpty, "\(query)")
            let results = try await Self.search(server, query)
            #expect(results.state == "done")
            #expect(results.albums == expected, "query \(query)")
            #expect(results.albumCovers.count == expected.count, "every album result shows its cover")
            for cover in results.albumCovers {
                #expect(FileManager.default.fileExists(atPath: output + cover), "\(cover) is a published image")
            }
            #expect(results.status?.contains(expected.count == 1 ? "1 album" : "\(expected.count) albums") == true, "\(results.status ?? "")")
        }
        #expect(try await Self.search(server, "xylophonequartet").albums.isEmpty)
    }

    @Test("A theme whose search page has no place for albums still searches photos and people")
    func themeWithoutAlbumSection() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-old-search-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: RepositoryPaths.templates, toPath: folder + "/Templates")
        let template = folder + "/Templates/search.mustache"
        let source = try String(contentsOfFile: template, encoding: .utf8)
        let section = try #require(source.range(of: #"(?s)  <section class="search-section" id="album-section".*?</section>\n"#, options: .regularExpression))
        try source.replacingCharacters(in: section, with: "").write(toFile: template, atomically: true, encoding: .utf8)
        _ = try await SiteBuilder.build(
            BuildOptions(
                siteRoot: RepositoryPaths.root, templates: folder + "/Templates", output: folder + "/Output", cache: RepositoryPaths.exampleImageCache,
                baseURL: "http://127.0.0.1/"))
        let server = try await StaticServer.start(serving: folder + "/Output")
        let results = try await Self.search(server, "coffee")
        #expect(results.state == "done")
        #expect(!results.posts.isEmpty)
        #expect(results.albums.isEmpty)
        #expect(results.status?.contains("album") == false, "\(results.status ?? "")")
    }

    @Test("People are found by any part of their username or display name, accents ignored")
    func examplePeople() async throws {
        let output = try await Self.example.value
        let server = try await StaticServer.start(serving: output)
        let users = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.content + "/users").filter { $0.hasSuffix(".json") }

        for query in ["han", "INES", "o"] {
            let expected = try users.filter { file in
                let text = try String(contentsOfFile: RepositoryPaths.content + "/users/" + file, encoding: .utf8)
                let record = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                let names = [record["username"] as? String, record["name"] as? String].compactMap { $0 }
                return names.contains { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).contains(query.lowercased()) }
            }.map { "/u/\($0.dropLast(5))/" }.sorted { $0.lowercased() < $1.lowercased() }

            let search = try await Self.search(server, query)
            #expect(search.users == Array(expected.prefix(6)), "search page, query \(query)")

            let list = try #require(HTMLDocument(data: Data(try await Browser.dom(server.url("/users/?q=\(query)")).utf8)))
            #expect(list.values("/html/@data-filter-state") == ["done"])
            let visible = list.values("//ul[@id='user-list']/li[not(@hidden)]/a/@href")
            #expect(visible == expected, "/users/ filter, query \(query)")
            #expect(list.count("//div[@data-filter-list][@hidden]") == 0, "the filter box shows once the script runs")
        }
    }

    @Test("The browser's text rules are the build's, for odd Unicode too")
    func textRulesMatch() async throws {
        let output = try await Self.example.value
        let samples = [
            "Café CAFÉ cafe\u{301}", "Straße STRASSE", "ΟΔΟΣ οδός", "Łódź Ørsted Æon", "ＡＢＣ１２ ﬁre 𝒜𝐁", "İstanbul ıi",
            "東京タワー night", "🔥fire🔥 and\u{202E}evil\u{202C}", "مرحبا بالعالم", "don't-stop_now", String(repeating: "é", count: 40),
            String(repeating: "𝒜", count: 40), "x\u{0}y\u{7}z", "Chloé\t\u{0}Berg \u{2028} O'Neil",
        ]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: samples), as: UTF8.self)
        let page = """
            <!doctype html><html><head><meta charset="utf-8"><script src="/assets/search.js"></script></head><body><pre id="out"></pre>
            <script>
            const samples = \(json);
            document.getElementById("out").textContent = JSON.stringify(samples.map((text) => ({
              words: TimelineSearch.words(text, 32), name: TimelineSearch.normalizeName(text) })));
            </script></body></html>
            """
        try page.write(toFile: output + "/text-rules.html", atomically: true, encoding: .utf8)
        let server = try await StaticServer.start(serving: output)
        let dom = try #require(HTMLDocument(data: Data(try await Browser.dom(server.url("/text-rules.html")).utf8)))
        let outText = try #require(dom.text("//pre[@id='out']"))
        let browser = try #require(try JSONSerialization.jsonObject(with: Data(outText.utf8)) as? [[String: Any]])
        #expect(browser.count == samples.count)
        for (sample, result) in zip(samples, browser) {
            #expect(result["words"] as? [String] == SearchText.words(sample), "words of \(sample.debugDescription)")
            #expect(result["name"] as? String == SearchText.normalizeName(sample), "name of \(sample.debugDescription)")
        }
    }

    @Test("Prefixes, several words, chunk boundaries, tails and many results, with a small index layout")
    func queryLogic() async throws {
        let fixture = try SiteFixture(site: #"{"title": "Many", "baseURL": "http://127.0.0.1/", "images": {"process": false}}"#)
        try fixture.user("walker")
        let count = 150
        var ids: [String] = []
        for number in 0..<count {
            let id = "-KsearchTest" + String(format: "%08d", number)
            ids.append(id)
            var words = ["common", "w\(number)"]
            if number % 3 == 0 { words.append("alpha") }
            if number % 5 == 0 { words.append("beta") }
            if number % 50 == 7 { words.append("Ünïcödé") }
            if number == 42 { words.append(String(repeating: "long", count: 20)) }
            try fixture.write("Content/posts/\(id)/post.md", "---\nusername: walker\nalt: A pixel\n---\n" + words.joined(separator: " "))
            try FileManager.default.copyItem(atPath: RepositoryPaths.content + "/users/astro.kim.jpg", toPath: fixture.content + "/posts/\(id)/photo.jpg")
        }
        var options = fixture.options()
        options.searchLayout = SearchLayout(chunkBytes: 96, headBytes: 8, tailBytes: 12, fanout: 4)
        let report = try await SiteBuilder.build(options)
        #expect(report.search.tailCount > 10, "the layout forces tails")
        #expect(report.search.chunkCount > 10, "and many chunks")
        let server = try await StaticServer.start(serving: fixture.output)

        func expected(_ matches: (Int) -> Bool, first: Int = 20) -> [String] {
            Array((0..<count).reversed().filter(matches).map { "/p/\(ids[$0])/" }.prefix(first))
        }
        let common = try await Self.search(server, "common")
        #expect(common.posts == expected { _ in true })
        #expect(!common.moreHidden, "more results exist")

        #expect(try await Self.search(server, "alpha beta").posts == expected { $0 % 15 == 0 })
        #expect(try await Self.search(server, "alp").posts == expected { $0 % 3 == 0 })
        #expect(try await Self.search(server, "beta common alph").posts == expected { $0 % 15 == 0 })
        #expect(try await Self.search(server, "w1").posts == expected { String($0).hasPrefix("1") })
        #expect(try await Self.search(server, "w149").posts == expected { $0 == 149 })
        #expect(try await Self.search(server, "unicode").posts == expected { $0 % 50 == 7 })
        #expect(try await Self.search(server, "ÜNÏC").posts == expected { $0 % 50 == 7 })
        #expect(try await Self.search(server, String(repeating: "long", count: 20)).posts == expected { $0 == 42 })
        #expect(try await Self.search(server, "longlonglong").posts == expected { $0 == 42 })
        #expect(try await Self.search(server, "alpha zzz").posts.isEmpty)
        let none = try await Self.search(server, "   ")
        #expect(none.state == "done")
        #expect(none.posts.isEmpty)
    }

    @Test("Hostile names and captions show as text in search results and run nothing")
    func hostileCards() async throws {
        let payload = #"<img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script>"#
        let jsonPayload = payload.replacingOccurrences(of: "\"", with: "\\\"")
        let fixture = try SiteFixture(site: #"{"title": "Hostile", "baseURL": "http://127.0.0.1/", "images": {"process": false}}"#)
        try fixture.user("mallory", extra: "\n  \"name\": \"\(jsonPayload) Mallory\",")
        try fixture.write(
            "Content/posts/-K25Fj8qrMAtxXG3QCSn/post.md", "---\nusername: mallory\nalt: A pixel\n---\nhostile \(payload) [x](javascript:alert(1))")
        try FileManager.default.copyItem(
            atPath: RepositoryPaths.content + "/users/astro.kim.jpg", toPath: fixture.content + "/posts/-K25Fj8qrMAtxXG3QCSn/photo.jpg")
        _ = try await fixture.build()
        let server = try await StaticServer.start(serving: fixture.output)

        for url in [server.url("/search/?q=hostile"), server.url("/search/?q=mallory"), server.url("/users/?q=mall")] {
            let html = try await Browser.dom(url)
            let page = try #require(HTMLDocument(data: Data(html.utf8)))
            #expect(page.values("//title").first?.contains("pwned") == false, "\(url) ran script")
            #expect(page.count("//*[@onerror or @onload]") == 0, "\(url) has event handlers")
            #expect(page.values("//script/@src") == ["/assets/search.js"], "\(url) has another script")
            #expect(page.count("//a[starts-with(@href, 'javascript')]") == 0)
            #expect(html.contains("&lt;script&gt;"), "\(url) shows the payload as text")
        }
        let results = try await Self.search(server, "hostile")
        #expect(results.posts == ["/p/-K25Fj8qrMAtxXG3QCSn/"])
    }
}
