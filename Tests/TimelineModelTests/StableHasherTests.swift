import Testing

@testable import TimelineModel

@Suite("Stable hasher")
struct StableHasherTests {
    /// Bytes hash as their 8-byte words one at a time, then the tail with the count: the
    /// digests every state file and manifest keeps.
    private static func wordByWord(_ bytes: [UInt8], into hasher: inout StableHasher) {
        var offset = 0
        while bytes.count - offset >= 8 {
            hasher.combine(bytes[offset..<offset + 8].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) })
            offset += 8
        }
        let tail = bytes[offset...].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        hasher.combine(tail ^ (UInt64(bytes.count) << 56) ^ UInt64(bytes.count))
    }

    @Test("bytes of any length give the digest of their words one at a time, after an odd or even number of words before them", arguments: [0, 1, 2])
    func blocks(wordsBefore: Int) {
        for length in 0..<70 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var fast = StableHasher()
            var reference = StableHasher()
            for word in 0..<wordsBefore {
                fast.combine(UInt64(word))
                reference.combine(UInt64(word))
            }
            fast.combine(bytes: bytes)
            Self.wordByWord(bytes, into: &reference)
            #expect(fast.finalize() == reference.finalize(), "\(length) bytes after \(wordsBefore) words")
        }
    }
}
