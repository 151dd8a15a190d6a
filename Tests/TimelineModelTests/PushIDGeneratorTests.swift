import Testing
import TimelineTestSupport

@testable import TimelineModel

@Suite("Push ID generator")
struct PushIDGeneratorTests {
    /// Returns the same value every time: the worst case for the increment.
    struct ConstantRandom: RandomNumberGenerator {
        let value: UInt64
        mutating func next() -> UInt64 { value }
    }

    static let sampleTime: Int64 = 1_446_435_287_670

    @Test("20 characters of the alphabet; the first 8 are the time, most significant first")
    func format() {
        var generator = PushIDGenerator()
        var random = SplitMix(seed: 3)
        let id = generator.next(milliseconds: Self.sampleTime, using: &random)
        #expect(id.utf8.count == 20)
        #expect(id.utf8.allSatisfy { PushID.alphabet.contains($0) })
        // The sample post of the original data was made in this millisecond.
        #expect(id.hasPrefix("-K25Fj8q"))
        #expect(PushID.milliseconds(of: id) == Self.sampleTime)
        #expect(ContentID(id) != nil)
    }

    @Test("IDs made in one millisecond increase by one in the random part", arguments: [0, 1, 2])
    func monotonicWithinOneMillisecond(seed: Int) {
        var generator = PushIDGenerator()
        var random = SplitMix(seed: UInt64(seed))
        let ids = (0..<10_000).map { _ in generator.next(milliseconds: Self.sampleTime, using: &random) }
        #expect(Set(ids).count == ids.count)
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(ids.allSatisfy { PushID.milliseconds(of: $0) == Self.sampleTime })
        // The second is the first plus one: its last character is the next in the alphabet
        // (or the carry moved on, once in 64 cases).
        let last = ids.map { Array($0.utf8).last ?? 0 }
        let steps = zip(last, last.dropFirst()).filter { PushID.alphabet.firstIndex(of: $1) == PushID.alphabet.firstIndex(of: $0).map { ($0 + 1) % 64 } }
        #expect(steps.count == ids.count - 1)
    }

    @Test("a new millisecond draws new random characters")
    func newMillisecondNewRandom() {
        var generator = PushIDGenerator()
        var random = SplitMix(seed: 9)
        let first = generator.next(milliseconds: Self.sampleTime, using: &random)
        let second = generator.next(milliseconds: Self.sampleTime + 1, using: &random)
        #expect(first.utf8.lexicographicallyPrecedes(second.utf8))
        #expect(first.dropFirst(8) != second.dropFirst(8))
        #expect(PushID.milliseconds(of: second) == Self.sampleTime + 1)
    }

    @Test("when the random part would overflow, the time moves on one millisecond")
    func overflowMovesTimeOn() {
        var generator = PushIDGenerator()
        var random = ConstantRandom(value: 63)
        let first = generator.next(milliseconds: Self.sampleTime, using: &random)
        #expect(first.hasSuffix("zzzzzzzzzzzz"))
        let second = generator.next(milliseconds: Self.sampleTime, using: &random)
        #expect(first.utf8.lexicographicallyPrecedes(second.utf8))
        #expect(PushID.milliseconds(of: second) == Self.sampleTime + 1)
    }

    @Test("a clock that goes back does not make a smaller ID")
    func clockGoingBack() {
        var generator = PushIDGenerator()
        var random = SplitMix(seed: 5)
        let later = generator.next(milliseconds: Self.sampleTime + 5_000, using: &random)
        let earlier = generator.next(milliseconds: Self.sampleTime, using: &random)
        #expect(later.utf8.lexicographicallyPrecedes(earlier.utf8))
        #expect(PushID.milliseconds(of: earlier) == Self.sampleTime + 5_000)
    }

    @Test("an ID made now decodes to the time it was made")
    func decodesToNow() throws {
        var generator = PushIDGenerator()
        let before = PushIDGenerator.currentMilliseconds()
        let id = generator.next()
        let after = PushIDGenerator.currentMilliseconds()
        let decoded = try #require(PushID.milliseconds(of: id))
        #expect(decoded >= before && decoded <= after)
        #expect(try #require(ContentID(id)).pushMilliseconds == decoded)
    }
}
