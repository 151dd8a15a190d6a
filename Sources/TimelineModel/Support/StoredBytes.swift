import TimelineSystem

/// Where the records of a `StoredRecords` list are read from when they are asked for: the
/// bytes they were decoded from, or the file those bytes were read from, so that a large state
/// file need not be held once it is decoded (`SiteIndex`: at 200,000 posts, 159 MB at the peak
/// of an edit build). The file must be the one the bytes came from, open since they were read
/// (a state file is replaced by renaming another over it, never written in place).
package enum StoredBytes: Sendable {
    case memory([UInt8])
    case file(ReadableFile)

    /// The bytes at `range`; nil when the file cannot give them.
    func bytes(_ range: Range<Int>) -> ArraySlice<UInt8>? {
        switch self {
        case .memory(let bytes): range.upperBound <= bytes.count ? bytes[range] : nil
        case .file(let file): (try? file.bytes(at: range.lowerBound, count: range.count))?[...]
        }
    }

    /// The record coded at `range`, which it must fill.
    func decode<Element: StateCodable>(_ type: Element.Type, at range: Range<Int>) -> Element? {
        var coder: StateCoder
        var end = range.upperBound
        switch self {
        case .memory(let bytes):
            coder = StateCoder(reading: bytes, from: range.lowerBound)
        case .file(let file):
            guard let bytes = try? file.bytes(at: range.lowerBound, count: range.count) else { return nil }
            coder = StateCoder(reading: bytes)
            end = bytes.count
        }
        guard let record = try? Element.code(nil, with: &coder), coder.readOffset == end else { return nil }
        return record
    }
}
