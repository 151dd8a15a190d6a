import Foundation
import Testing
import TimelineTestSupport

/// The example site built in each language the default theme ships: its interface in that
/// language only, its dates and counts as the language writes them, Arabic right to left.
@Suite("The site in its readers' language")
struct LocalizedSiteTests {
    static let translated = ["pt", "es", "fr", "de", "ar", "ja"]

    /// Words each language writes as English does: names of formats and programs, and the
    /// words French and German borrowed. Any other English word on a page is a text left
    /// untranslated.
    static let sharedWords: [String: Set<String>] = [
        "pt": ["atom", "feed", "javascript", "original", "site"],
        "es": ["atom", "javascript", "original"],
        "fr": ["album", "albums", "atom", "javascript", "original", "page", "pages", "photo", "photos", "site"],
        "de": ["atom", "browser", "feed", "follower", "javascript", "like", "likes", "name", "original", "person", "timeline"],
        "ar": ["atom", "javascript"],
        "ja": [],
    ]

    /// Every text of the interface: text on the page, the title, and the attributes people read
    /// (labels, placeholders) or that speak for the page; not scripts and styles, and not what
    /// came from the content (captions, comments, bios, homepages, names, the site's title and
    /// description), which is taken out of each text.
    static func interfaceText(of page: HTMLDocument, content: [String]) -> [String] {
        let fromContent = ["caption", "comment-text", "bio", "homepage"].map { "contains(concat(' ', @class, ' '), ' \($0) ')" }
        let texts = page.values(
            "//title | //body//text()[not(ancestor::script) and not(ancestor::style) and not(ancestor::*[\(fromContent.joined(separator: " or "))])]"
                + " | //@aria-label | //@placeholder | //meta[@property='og:title']/@content | //link[@rel='alternate']/@title")
        return texts.map { text in
            content.reduce(text) { $0.replacingOccurrences(of: $1, with: " ") }
        }
    }

