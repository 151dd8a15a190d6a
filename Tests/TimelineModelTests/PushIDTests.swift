import Testing
import TimelineTestSupport

@testable import TimelineModel

@Suite("Push IDs")
struct PushIDTests {
    @Test("decodes the sample post's creation time")
    func decodesSamplePost() {
        let milliseconds = PushID.milliseconds(of: "-K25Fj8qrMAtxXG3QCSn")
        #expect(milliseconds == 1_446_435_287_670)
        #expect(ISODate.timestamp(milliseconds: 1_446_435_287_670) == "2015-11-02T03:34:47.670Z")
    }

    @Test("timestamps: whole seconds without a fraction, milliseconds with three digits, every field padded")
    func timestamps() {
        #expect(ISODate.timestamp(milliseconds: 0) == "1970-01-01T00:00:00Z")
        #expect(ISODate.timestamp(milliseconds: 1_446_435_287_000) == "2015-11-02T03:34:47Z")
        #expect(ISODate.timestamp(milliseconds: 1_446_435_287_005) == "2015-11-02T03:34:47.005Z")
        #expect(ISODate.timestamp(milliseconds: 253_402_300_799_999) == "9999-12-31T23:59:59.999Z")
        #expect(ISODate.timestamp(milliseconds: 253_402_300_800_000) == "10000-01-01T00:00:00Z")
        for text in ["2016-01-02T09:30:00Z", "1999-12-31T23:59:59.120Z", "2024-02-29T00:00:00.001Z"] {
            #expect(ISODate.milliseconds(from: text).map { ISODate.timestamp(milliseconds: $0) } == text)
        }
    }

    @Test("comments made later sort after their post, byte by byte")
    func orderFollowsTime() throws {
        let post = try #require(ContentID("-K25Fj8qrMAtxXG3QCSn"))
        let comment = try #require(ContentID("-K28xPOXBBXdCrFx-EAY"))
        #expect(post < comment)
        #expect(try #require(post.pushMilliseconds) < #require(comment.pushMilliseconds))
    }

    @Test("encoding and decoding round-trip, and ID order is time order", arguments: [0, 1, 7, 99])
    func roundTrip(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        var made: [(Int64, String)] = []
        for _ in 0..<200 {
            let time = 1_300_000_000_000 + Int64(generator.next() % 2_000_000_000_000)
            let id = PushID.make(milliseconds: time, randomDigits: (0..<12).map { _ in Int(generator.next() % 64) })
            #expect(PushID.milliseconds(of: id) == time)
            made.append((time, id))
        }
        let byID = made.sorted { $0.1.utf8.lexicographicallyPrecedes($1.1.utf8) }.map(\.0)
        #expect(byID == made.map(\.0).sorted())
    }

    @Test("other URL-safe IDs are accepted but carry no date", arguments: ["hello", "my-summer-holiday-22", "a_b-C"])
    func opaqueIDs(id: String) {
        #expect(ContentID(id) != nil)
        #expect(ContentID(id)?.pushMilliseconds == nil)
    }

    @Test("invalid IDs are refused", arguments: ["", "has space", "dot.dot", "slash/", String(repeating: "a", count: 65), "é"])
    func invalidIDs(id: String) {
        #expect(ContentID(id) == nil)
    }

    @Test("comparison is byte order, not locale order")
    func byteOrder() throws {
        // In ASCII '-' < digits < uppercase < '_' < lowercase; a locale compare would differ.
        let ids = ["a", "B", "_", "-", "0"].compactMap(ContentID.init).sorted().map(\.rawValue)
        #expect(ids == ["-", "0", "B", "_", "a"])
    }
}
