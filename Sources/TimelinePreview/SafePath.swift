import TimelineModel

/// A request path turned into the names of the folders and file it asks for inside the served
/// folder, or refused. The rules are deliberately strict, since the preview serves the files of
/// a working folder:
///
/// - the path (before `?` or `#`) must start with `/`;
/// - each segment is percent-decoded on its own, so an encoded `/` (`%2f`) can never become a
///   separator; a decoded segment may not hold `/`, `\`, a NUL byte or another control
///   character, and may not be invalid percent-encoding or invalid UTF-8;
/// - a raw backslash anywhere is refused (some systems read it as a separator);
/// - a segment may not start with `.`: this refuses `.` and `..` (also when encoded as `%2e`)
///   and hidden files.
///
/// Symlinks are refused later, when the file is opened (`ServedFolder` never follows one).
public struct SafePath: Sendable, Hashable {
    /// The decoded segments, without empty ones: `/p/abc/` → `["p", "abc"]`.
    public let segments: [String]
    /// Whether the path ended in `/` (a folder URL).
    public let endsWithSlash: Bool

    /// Why a path was refused.
    public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        case notAbsolute
        case backslash
        case badPercentEncoding
        case encodedSeparator
        case controlCharacter
        case dotSegment
        case invalidUTF8

        public var description: String {
            switch self {
            case .notAbsolute: "the path does not start with /"
            case .backslash: "the path holds a backslash"
            case .badPercentEncoding: "the path holds a % that is not followed by two hex digits"
            case .encodedSeparator: "the path holds an encoded / or \\"
            case .controlCharacter: "the path holds a NUL byte or another control character"
            case .dotSegment: "a path segment starts with a dot (., .. or a hidden file)"
            case .invalidUTF8: "the path is not valid UTF-8 once decoded"
            }
        }
    }

    /// Parses the request target of an HTTP request (`/p/abc/?x=1`).
    public init(requestTarget: String) throws(Refusal) {
        let path = requestTarget.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard path.first == UInt8(ascii: "/") else { throw .notAbsolute }
        guard !path.contains(UInt8(ascii: "\\")) else { throw .backslash }
        var segments: [String] = []
        for raw in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            let bytes = try Self.percentDecoded(raw)
            guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { throw .controlCharacter }
            guard !bytes.contains(UInt8(ascii: "/")), !bytes.contains(UInt8(ascii: "\\")) else { throw .encodedSeparator }
            guard bytes.first != UInt8(ascii: ".") else { throw .dotSegment }
            guard let segment = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
            segments.append(segment)
        }
        self.segments = segments
        endsWithSlash = path.last == UInt8(ascii: "/")
    }

    /// The segments after a base path's own (`/photos/` → drops `["photos"]`), or nil when the
    /// path is outside the base path.
    public func removingPrefix(_ basePath: String) -> SafePath? {
        let prefix = basePath.split(separator: "/").map(String.init)
        guard segments.starts(with: prefix) else { return nil }
        return SafePath(segments: Array(segments.dropFirst(prefix.count)), endsWithSlash: endsWithSlash)
    }

    init(segments: [String], endsWithSlash: Bool) {
        self.segments = segments
        self.endsWithSlash = endsWithSlash
    }

    /// The segments joined back into a URL path under `basePath` with each segment
    /// percent-encoded, as a folder (`/photos/p/abc/`): the target of a redirect.
    public func folderURL(under basePath: String) -> String {
        basePath + segments.map { PercentEncoding.encoded($0) + "/" }.joined()
    }

    static func percentDecoded(_ raw: some Collection<UInt8>) throws(Refusal) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var iterator = raw.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                result.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { throw .badPercentEncoding }
            result.append(high << 4 | low)
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
