extension String {
    /// `body` of the string's UTF-8 bytes, lent in place where the string holds them (a native
    /// or small string) and from a copy otherwise (a bridged one). `withUTF8` on a copy, the
    /// usual way, retained and released the string on every call: every value a page or feed
    /// writes.
    @inlinable
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
