import Foundation
import Synchronization
import Testing
import TimelineContent
import TimelineTestSupport

@testable import TimelineModel
@testable import TimelineSite

@Suite("Search: text rules")
struct SearchTextTests {
    @Test("Normalising folds case, diacritics and compatibility forms")
    func normalising() {
        #expect(SearchText.normalize("Café") == "cafe")
        #expect(SearchText.normalize("CAFÉ") == SearchText.normalize("cafe\u{301}"))
        #expect(SearchText.normalize("Straße") == "strasse")
        #expect(SearchText.normalize("ΟΔΟΣ") == SearchText.normalize("οδος"))
        #expect(SearchText.normalize("Łódź Ørsted") == "lodz orsted")
        #expect(SearchText.normalize("ＡＢＣ１２") == "abc12")
        #expect(SearchText.normalize("ﬁre") == "fire")
        #expect(SearchText.normalize("İstanbul") == "istanbul")
        #expect(SearchText.normalize("𝒜𝐁") == "ab", "compatibility forms are lower-cased too")
    }

    @Test("Words are runs of letters and digits; Han and Kana characters stand alone")
    func tokenising() {
        #expect(SearchText.words("Hello, World! Don't stop.") == ["hello", "world", "don", "t", "stop"])
        #expect(SearchText.words("iPhone15 at 5:30pm") == ["iphone15", "at", "5", "30pm"])
        #expect(SearchText.words("東京タワー night") == ["東", "京", "タ", "ワ", "ー", "night"])
        #expect(SearchText.words("🔥fire🔥 and\u{202E}evil\u{202C} text") == ["fire", "and", "evil", "text"])
        #expect(SearchText.words("مرحبا بالعالم") == ["مرحبا", "بالعالم"])
        #expect(SearchText.words("Ελληνικά κείμενα") == ["ελληνικα", "κειμενα"])
        #expect(SearchText.words("") == [])
        #expect(SearchText.words("*** --- !!!") == [])
    }

    @Test("A caption's or comment's words are those of its Markdown's text, whether or not it is parsed")
    func markdownWords() {
        // Markup that keeps the words, and markup that drops or adds some.
        let plain = ["#", "*", "-", "+", "1", ".", ")", " ", "    ", "\t", "_", "a", "é", ">", "=", "!", "|", "(", "🙂", "x\u{301}"]
        let markup = ["&amp;", "&#233;", "[x](y)", "[r]: /u", "`c`", "```swift", "\n", "\n\n", "<b>", "<http://a.b>", "\\*", "~~~z", "9)", "1.", " 2. b"]
        var parsed = 0
        for text in texts(of: plain, upTo: 3) + texts(of: Array(plain.prefix(10)), upTo: 4) + texts(of: markup + ["a", " ", "1"], upTo: 3) {
            #expect(SearchText.words(ofMarkdown: text) == SearchText.words(Markdown.text(text)), "\(text.debugDescription)")
            if SearchText.mayHoldMarkupThatChangesWords(text) { parsed += 1 }
        }
        #expect(SearchText.words(ofMarkdown: "1. one &amp; `two` [three](four)") == ["one", "two", "three"])
        #expect(parsed > 5_000)
    }

    @Test("Very long words are cut to the term length, in characters, not bytes")
    func longWords() {
        let long = String(repeating: "a", count: 100)
        #expect(SearchText.words(long + " b") == [String(repeating: "a", count: SearchText.maximumTermLength), "b"])
        let accented = String(repeating: "é", count: 40)
        #expect(SearchText.words(accented) == [String(repeating: "e", count: SearchText.maximumTermLength)])
        let astral = String(repeating: "𝒜", count: 40)
        #expect(SearchText.words(astral).first?.unicodeScalars.count == SearchText.maximumTermLength)
    }

    @Test("The ASCII fast path gives what the general path gives")
    func asciiPath() {
        let text = "The Waterfall_at 9am, can't-stop: x2 (river)."
        #expect(SearchText.words(text + " é") == SearchText.words(text) + ["e"])
    }

