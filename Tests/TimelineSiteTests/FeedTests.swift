import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineModel

/// The Atom feeds, read back with libxml2's XML parser and XPath in the Atom namespace.
@Suite("Atom feeds")
struct FeedTests {
    static let baseURL = "https://example.org/photos/"
    static let day: Int64 = 86_400_000
    static let firstDay: Int64 = 1_451_606_400_000  // 2016-01-01

    /// Post IDs, oldest first: one a day from 2016-01-01.
    static let postIDs = (0..<5).map { PushID.make(milliseconds: firstDay + Int64($0) * day, randomDigits: [$0]) }

    /// alice wrote posts 0, 2 and 4, bob 1 and 3; bob follows alice; carol has no posts and
    /// follows bob. Feeds hold 3 entries; the newest post has five comments.
    static func fixture(feedEntries: Int = 3) throws -> SiteFixture {
        let fixture = try SiteFixture(
            site: """
                {"title": "Fixture", "baseURL": "\(baseURL)", "pageSize": 2, "feedDepth": 2, "feedEntries": \(feedEntries)}
                """)
        try fixture.user("alice", extra: "\n  \"name\": \"Alice Liddell\",")
        try fixture.user("bob", follows: ["alice"])
        try fixture.user("carol", follows: ["bob"])
        let commentIDs = (1...4).map { PushID.make(milliseconds: firstDay + 4 * day + Int64($0) * 3_600_000, randomDigits: [$0]) } + ["zz-opaque"]
        let comments = commentIDs.map { #"{"id": "\#($0)", "username": "bob", "text": "Comment *\#($0)*"}"# }.joined(separator: ", ")
        for (index, id) in postIDs.enumerated() {
            try fixture.post(
                id, by: index % 2 == 0 ? "alice" : "bob", caption: "Caption \(index)",
                comments: index == 4 ? "[\(comments)]" : nil)
        }
        return fixture
    }

    static func document(_ fixture: SiteFixture, _ path: String) throws -> HTMLDocument {
        try #require(HTMLDocument(xmlPath: fixture.output + "/" + path), "\(path) is missing or not well-formed XML")
    }

    static func postURL(_ index: Int) -> String { baseURL + "p/\(postIDs[index])/" }

    /// Every feed a build wrote, relative to the output folder.
    static func feedFiles(_ fixture: SiteFixture) throws -> [String] {
        try SiteFixture.snapshot(fixture.output).keys.filter { $0.hasSuffix("atom.xml") || $0.hasSuffix("comments.xml") }.sorted()
    }

    static func isRFC3339(_ text: String) throws -> Bool {
        let pattern = try Regex(#"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})"#)
        return text.wholeMatch(of: pattern) != nil && ISODate.milliseconds(from: text) != nil
    }

    @Test("every feed: absolute self link, RFC 3339 dates, unique ids, newest first, at most feedEntries")
    func everyFeed() async throws {
        let fixture = try Self.fixture()
        _ = try await fixture.build()
        let files = try Self.feedFiles(fixture)
        let expectedCount = 1 + 2 * 3 + 5  // the site's, two per user, one per post
        #expect(files.count == expectedCount)
        var feedIDs: Set<String> = []
        for file in files {
            let feed = try Self.document(fixture, file)
            #expect(feed.values("/atom:feed/atom:link[@rel='self']/@href") == [Self.baseURL + file], "\(file)")
            #expect(feed.values("/atom:feed/atom:link[@rel='self']/@type") == ["application/atom+xml"])
            let alternate = try #require(feed.values("/atom:feed/atom:link[@rel='alternate']/@href").first)
            #expect(alternate.hasPrefix(Self.baseURL), "\(file): \(alternate)")
            let id = try #require(feed.values("/atom:feed/atom:id").first)
            #expect(feedIDs.insert(id).inserted, "feed id \(id) is used twice")
            #expect(feed.count("/atom:feed/atom:title") == 1)

            let entries = feed.count("/atom:feed/atom:entry")
            #expect(entries <= 3, "\(file) has \(entries) entries")
            let ids = feed.values("/atom:feed/atom:entry/atom:id")
            #expect(Set(ids).count == ids.count, "\(file) repeats an entry id")
            #expect(ids.allSatisfy { $0.hasPrefix(Self.baseURL) })
            let dates = feed.values("//atom:updated | //atom:published")
            for date in dates { #expect(try Self.isRFC3339(date), "\(file): \(date)") }
            let updated = feed.values("/atom:feed/atom:entry/atom:updated").compactMap(ISODate.milliseconds(from:))
            #expect(updated.count == entries, "every entry has an updated date")
            #expect(updated == updated.sorted(by: >), "\(file) is not newest first")
            let feedUpdated = try #require(feed.values("/atom:feed/atom:updated").first.flatMap(ISODate.milliseconds(from:)))
            if let newest = updated.max() {
                #expect(feedUpdated == newest, "\(file): feed updated is not its newest entry's")
            }
            #expect(feed.count("/atom:feed/atom:entry[not(atom:author/atom:name)]") == 0)
            #expect(feed.count("/atom:feed/atom:entry[not(atom:content[@type='html'])]") == 0)
            #expect(feed.count("/atom:feed/atom:entry/atom:link[@rel='alternate' and not(starts-with(@href, '\(Self.baseURL)'))]") == 0)
        }
    }

    @Test("the site feed: the newest N posts, with author, photo as enclosure and HTML content")
    func siteFeed() async throws {
        let fixture = try Self.fixture()
        _ = try await fixture.build()
        let feed = try Self.document(fixture, "atom.xml")
        #expect(feed.values("/atom:feed/atom:entry/atom:id") == [4, 3, 2].map(Self.postURL))
        #expect(feed.values("/atom:feed/atom:entry/atom:link[@rel='alternate']/@href") == [4, 3, 2].map(Self.postURL))
        #expect(feed.values("/atom:feed/atom:updated") == [ISODate.timestamp(milliseconds: Self.firstDay + 4 * Self.day)])
        #expect(feed.values("/atom:feed/atom:link[@rel='alternate']/@href") == [Self.baseURL])

        let newest = "/atom:feed/atom:entry[1]"
        #expect(feed.values("\(newest)/atom:title") == ["Caption 4"])
        #expect(feed.values("\(newest)/atom:published") == ["2016-01-05T00:00:00Z"])
        #expect(feed.values("\(newest)/atom:author/atom:name") == ["Alice Liddell"])
        #expect(feed.values("\(newest)/atom:author/atom:uri") == [Self.baseURL + "u/alice/"])
        #expect(feed.values("/atom:feed/atom:entry[2]/atom:author/atom:name") == ["bob"])

        // The published 640 px JPEG (the sample photo is 640 px wide).
        let enclosure = try #require(feed.values("\(newest)/atom:link[@rel='enclosure']/@href").first)
        #expect(enclosure.hasPrefix(Self.baseURL + "p/\(Self.postIDs[4])/photo-640.") && enclosure.hasSuffix(".jpg"))
        let photoFile = String(enclosure.dropFirst(Self.baseURL.count))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: fixture.output + "/" + photoFile)[.size] as? Int)
        #expect(feed.values("\(newest)/atom:link[@rel='enclosure']/@href") == [Self.baseURL + photoFile])
        #expect(feed.values("\(newest)/atom:link[@rel='enclosure']/@type") == ["image/jpeg"])
        #expect(feed.values("\(newest)/atom:link[@rel='enclosure']/@length") == [String(size)])
        #expect(feed.values("\(newest)/media:content/@url") == [Self.baseURL + photoFile])
        #expect(feed.values("\(newest)/media:content/@width") == ["640"])
        #expect(feed.values("\(newest)/media:content/@height") == ["427"])

        // The content is HTML carried as text: the photo with its absolute URL, then the caption.
        #expect(feed.count("//atom:content/*") == 0)
        let contentText = try #require(feed.values("\(newest)/atom:content").first)
        let content = try #require(HTMLDocument(data: Data(contentText.utf8)))
        #expect(content.values("//img/@src") == [Self.baseURL + photoFile])
        #expect(content.values("//img/@alt") == ["A rocket"])
        #expect(content.values("//img/@width") == ["640"])
        #expect(content.text("//p[2]") == "Caption 4")
        #expect(feed.values("\(newest)/atom:content/@xml:base") == [Self.postURL(4)])
    }

    @Test("a user's feed holds their posts; a timeline feed is the head of their timeline; an empty feed is valid")
    func userAndTimelineFeeds() async throws {
        let fixture = try Self.fixture()
        _ = try await fixture.build()
        func ids(_ path: String) throws -> [String] { try Self.document(fixture, path).values("/atom:feed/atom:entry/atom:id") }
        #expect(try ids("u/alice/atom.xml") == [4, 2, 0].map(Self.postURL))
        #expect(try ids("u/bob/atom.xml") == [3, 1].map(Self.postURL))
        #expect(try ids("u/bob/feed/atom.xml") == [4, 3, 2].map(Self.postURL), "bob follows alice")
        #expect(try ids("u/alice/feed/atom.xml") == [4, 2, 0].map(Self.postURL))
        #expect(try ids("u/carol/feed/atom.xml") == [3, 1].map(Self.postURL), "carol follows bob")
        let empty = try Self.document(fixture, "u/carol/atom.xml")
        #expect(empty.count("/atom:feed/atom:entry") == 0)
        #expect(empty.values("/atom:feed/atom:updated") == ["1970-01-01T00:00:00Z"])
        #expect(empty.values("/atom:feed/atom:link[@rel='alternate']/@href") == [Self.baseURL + "u/carol/"])
        #expect(empty.values("/atom:feed/atom:author/atom:uri") == [Self.baseURL + "u/carol/"], "a user's feed has them as its author")
        #expect(try Self.document(fixture, "atom.xml").count("/atom:feed/atom:author") == 0)
        #expect(try Self.document(fixture, "u/bob/feed/atom.xml").values("/atom:feed/atom:link[@rel='alternate']/@href") == [Self.baseURL + "u/bob/feed/"])
    }

    @Test("a comments feed: one entry per comment, newest first, ids from comment ids, dated")
    func commentsFeed() async throws {
        let fixture = try Self.fixture()
        _ = try await fixture.build()
        let feed = try Self.document(fixture, "p/\(Self.postIDs[4])/comments.xml")
        let commentIDs = (1...4).map { PushID.make(milliseconds: Self.firstDay + 4 * Self.day + Int64($0) * 3_600_000, randomDigits: [$0]) }
        // Opaque IDs sort after push IDs: "zz-opaque" is the newest comment.
        #expect(feed.values("/atom:feed/atom:entry/atom:id") == ["zz-opaque", commentIDs[3], commentIDs[2]].map { Self.postURL(4) + "#comment-" + $0 })
        #expect(feed.values("/atom:feed/atom:entry/atom:author/atom:name") == ["bob", "bob", "bob"])
        #expect(feed.values("/atom:feed/atom:entry/atom:author/atom:uri") == Array(repeating: Self.baseURL + "u/bob/", count: 3))
        // A comment without a date of its own has no published date, and is dated like the comment before it.
        #expect(feed.values("/atom:feed/atom:entry[1]/atom:updated") == ["2016-01-05T04:00:00Z"])
        #expect(feed.count("/atom:feed/atom:entry[1]/atom:published") == 0)
        #expect(feed.values("/atom:feed/atom:entry[2]/atom:published") == ["2016-01-05T04:00:00Z"])
        #expect(feed.values("/atom:feed/atom:updated") == ["2016-01-05T04:00:00Z"])
        #expect(feed.values("/atom:feed/atom:entry[2]/atom:content") == ["<p>Comment <em>\(commentIDs[3])</em></p>\n"])
        #expect(feed.values("/atom:feed/atom:link[@rel='alternate']/@href") == [Self.postURL(4)])
        #expect(feed.count("//atom:link[@rel='enclosure']") == 0)

        let quiet = try Self.document(fixture, "p/\(Self.postIDs[0])/comments.xml")
        #expect(quiet.count("/atom:feed/atom:entry") == 0)
        #expect(quiet.values("/atom:feed/atom:updated") == ["2016-01-01T00:00:00Z"], "an empty comments feed is dated like its post")
    }

    @Test("feedEntries limits every feed")
    func feedEntriesLimit() async throws {
        let fixture = try Self.fixture(feedEntries: 1)
        _ = try await fixture.build()
        for file in try Self.feedFiles(fixture) {
            #expect(try Self.document(fixture, file).count("/atom:feed/atom:entry") <= 1, "\(file)")
        }
        #expect(try Self.document(fixture, "atom.xml").values("/atom:feed/atom:entry/atom:id") == [Self.postURL(4)])
        #expect(
            try Self.document(fixture, "p/\(Self.postIDs[4])/comments.xml").values("/atom:feed/atom:entry/atom:id") == [Self.postURL(4) + "#comment-zz-opaque"])
    }

