/// A 128-bit fingerprint: what the build manifest keeps for every output file. Stable across
/// runs and machines (unlike Swift's `Hasher`, which is seeded per process), and fast enough to
/// hash every page of a large site; not cryptographic.
public struct Digest: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    public static let zero = Digest(high: 0, low: 0)

    /// How many bytes `bytes` has.
    package static let byteCount = 16

    /// The digest as bytes, `high` then `low`, each most significant byte first.
    package var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    }

    public static func < (left: Digest, right: Digest) -> Bool {
        (left.high, left.low) < (right.high, right.low)
    }

    /// Order-independent combination, so a set of fields can be fingerprinted in any order and
    /// one field replaced without rehashing the others.
    package static func &+ (left: Digest, right: Digest) -> Digest {
        Digest(high: left.high &+ right.high, low: left.low &+ right.low)
    }

    package static func &- (left: Digest, right: Digest) -> Digest {
        Digest(high: left.high &- right.high, low: left.low &- right.low)
    }

    public var description: String {
        hex(high) + hex(low)
    }

    /// The digest its `description` shows; nil for anything else.
    package init?(hex text: some StringProtocol) {
        guard text.utf8.count == 32, let high = UInt64(text.prefix(16), radix: 16), let low = UInt64(text.dropFirst(16), radix: 16),
            text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { return nil }
        self.init(high: high, low: low)
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    package static func of(_ bytes: [UInt8]) -> Digest {
        var hasher = StableHasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }

    package static func of(_ text: String) -> Digest {
        var hasher = StableHasher()
        hasher.combine(text)
        return hasher.finalize()
    }
}

/// A streaming 128-bit hash in the style of MurmurHash3 x64/128: two 64-bit lanes, 16 bytes a
/// round, with a final avalanche. Every `combine` of a variable-length value also mixes its
/// length, so `("ab", "c")` and `("a", "bc")` differ.
package struct StableHasher {
    private var lane1: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var lane2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private var pending: (UInt64, UInt64) = (0, 0)
    private var pendingCount = 0
    private var length: UInt64 = 0

    package init() {}

    private static let multiplier1: UInt64 = 0x87C3_7B91_1142_53D5
    private static let multiplier2: UInt64 = 0x4CF5_AD43_2745_937F

    package mutating func combine(_ value: UInt64) {
        append(word: value)
    }

    package mutating func combine(_ value: Int) {
        append(word: UInt64(bitPattern: Int64(value)))
    }

    package mutating func combine(_ value: Int64) {
        append(word: UInt64(bitPattern: value))
    }

    package mutating func combine(_ value: Bool) {
        append(word: value ? 1 : 2)
    }

    package mutating func combine(_ digest: Digest) {
        append(word: digest.high)
        append(word: digest.low)
    }

    package mutating func combine(_ text: String) {
        // In place where the string holds its bytes, as `String.withUTF8Bytes` (of the template
        // engine, which this target does not see) lends them: `withUTF8` on a copy retained it.
        if text.utf8.withContiguousStorageIfAvailable({ combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            var copy = text
            copy.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    package mutating func combine(bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine(bytes: $0) }
    }

    /// The bytes, then their count.
    package mutating func combine(bytes: UnsafeRawBufferPointer) {
        var offset = 0
        let count = bytes.count
        if pendingCount == 1, count >= 8 {
            append(word: bytes.loadUnaligned(as: UInt64.self))
            offset = 8
        }
        // Whole blocks straight into the lanes: the same words in the same order as one at a
        // time, without parking each in `pending` (every output file's digest goes through here).
        if pendingCount == 0 {
            while count - offset >= 16 {
                mixBlock(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                length &+= 2
                offset += 16
            }
        }
        while count - offset >= 8 {
            append(word: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        append(word: tail ^ (UInt64(count) << 56) ^ UInt64(count))
    }

    private mutating func append(word: UInt64) {
        length &+= 1
        if pendingCount == 0 {
            pending.0 = word
            pendingCount = 1
            return
        }
        pending.1 = word
        pendingCount = 0
        mixBlock(pending.0, pending.1)
    }

    private mutating func mixBlock(_ first: UInt64, _ second: UInt64) {
        var key1 = first &* Self.multiplier1
        key1 = rotate(key1, 31) &* Self.multiplier2
        lane1 ^= key1
        lane1 = (rotate(lane1, 27) &+ lane2) &* 5 &+ 0x52DC_E729
        var key2 = second &* Self.multiplier2
        key2 = rotate(key2, 33) &* Self.multiplier1
        lane2 ^= key2
        lane2 = (rotate(lane2, 31) &+ lane1) &* 5 &+ 0x3849_5AB5
    }

    package func finalize() -> Digest {
        var copy = self
        if copy.pendingCount == 1 { copy.mixBlock(copy.pending.0, 0x5BD1_E995) }
        var first = copy.lane1 ^ copy.length
        var second = copy.lane2 ^ (copy.length << 1)
        first &+= second
        second &+= first
        first = Self.avalanche(first)
        second = Self.avalanche(second)
        first &+= second
        second &+= first
        return Digest(high: first, low: second)
    }

    private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    private static func avalanche(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed ^= mixed >> 33
        mixed &*= 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 33
        mixed &*= 0xC4CE_B9FE_1A85_EC53
        mixed ^= mixed >> 33
        return mixed
    }
}