    @Test("Names: separators and control characters become single spaces")
    func names() {
        #expect(SearchText.normalizeName("  Chloé\t\u{0}Berg \u{2028} ") == "chloe berg")
        #expect(SearchText.normalizeName("O'Neil") == "o'neil")
    }

    @Test("A user is found by every suffix of the username and name, none starting with a space")
    func userTerms() {
        let user = User(username: "hansolo", name: "Han Solo", bio: nil, url: nil, avatar: nil, follows: [], source: SourceLocation(path: "x"))
        let terms = SiteSearchCollections.userTerms(user)
        #expect(terms.contains("hansolo"))
        #expect(terms.contains("solo"))
        #expect(terms.contains("han solo"))
        #expect(terms.contains("n solo"))
        #expect(!terms.contains(" solo"))
        #expect(terms.allSatisfy { !$0.hasPrefix(" ") && !$0.isEmpty })
    }
}

@Suite("Search: index files")
struct SearchIndexFileTests {
    @Test("Posting lists survive encoding in both orders, across digit boundaries")
    func postingRoundTrip() {
        let ascending: [Int32] = [0, 1, 31, 32, 33, 1023, 1024, 1025, 40_000, 1_048_575, 1_048_576, 5_000_000]
        for (list, descending) in [(ascending, false), (Array(ascending.reversed()), true)] {
            var bytes: [UInt8] = []
            PostingEncoding.append(postings: list, descending: descending, to: &bytes)
            #expect(PostingEncoding.decode(postings: bytes, descending: descending) == list.map(Int.init))
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let list = Set((0..<Int.random(in: 1...300, using: &generator)).map { _ in Int32.random(in: 0...200_000, using: &generator) }).sorted()
            var bytes: [UInt8] = []
            PostingEncoding.append(postings: list.reversed(), descending: true, to: &bytes)
            #expect(PostingEncoding.decode(postings: bytes, descending: true) == list.reversed().map(Int.init))
        }
    }

    @Test("Terms sort by UTF-16 code units, as the browser compares strings")
    func termOrder() async {
        let terms = ["ｚ", "z", "𝒜", "é", "a", "ab"]
        let index = await TermIndex.build(documentCount: 1, numberOfDocument: { _ in 0 }, terms: { _ in Set(terms) })
        #expect(index.terms == ["a", "ab", "z", "é", "𝒜", "ｚ"])
    }

    @Test("Chunks keep to their size, and their lines and tails give back every term and posting")
    func shards() async throws {
        let layout = SearchLayout(chunkBytes: 64, headBytes: 6, tailBytes: 10, fanout: 4)
        var terms: [String] = []
        for first in ["a", "b", "é", "ñ", "东"] {
            for second in ["", "a", "ab", "abc", "b", "🙂"] { terms.append(first + second) }
        }
        terms.append(String(repeating: "z", count: 32))
        let documentCount = 500
        let termList = terms
        let collection = Self.collection(count: documentCount) { position in
            Set(termList.enumerated().filter { offset, _ in position % (offset % 7 + 1) == 0 }.map(\.element))
        }
        let index = await TermIndex.build(documentCount: documentCount, numberOfDocument: collection.numberAt, terms: collection.termsAt)
        let (state, allFiles) = try await Self.make(collection, layout: layout)
        let files = Dictionary(uniqueKeysWithValues: allFiles.map { ($0.path, $0.bytes) })
        #expect(files.count == allFiles.count, "file names are unique")

        var decodedTerms: [String] = []
        var decodedPostings: [[Int]] = []
        for chunk in state.chunks {
            let bytes = try #require(files["search/posts/i/\(chunk.name).txt"])
            #expect(SearchLayout.digest(bytes, length: 16) == chunk.name)
            let lines = try SearchIndexReader.chunk(bytes, descending: true)
            #expect(bytes.count <= layout.chunkBytes || lines.count == 1)
            #expect(lines.first?.shared == 0)
            #expect(lines.first?.term == chunk.firstTerm)
            for line in lines {
                decodedTerms.append(line.term)
                decodedPostings.append(
                    try SearchIndexReader.postings(of: line, descending: true) { name in
                        try #require(files["search/posts/t/\(name).txt"])
                    })
            }
        }
        #expect(decodedTerms == index.terms)
        #expect(decodedPostings == index.postings.map { $0.map(Int.init) })
        #expect(state.statistics.tailCount > 0, "the common terms have tails")
    }

