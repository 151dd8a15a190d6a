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
