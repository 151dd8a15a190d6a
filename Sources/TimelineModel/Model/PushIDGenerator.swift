import TimelineSystem

/// Makes Firebase push IDs as the original client did: the time in milliseconds in the first
/// 8 characters (48 bits), 72 random bits in the last 12. A second ID in the same millisecond
/// reuses the previous random part plus one, so the IDs one generator makes always increase
/// byte by byte. Two departures from the original, both to keep that promise: a clock that
/// goes back is held at the last time used, and when the 72 bits would overflow the time moves
/// on by one millisecond.
public struct PushIDGenerator: Sendable {
    /// The latest time 8 characters can hold.
    public static let maximumMilliseconds: Int64 = (1 << 48) - 1

    private var lastMilliseconds: Int64 = -1
    /// The last random part, 12 values from 0 to 63.
    private var lastDigits = [Int](repeating: 0, count: 12)

    public init() {}

    /// The next ID at the current time, with system randomness.
    public mutating func next() -> String {
        var random = SystemRandomBits()
        return next(milliseconds: Self.currentMilliseconds(), using: &random)
    }

    /// The next ID for a clock reading of `milliseconds` since 1970.
    public mutating func next(milliseconds: Int64, using random: inout some RandomNumberGenerator) -> String {
        let now = min(max(milliseconds, 0), Self.maximumMilliseconds)
        if now > lastMilliseconds || !incrementDigits() {
            lastMilliseconds = max(now, lastMilliseconds + 1)
            for position in lastDigits.indices { lastDigits[position] = Int(random.next() & 63) }
        }
        return PushID.make(milliseconds: lastMilliseconds, randomDigits: lastDigits)
    }

    /// Adds one to the random part, as a 12-digit number in base 64; false when it would overflow.
    private mutating func incrementDigits() -> Bool {
        guard lastMilliseconds >= 0 else { return false }
        for position in stride(from: 11, through: 0, by: -1) {
            if lastDigits[position] < 63 {
                lastDigits[position] += 1
                return true
            }
            lastDigits[position] = 0
        }
        return false
    }

    /// Milliseconds since 1970 on the system's real-time clock.
    public static func currentMilliseconds() -> Int64 {
        WallClock.nanoseconds / 1_000_000
    }
}

/// The system's random numbers, through a generator that has storage: ThreadSanitizer (Swift
/// 6.3 on Linux) crashes on an `inout` access to a zero-sized value such as
/// `SystemRandomNumberGenerator`, whose address it cannot map (see docs/sanitizers.md).
private struct SystemRandomBits: RandomNumberGenerator {
    private var system = SystemRandomNumberGenerator()
    /// Only there to give the generator a size.
    private var drawn: UInt64 = 0

    package mutating func next() -> UInt64 {
        drawn = system.next()
        return drawn
    }
}