    /// The index of `collection` and every file of it, the cards included.
    static func make(_ collection: SearchCollection, layout: SearchLayout) async throws -> (CollectionIndex, [SearchFile]) {
        let cards = Mutex<[SearchFile]>([])
        let (index, files) = try await CollectionIndex.make(collection, layout: layout) { file in cards.withLock { $0.append(file) } }
        return (index, files + cards.withLock { $0 })
    }

    /// A descending collection of `count` documents with the given terms and a card naming them.
    static func collection(count: Int, terms: @escaping @Sendable (Int) -> Set<String>) -> SearchCollection {
        SearchCollection(
            name: "posts", count: count, descending: true, match: .words, numberAt: { Int32(count - 1 - $0) }, termsAt: terms,
            card: { number in Array(terms(count - 1 - number).sorted().joined(separator: " ").utf8) })
    }

    @Test("An edited index is the index of the edited documents: same files, and only the changed ones written", arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func editedIndex(seed: UInt64) async throws {
        let layout = SearchLayout(chunkBytes: 96, headBytes: 8, tailBytes: 12, fanout: 4)
        var random = SplitMix(seed: seed)
        let words = (0..<60).map { "w\($0 % 7)" + String(repeating: "x", count: $0 % 5) + "\($0)" }
        let count = 150
        var documents = (0..<count).map { position in Set((0..<6).map { words[(position * 7 + $0 * 13) % words.count] }) }
        let (first, firstFiles) = try await Self.make(Self.collection(count: count) { [documents] in documents[$0] }, layout: layout)
        var state = first
        var published = Dictionary(uniqueKeysWithValues: firstFiles.map { ($0.path, $0.bytes) })
        for round in 1...6 {
            var positions = Set<Int>()
            var oldTerms: [Int: Set<String>] = [:]
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let position = Int(random.next() % UInt64(count))
                if oldTerms[position] == nil { oldTerms[position] = documents[position] }
                positions.insert(position)
                // Gains a new word or a known one, or loses one (a posting list may empty).
                switch random.next() % 3 {
                case 0: documents[position].insert("new\(round)\(random.next() % 3)")
                case 1: documents[position].insert(words[Int(random.next() % UInt64(words.count))])
                default: if let word = documents[position].first { documents[position].remove(word) }
                }
            }
            let edited = Self.collection(count: count) { [documents] in documents[$0] }
            let changes = state.replaceDocuments(positions.sorted(), oldTerms: oldTerms, with: edited)
            for path in changes.removed {
                #expect(published.removeValue(forKey: path) != nil, "round \(round): removed \(path), which was not published")
            }
            for file in changes.files {
                #expect(published[file.path] == nil || published[file.path] == file.bytes, "round \(round): \(file.path) changed under its name")
                published[file.path] = file.bytes
            }
            let (clean, cleanFiles) = try await Self.make(edited, layout: layout)
            let expected = Dictionary(uniqueKeysWithValues: cleanFiles.map { ($0.path, $0.bytes) })
            #expect(published == expected, "round \(round): the edited index differs from a clean one")
            #expect(state.chunks == clean.chunks && state.roots == clean.roots, "round \(round)")
            #expect(state.statistics == clean.statistics, "round \(round)")
            #expect(changes.files.count < cleanFiles.count / 2, "round \(round): \(changes.files.count) of \(cleanFiles.count) files written")
        }
    }