    @Test("ids and bytes are the same in two builds; ids do not depend on the build")
    func stableAcrossBuilds() async throws {
        let fixture = try Self.fixture()
        _ = try await fixture.build()
        let first = try SiteFixture.snapshot(fixture.output).filter { $0.key.hasSuffix(".xml") || $0.key == "robots.txt" }
        let firstIDs = try Self.document(fixture, "atom.xml").values("//atom:id")
        try await Task.sleep(for: .milliseconds(1100))
        _ = try await fixture.build()
        let second = try SiteFixture.snapshot(fixture.output).filter { $0.key.hasSuffix(".xml") || $0.key == "robots.txt" }
        #expect(first.count > 10)
        #expect(first == second)
        #expect(try Self.document(fixture, "atom.xml").values("//atom:id") == firstIDs)
    }

    @Test("feedEntries must be a whole number greater than 0", arguments: ["0", "-3", "\"20\"", "2.5"])
    func invalidFeedEntries(value: String) async throws {
        let fixture = try SiteFixture(site: #"{"title": "Fixture", "baseURL": "https://example.org/", "feedEntries": \#(value)}"#)
        try fixture.user("alice")
        let diagnostics = await fixture.failingBuild()
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.code == .wrongType)
        #expect(error.location.path.hasSuffix("/Content/site.json"))
        #expect(error.message.contains("feedEntries"))
    }

    @Test("a misspelt feedEntries is suggested")
    func misspeltFeedEntries() async throws {
        let fixture = try SiteFixture(site: #"{"title": "Fixture", "baseURL": "https://example.org/", "feedEntry": 5}"#)
        try fixture.user("alice")
        let diagnostics = await fixture.failingBuild()
        #expect(diagnostics.contains { $0.code == .unknownKey && $0.message.contains("did you mean 'feedEntries'?") })
    }
}
