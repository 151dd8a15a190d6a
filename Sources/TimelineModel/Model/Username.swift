/// The rules for usernames: ASCII letters, digits, `_`, `-` and `.` (neither `.` nor `-`
/// first), 1 to 64 characters. ASCII only, because a username becomes a folder name and a URL
/// path segment, and must stay unique on case-insensitive file systems; not `-` first, because
/// every command takes usernames as arguments, where `--help` or `-rf` is an option.
public enum Username {
    /// The rules, for messages.
    public static let rules = "use 1 to 64 ASCII letters, digits, '_', '-' or '.', not starting with '.' or '-'"

    public static func isValid(_ candidate: String) -> Bool {
        let bytes = Array(candidate.utf8)
        guard (1...64).contains(bytes.count), bytes[0] != UInt8(ascii: "."), bytes[0] != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                true
            default:
                false
            }
        }
    }

    /// The key under which usernames must be unique.
    public static func caseFolded(_ username: String) -> String {
        username.lowercased()
    }
}