    @Test("Every card is reachable through the two directory levels", arguments: [0, 1, 4, 16, 17, 70])
    func cardTree(count: Int) async throws {
        let layout = SearchLayout(chunkBytes: 64, headBytes: 6, tailBytes: 10, fanout: 4)
        let collection = SearchCollection(
            name: "users", count: count, descending: false, match: .substring, numberAt: { Int32($0) }, termsAt: { _ in [] },
            card: { Array("{\"n\":\($0)}".utf8) })
        let (result, written) = try await Self.make(collection, layout: layout)
        let files = Dictionary(uniqueKeysWithValues: written.map { ($0.path, $0.bytes) })
        #expect(files.count == result.statistics.fileCount)
        #expect(result.roots.count == (count + 15) / 16)
        func text(_ path: String) throws -> String { String(decoding: try #require(files[path], "missing \(path)"), as: UTF8.self) }
        func digest(_ text: String, at position: Int) -> String {
            let characters = Array(text)
            return String(characters[position * 8..<position * 8 + 8])
        }
        for number in 0..<count {
            let directory = number / 4
            let root = directory / 4
            let rootText = try text("search/users/d/\(root).\(result.roots[root]).txt")
            let directoryText = try text("search/users/c/\(directory).\(digest(rootText, at: directory - root * 4)).txt")
            let card = try text("search/users/r/\(number).\(digest(directoryText, at: number - directory * 4)).json")
            #expect(card == "{\"n\":\(number)}")
        }
    }

    @Test("Card and manifest JSON escape whatever content holds")
    func jsonEscaping() throws {
        var json = JSONText()
        json.beginObject()
        json.field("text", "quote \" backslash \\ newline \n tab \t nul \u{0} </script> é")
        json.field("count", 3)
        json.key("list")
        json.beginArray()
        json.string("a")
        json.string("b")
        json.endArray()
        json.endObject()
        let parsed = try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any]
        #expect(parsed?["text"] as? String == "quote \" backslash \\ newline \n tab \t nul \u{0} </script> é")
        #expect(parsed?["count"] as? Int == 3)
        #expect(parsed?["list"] as? [String] == ["a", "b"])
    }
}

@Suite("Search: the built site")
struct SearchBuildTests {
    @Test("A build writes a manifest the search page names, and the same input gives the same index")
    func manifestAndDeterminism() async throws {
        let fixture = try SiteFixture.small()
        try fixture.post(
            "-K4LH3o-jDP5g7CrIbkO", by: "bob", caption: "Water *everywhere*",
            comments: """
                [{"id": "-K4LH3o-jDP5g7CrIbkP", "username": "alice", "text": "Café au lait"}]
                """)
        let report = try await fixture.build()
        #expect(report.search.fileCount > 0)
        let page = try #require(HTMLDocument(path: fixture.output + "/search/index.html"))
        let manifestURL = try #require(page.values("//div[@id='search']/@data-manifest").first)
        #expect(manifestURL.hasPrefix("/search/manifest."))
        let manifestData = try Data(contentsOf: URL(fileURLWithPath: fixture.output + manifestURL))
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
        let posts = try #require(manifest["posts"] as? [String: Any])
        #expect(posts["count"] as? Int == 3)
        #expect(posts["order"] as? String == "descending")
        let chunks = try #require(posts["chunks"] as? [[String]])
        var terms: [String: [Int]] = [:]
        for chunk in chunks {
            let bytes = Array(try fixture.read("search/posts/i/\(chunk[1]).txt").utf8)
            for line in try SearchIndexReader.chunk(bytes, descending: true) { terms[line.term] = line.postings }
        }
        // Posts are numbered oldest first: the new post is 2, alice's first post 0.
        #expect(terms["water"] == [2])
        #expect(terms["everywhere"] == [2])
        #expect(terms["cafe"] == [2], "comment words count, without their accents")
        #expect(terms["post"] == [1, 0])
        #expect(terms["everywhere*"] == nil)

        let first = try SiteFixture.snapshot(fixture.output + "/search")
        try FileManager.default.removeItem(atPath: fixture.output)
        _ = try await fixture.build()
        #expect(try SiteFixture.snapshot(fixture.output + "/search") == first)
    }

    @Test("The search page is not in the sitemap and asks not to be indexed")
    func searchPageIsNotIndexed() async throws {
        let fixture = try SiteFixture.small()
        _ = try await fixture.build()
        #expect(!(try fixture.read("sitemap.xml")).contains("/search/"))
        let page = try #require(HTMLDocument(path: fixture.output + "/search/index.html"))
        #expect(page.values("//meta[@name='robots']/@content") == ["noindex"])
        #expect(page.count("//form[@role='search']//input[@name='q']") == 1)
    }
}
