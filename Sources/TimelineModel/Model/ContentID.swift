/// The ID of a post, comment or like. IDs compare byte by byte, never by locale, because for
/// push IDs that order is creation order.
public struct ContentID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts URL-safe IDs: `[A-Za-z0-9_-]`, 1 to 64 characters.
    public init?(_ rawValue: String) {
        guard Self.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    public static func isValid(_ candidate: String) -> Bool {
        let bytes = candidate.utf8
        guard (1...64).contains(bytes.count) else { return false }
        // In place where the string holds its bytes (every ID read from a file): iterating the
        // view took about 700 instructions an ID.
        return bytes.withContiguousStorageIfAvailable { $0.allSatisfy(isIDByte) } ?? bytes.allSatisfy(isIDByte)
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// Creation time in milliseconds since 1970, when the ID is a push ID.
    public var pushMilliseconds: Int64? { PushID.milliseconds(of: rawValue) }

    public var description: String { rawValue }

    public static func < (lhs: ContentID, rhs: ContentID) -> Bool {
        lhs.rawValue.utf8Precedes(rhs.rawValue)
    }
}