    /// The site's title and description, and each user's name and username, longest first.
    static func contentStrings() throws -> [String] {
        var strings: [String] = []
        let settings = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.content + "/site.json"))) as? [String: Any]
        strings += ["title", "description"].compactMap { settings?[$0] as? String }
        for file in try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.content + "/users") where file.hasSuffix(".json") {
            let user =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.content + "/users/" + file))) as? [String: Any]
            strings += ["name", "username"].compactMap { user?[$0] as? String }
        }
        return strings.sorted { $0.count > $1.count }
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init)
    }

    /// The words of the English translation, placeholders and markup taken out.
    static func englishWords() throws -> Set<String> {
        let text = try String(contentsOfFile: RepositoryPaths.templates + "/translations/en.yaml", encoding: .utf8)
        let values = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let value = line.split(separator: ":", maxSplits: 1).dropFirst().joined()
            return value.replacingOccurrences(of: #"\{\{[^}]*\}\}|<[^>]*>"#, with: " ", options: .regularExpression)
        }
        return Set(values.flatMap(words)).filter { $0.count >= 3 }
    }

    @Test("no English word is left in the interface of the pages", arguments: translated)
    func noEnglishLeft(language: String) async throws {
        let site = try await LocalizedExampleSite(language: language)
        let english = try Self.englishWords().subtracting(Self.sharedWords[language] ?? [])
        let content = try Self.contentStrings()
        #expect(english.count > 60, "the English translation should have words of its own")
        let translationWarnings = site.report.warnings.filter { $0.location.path.contains("/translations/") }
        #expect(translationWarnings.isEmpty, "every key and plural form translated: \(translationWarnings)")
        for path in LocalizedExampleSite.interfacePages {
            let page = try site.page(path)
            #expect(page.values("/html/@lang") == [language])
            let left = Self.interfaceText(of: page, content: content).flatMap(Self.words).filter(english.contains)
            #expect(left.isEmpty, "\(language) \(path) still says: \(Set(left).sorted())")
        }
    }

    @Test("the English pages do say the English words the test looks for (the check can fail)")
    func englishIsFound() async throws {
        let site = try await LocalizedExampleSite(language: "en")
        let english = try Self.englishWords()
        let content = try Self.contentStrings()
        for path in LocalizedExampleSite.interfacePages {
            let found = Self.interfaceText(of: try site.page(path), content: content).flatMap(Self.words).filter(english.contains)
            #expect(found.count >= 5, "\(path): \(found)")
        }
    }

    // Expects the dates of the CLDR data in the ICU that Foundation formats with: Swift 6.3.1's own ICU 76 on Debian 12 (on
    // macOS the system's ICU, which may word a date differently; docs/publishing.md, "Same site everywhere").
    @Test(
        "dates name the month and order the parts as the language does; counts take its plural forms",
        arguments: [
            ("en", "November 2, 2015", "2 likes", "2 comments"),
            ("pt", "2 de novembro de 2015", "2 gostos", "2 comentários"),
            ("es", "2 de noviembre de 2015", "2 me gusta", "2 comentarios"),
            ("fr", "2 novembre 2015", "2 mentions J’aime", "2 commentaires"),
            ("de", "2. November 2015", "2 Likes", "2 Kommentare"),
            ("ar", "2 نوفمبر، 2015", "إعجابان", "تعليقان"),
            ("ja", "2015年11月2日", "いいね！2件", "コメント2件"),
        ])
    func datesAndPlurals(language: String, date: String, likes: String, comments: String) async throws {
        let site = try await LocalizedExampleSite(language: language)
        let post = try site.page("p/-K25Fj8qrMAtxXG3QCSn/index.html")
        #expect(post.text("//article[@class='post']/header//time") == date)
        #expect(post.values("//article[@class='post']/header//time/@datetime") == ["2015-11-02T03:34:47.670Z"])
        #expect(post.text("//h2[@id='likes-heading']") == likes)
        #expect(post.text("//h2[@id='comments-heading']") == comments)
    }

    @Test("Arabic pages are right to left; the others left to right")
    func direction() async throws {
        let arabic = try await LocalizedExampleSite(language: "ar")
        let english = try await LocalizedExampleSite(language: "en")
        for path in LocalizedExampleSite.interfacePages {
            #expect(try arabic.page(path).values("/html/@dir") == ["rtl"], "\(path)")
            #expect(try english.page(path).values("/html/@dir") == ["ltr"], "\(path)")
        }
    }

    // Expects the English date of that ICU (Swift 6.3.1's ICU 76 on Debian 12) and its time zone rules (UTC-8 that night in
    // every tz release).
    @Test("a time zone moves a post made at 03:34 UTC on 2 November to 1 November in Los Angeles, the instant unchanged")
    func timeZone() async throws {
        let site = try await LocalizedExampleSite(language: "en", timeZone: "America/Los_Angeles")
        let post = try site.page("p/-K25Fj8qrMAtxXG3QCSn/index.html")
        #expect(post.text("//article[@class='post']/header//time") == "November 1, 2015")
        #expect(post.values("//article[@class='post']/header//time/@datetime") == ["2015-11-02T03:34:47.670Z"])
    }

    @Test("the search script gets its texts and plural forms in the site's language")
    func searchMessages() async throws {
        let site = try await LocalizedExampleSite(language: "ar")
        let search = try site.page("search/index.html")
        let json = try #require(search.values("//*[@id='search']/@data-messages").first)
        let messages = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(messages["language"] as? String == "ar")
        let photos = try #require((messages["counts"] as? [String: Any])?["photos"] as? [String: String])
        #expect(Set(photos.keys) == ["zero", "one", "two", "few", "many", "other"])
        let texts = try #require(messages["texts"] as? [String: String])
        #expect(texts["searching"]?.isEmpty == false && texts["searching"] != "Searching…")
    }
}

/// What a site author is told when the language, the time zone or a translation is wrong.
@Suite("Language settings and translations: located messages")
struct TranslationProblemTests {
    static func site(_ settings: String) throws -> SiteFixture {
        let fixture = try SiteFixture(site: settings)
        try fixture.user("alice", follows: ["bob"])
        try fixture.user("bob", follows: ["alice"])
        try fixture.post("-K25Fj8qrMAtxXG3QCSn", by: "alice", caption: "First *post*")
        return fixture
    }

    @Test("a language the theme has no translation for is an error at site.json:line:column listing those it has")
    func unknownLanguage() async throws {
        let fixture = try Self.site("{\n  \"title\": \"Fixture\",\n  \"language\": \"xx\"\n}\n")
        let before = try SiteFixture.snapshot(fixture.root)
        let diagnostics = await fixture.failingBuild()
        let problem = try #require(diagnostics.first { $0.message.contains("'xx'") })
        #expect(problem.location.path.hasSuffix("Content/site.json") && problem.location.line == 3 && problem.location.column == 15)
        #expect(problem.message.contains("ar, de, en, es, fr, ja, pt"))
        #expect(try SiteFixture.snapshot(fixture.root) == before)
    }

    @Test("an unknown time zone is an error at site.json:line:column with the closest name and the names of its region")
    func unknownTimeZone() async throws {
        let fixture = try Self.site("{\n  \"title\": \"Fixture\",\n  \"timeZone\": \"America/Los_Angles\"\n}\n")
        let diagnostics = await fixture.failingBuild()
        let problem = try #require(diagnostics.first { $0.message.contains("Los_Angles") })
        #expect(problem.location.path.hasSuffix("Content/site.json") && problem.location.line == 3 && problem.location.column == 15)
        #expect(problem.message.contains("did you mean 'America/Los_Angeles'?"))
        #expect(problem.message.contains("America/New_York"))
    }

