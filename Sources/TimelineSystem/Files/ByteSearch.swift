#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Array where Element == UInt8 {
    /// Whether `needle` occurs anywhere in these bytes. The C library finds each candidate
    /// first byte (`memchr`) and compares from there (`memcmp`), so that a scan of every post's
    /// files for a name is bound by reading them, not by the search.
    package func contains(bytes needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        return withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                guard let start = haystack.baseAddress, let wanted = needle.baseAddress, haystack.count >= needle.count else { return false }
                let last = haystack.count - needle.count
                var offset = 0
                while offset <= last, let found = memchr(start + offset, Int32(first), last - offset + 1) {
                    if memcmp(found, wanted, needle.count) == 0 { return true }
                    offset = start.distance(to: UnsafeRawPointer(found)) + 1
                }
                return false
            }
        }
    }

    /// Whether `marker` is followed somewhere by `needle` in any ASCII case (`@HanSolo` for
    /// `@` and `hansolo`): each `marker` is found with `memchr`, and only the bytes after it
    /// are compared.
    package func contains(_ needle: [UInt8], ignoringASCIICaseAfter marker: UInt8) -> Bool {
        let folded = needle.map(Self.asciiLowercased)
        return withUnsafeBufferPointer { haystack in
            guard let start = haystack.baseAddress else { return false }
            var offset = 0
            while offset < haystack.count, let found = memchr(start + offset, Int32(marker), haystack.count - offset) {
                let after = UnsafeRawPointer(start).distance(to: UnsafeRawPointer(found)) + 1
                if haystack.count - after >= folded.count,
                    folded.indices.allSatisfy({ Self.asciiLowercased(haystack[after + $0]) == folded[$0] })
                {
                    return true
                }
                offset = after
            }
            return false
        }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

extension String {
    /// Whether the string's UTF-8 bytes sort before `other`'s: the order of names in listings,
    /// manifests and state files, whatever their Unicode normalization. Compared with `memcmp`:
    /// the generic `utf8.lexicographicallyPrecedes` took a quarter of a billion instructions of
    /// a clean build at 4,000 posts, sorting the manifest and the folder listings.
    package func utf8Precedes(_ other: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right in ByteOrder.precedes(left, right) }
        }
        return (compared ?? nil) ?? utf8.lexicographicallyPrecedes(other.utf8)
    }

    /// Whether one of the string's UTF-8 bytes is `byte`, found with `memchr`: the generic
    /// `utf8.contains` stepped through the view's indices one byte at a time.
    package func containsUTF8Byte(_ byte: UInt8) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { bytes in
            guard let start = bytes.baseAddress else { return false }
            return memchr(start, Int32(byte), bytes.count) != nil
        }
        return found ?? utf8.contains(byte)
    }

    /// Whether a UTF-8 byte of the string is one `isWanted` accepts. The bytes are read eight
    /// at a time, and only a word `flagged` marks (it must mark every word holding a wanted
    /// byte; `ByteWord` has the usual tests) is looked at byte by byte: escaping and XML's
    /// character check scan every value written into a page or feed.
    @inlinable
    package func containsUTF8Byte(flagging flagged: (UInt64) -> Bool, where isWanted: (UInt8) -> Bool) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            let raw = UnsafeRawBufferPointer(bytes)
            var offset = 0
            while offset + 8 <= bytes.count {
                if flagged(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)), bytes[offset..<offset + 8].contains(where: isWanted) {
                    return true
                }
                offset += 8
            }
            return bytes[offset...].contains(where: isWanted)
        }
        return found ?? utf8.contains(where: isWanted)
    }
}

/// The order of byte strings (paths as UTF-8) that listings, manifests and state files keep.
package enum ByteOrder {
    package static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = Swift.min(left.count, right.count)
        if common > 0, let leftStart = left.baseAddress, let rightStart = right.baseAddress {
            let order = memcmp(leftStart, rightStart, common)
            if order != 0 { return order < 0 }
        }
        return left.count < right.count
    }

    package static func precedes(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left.withUnsafeBufferPointer { left in right.withUnsafeBufferPointer { right in precedes(left, right) } }
    }
}

/// FNV-1a over bytes: for short keys (paths, names) hashed once per build.
package enum ByteHash {
    @inlinable
    package static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

/// Tests of eight bytes at once, in a 64-bit word: each is true when some byte of the word
/// passes (and may be true for a word whose only passing byte follows one that does).
package enum ByteWord {
    @usableFromInline
    static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether a byte of `word` is `byte`.
    @inlinable
    package static func contains(_ byte: UInt8, in word: UInt64) -> Bool {
        hasZeroByte(word ^ (ones &* UInt64(byte)))
    }

    /// Whether a byte of `word` is below `limit` (at most 128).
    @inlinable
    package static func containsByte(below limit: UInt8, in word: UInt64) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & highBits != 0
    }

    @inlinable
    static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- ones) & ~word & highBits != 0
    }
}
