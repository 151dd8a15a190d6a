/// ISO 8601 dates and times without Foundation's formatters, whose output can depend on the
/// machine's locale and time zone: pages must come out the same everywhere.
public enum ISODate {
    /// Parses `2016-01-02`, `2016-01-02T09:30`, `2016-01-02T09:30:00Z`, `2016-01-02 09:30:00.250+02:00`
    /// into milliseconds since 1970. A time without a zone is taken as UTC.
    /// What a refused `text` is told it must be, after the name of what holds it.
    public static func expectation(found text: String) -> String {
        "must be an ISO 8601 date such as 2016-01-02 or 2016-01-02T09:30:00Z, found '\(text)'"
    }

    public static func milliseconds(from text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var millisecond = 0
        var offsetMinutes = 0
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t") || bytes[index] == UInt8(ascii: " ")
            else { return nil }
            index += 1
            guard let h = number(2), expect(UInt8(ascii: ":")), let m = number(2), h < 24, m < 60 else { return nil }
            hour = h
            minute = m
            if expect(UInt8(ascii: ":")) {
                guard let s = number(2), s < 60 else { return nil }
                second = s
                if expect(UInt8(ascii: ".")) {
                    var digits = 0
                    var fraction = 0
                    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                        if digits < 3 { fraction = fraction * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                        digits += 1
                        index += 1
                    }
                    guard digits > 0 else { return nil }
                    for _ in digits..<3 where digits < 3 { fraction *= 10 }
                    millisecond = fraction
                }
            }
            if expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) {
                offsetMinutes = 0
            } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                guard let oh = number(2), expect(UInt8(ascii: ":")), let om = number(2), oh < 24, om < 60 else { return nil }
                offsetMinutes = sign * (oh * 60 + om)
            }
            guard index == bytes.count else { return nil }
        }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)
        return seconds * 1000 + Int64(millisecond)
    }

    /// `2016-01-02T09:30:00Z` (or with `.250` when the time has milliseconds).
    public static func timestamp(milliseconds: Int64) -> String {
        let parts = CivilTime(milliseconds: milliseconds)
        guard (0...9999).contains(parts.year) else {
            let fraction = parts.millisecond == 0 ? "" : "." + pad(parts.millisecond, 3)
            return
                "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))\(fraction)Z"
        }
        // Digits written into one buffer: feeds format a timestamp per entry, tens of thousands.
        let length = parts.millisecond == 0 ? 20 : 24
        return String(unsafeUninitializedCapacity: length) { buffer in
            func put(_ value: Int, width: Int, at offset: Int) {
                var rest = value
                for position in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(parts.year, width: 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(parts.month, width: 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(parts.day, width: 2, at: 8)
            buffer[10] = UInt8(ascii: "T")
            put(parts.hour, width: 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(parts.minute, width: 2, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(parts.second, width: 2, at: 17)
            if parts.millisecond != 0 {
                buffer[19] = UInt8(ascii: ".")
                put(parts.millisecond, width: 3, at: 20)
            }
            buffer[length - 1] = UInt8(ascii: "Z")
            return length
        }
    }

    /// `value` with leading zeros to `width` digits.
    package static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Howard Hinnant's days-from-civil algorithm.
    package static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// A moment split into UTC calendar fields.
package struct CivilTime {
    package let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int

    init(milliseconds: Int64) {
        let totalSeconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        millisecond = Int(milliseconds - totalSeconds * 1000)
        var days = totalSeconds >= 0 ? totalSeconds / 86_400 : (totalSeconds - 86_399) / 86_400
        let secondOfDay = Int(totalSeconds - days * 86_400)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = Int(days - era * 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + Int(era) * 400 + (month <= 2 ? 1 : 0)
    }
}