    @Test("a key a language lacks falls back to English with a warning naming the file and key; --strict makes it an error")
    func missingKey() async throws {
        let fixture = try Self.site(#"{"title": "Fixture", "language": "pt"}"#)
        let path = fixture.root + "/Templates/translations/pt.yaml"
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        try Data(lines.filter { !$0.hasPrefix("nav.latest:") }.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let report = try await fixture.build()
        let warning = try #require(report.warnings.first { $0.message.contains("'nav.latest'") })
        #expect(warning.severity == .warning)
        #expect(warning.location.path.hasSuffix("Templates/translations/pt.yaml"))
        #expect(try fixture.read("index.html").contains(">Latest</a>"))
        let strict = await fixture.failingBuild(strict: true)
        #expect(strict.contains { $0.severity == .error && $0.message.contains("'nav.latest'") })
    }

    @Test("a misspelt text in a template, a placeholder a generated text does not have and a count without 'other' are errors where they are written")
    func brokenTranslations() async throws {
        let fixture = try Self.site(#"{"title": "Fixture"}"#)
        let base = fixture.root + "/Templates/base.mustache"
        let template = try String(contentsOfFile: base, encoding: .utf8)
        try Data(template.replacingOccurrences(of: "{{> t/nav.latest}}", with: "{{> t/nav.lastest}}").utf8).write(to: URL(fileURLWithPath: base))
        let diagnostics = await fixture.failingBuild()
        let misspelt = try #require(diagnostics.first { $0.message.contains("t/nav.lastest") })
        #expect(misspelt.location.path.hasSuffix("Templates/base.mustache") && misspelt.location.line != nil)
        #expect(misspelt.message.contains("did you mean 't/nav.latest'?"))

        try Data(template.utf8).write(to: URL(fileURLWithPath: base))
        let path = fixture.root + "/Templates/translations/en.yaml"
        var english = try String(contentsOfFile: path, encoding: .utf8)
        english = english.replacingOccurrences(of: "title.post: Photo by {{name}}", with: "title.post: Photo by {{author}}")
        english = english.replacingOccurrences(of: "  other: \"{{count}} likes\"\n", with: "")
        try Data(english.utf8).write(to: URL(fileURLWithPath: path))
        let translationProblems = await fixture.failingBuild()
        let placeholder = try #require(translationProblems.first { $0.message.contains("{{author}}") })
        #expect(placeholder.location.path.hasSuffix("Templates/translations/en.yaml") && placeholder.location.line != nil)
        #expect(translationProblems.contains { $0.message.contains("'count.likes'") && $0.message.contains("'other'") })
    }
}

/// Translations are inputs like templates: the next incremental build shows an edited text.
@Suite("Editing a translation")
struct TranslationEditTests {
    @Test("an edited template text and an edited generated text are on the pages of the next build")
    func editedTextsAreRebuilt() async throws {
        let fixture = try SiteFixture.small()
        _ = try await fixture.build()
        #expect(try fixture.read("index.html").contains(">Latest</a>"))
        let path = fixture.root + "/Templates/translations/en.yaml"
        var english = try String(contentsOfFile: path, encoding: .utf8)
        english = english.replacingOccurrences(of: "nav.latest: Latest", with: "nav.latest: Newest")
        english = english.replacingOccurrences(of: "title.post: Photo by {{name}}", with: "title.post: A photo of {{name}}'s")
        try Data(english.utf8).write(to: URL(fileURLWithPath: path))
        _ = try await fixture.build()
        #expect(try fixture.read("index.html").contains(">Newest</a>"))
        #expect(try fixture.read("p/-K25Fj8qrMAtxXG3QCSn/index.html").contains("<title>A photo of alice&#39;s · Fixture</title>"))
    }
}

/// The Nu HTML Checker (the W3C's validator, `scripts/nu-check.sh`) over the example site in
/// English and in Arabic: every page and the style sheet, no error and no warning.
@Suite("Pages no validator can fault")
struct ValidatorTests {
    @Test("the Nu HTML checker finds no error and no warning in the example site", arguments: ["en", "ar"])
    func noErrorsOrWarnings(language: String) async throws {
        let site = try await LocalizedExampleSite(language: language)
        let result = try await Subprocess.run(RepositoryPaths.root + "/scripts/nu-check.sh", [site.output])
        #expect(result.status == 0, "\(language): \(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("no errors or warnings"))
    }
}
