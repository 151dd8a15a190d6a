/// Firebase push IDs: 20 characters whose first 8 encode the creation time in milliseconds,
/// 6 bits a character, most significant first, in an alphabet that is in ASCII order, so that
/// comparing IDs byte by byte compares their creation times.
public enum PushID {
    public static let alphabet = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)
    public static let length = 20

    /// Times outside this window are not taken for push IDs: an opaque 20-character ID such
    /// as `my-summer-holiday-22` decodes to a nonsense date, and is better left dateless.
    /// 2010-01-01 to 2100-01-01, in milliseconds since 1970.
    static let plausibleMilliseconds: Range<Int64> = 1_262_304_000_000..<4_102_444_800_000

    private static let digitValues: [Int8] = {
        var values = [Int8](repeating: -1, count: 256)
        for (value, byte) in alphabet.enumerated() { values[Int(byte)] = Int8(value) }
        return values
    }()

    /// The creation time in milliseconds since 1970, or nil when `id` is not a push ID.
    public static func milliseconds(of id: String) -> Int64? {
        guard id.utf8.count == length else { return nil }
        // Over the bytes in place: iterating `utf8.enumerated()` took two thousand instructions
        // an ID, and the feeds ask for the time of every comment.
        let decoded = id.utf8.withContiguousStorageIfAvailable(timestamp) ?? Array(id.utf8).withUnsafeBufferPointer(timestamp)
        guard let decoded, plausibleMilliseconds.contains(decoded) else { return nil }
        return decoded
    }

    /// The time the first 8 digits encode; nil when a byte is not a digit of the alphabet.
    private static func timestamp(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        digitValues.withUnsafeBufferPointer { digitValues in
            var timestamp: Int64 = 0
            for position in 0..<bytes.count {
                let value = digitValues[Int(bytes[position])]
                guard value >= 0 else { return nil }
                if position < 8 { timestamp = timestamp &* 64 &+ Int64(value) }
            }
            return timestamp
        }
    }

    /// Encodes a time and 12 random characters' worth of values (each 0..<64) as a push ID.
    public static func make(milliseconds: Int64, randomDigits: [Int]) -> String {
        var timeDigits = [UInt8](repeating: 0, count: 8)
        var remaining = milliseconds
        for position in stride(from: 7, through: 0, by: -1) {
            timeDigits[position] = alphabet[Int(remaining % 64)]
            remaining /= 64
        }
        let tail = (0..<12).map { alphabet[randomDigits.indices.contains($0) ? randomDigits[$0] & 63 : 0] }
        return String(decoding: timeDigits + tail, as: UTF8.self)
    }
}
