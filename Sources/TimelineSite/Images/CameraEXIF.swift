import TimelineContent
import TimelineModel
import TimelineTemplates

/// Reads a photo's camera details (`CameraDetails`) out of the metadata strings libvips makes
/// from its EXIF block, and back out of the image cache's records of them.
///
/// libvips names each EXIF entry `exif-ifd<N>-<Tag>` and writes it as the value, then in
/// parentheses libexif's reading of it, its format and size:
/// `Canon (Canon, ASCII, 6 components, 6 bytes)`, `9/5 (f/1.8, Rational, 1 components, 8 bytes)`.
/// The value before the parentheses is what is kept: the raw text, number or fraction.
package enum CameraEXIF {
    /// The fields read, in the order of a record's values. Nothing here says where (no
    /// `exif-ifd3-GPS…`) or who: those fields are never read, let alone cached or shown.
    static let fieldNames = [
        "exif-ifd0-Make",
        "exif-ifd0-Model",
        "exif-ifd2-LensModel",
        "exif-ifd2-FocalLength",
        "exif-ifd2-FNumber",
        "exif-ifd2-ExposureTime",
        // The ISO tag (0x8827) is `ISOSpeedRatings` in EXIF 2.2 and `PhotographicSensitivity`
        // from 2.3; libexif's version decides the name.
        "exif-ifd2-ISOSpeedRatings",
        "exif-ifd2-PhotographicSensitivity",
        "exif-ifd2-DateTimeOriginal",
        "exif-ifd2-OffsetTimeOriginal",
    ]

    /// The version of the image cache's camera records (`ImageCacheIndex.cameras`): bumped
    /// whenever the fields read or the way their values are cut out changes, so that records
    /// written before are ignored and every photo's EXIF is read again.
    static let recordVersion = 1

    /// The longest value kept; EXIF texts of cameras are short, and libvips cuts its own
    /// strings at 255 bytes anyway.
    static let maximumValueLength = 120

    /// The values of a record, one per field of `fieldNames` ("" when the photo lacks it),
    /// from the strings libvips gave.
    package static func values(fromVips strings: [String?]) -> [String] {
        fieldNames.indices.map { index in
            guard index < strings.count, let text = strings[index] else { return "" }
            return value(ofVipsText: text)
        }
    }

    /// The value part of libvips' text for one EXIF entry, on one line with no tabs, trimmed.
    package static func value(ofVipsText text: String) -> String {
        let bytes = Array(text.utf8)
        let opening = Array(" (".utf8)
        func firstOpening(_ part: ArraySlice<UInt8>) -> Int? {
            part.indices.first { part[$0...].starts(with: opening) }
        }
        guard bytes.last == UInt8(ascii: ")"), let description = descriptionStart(bytes) else {
            // Not libvips' shape (or cut at its 255 bytes): the text up to any description.
            return clean(String(decoding: bytes[..<(firstOpening(bytes[...]) ?? bytes.endIndex)], as: UTF8.self))
        }
        // `value (reading` before `, Format, N components, M bytes)`.
        let head = bytes[..<description]
        let format = bytes[(description + 2)...].prefix { $0 != UInt8(ascii: ",") }
        if Array(format) == Array("ASCII".utf8), head.count >= 2, (head.count - 2) % 2 == 0 {
            // A text's reading is the text again: `T (T`, so a text that itself holds " ("
            // (`FE 24-70mm F2.8 GM (SEL2470GM)`) is cut in the right place.
            let length = (head.count - 2) / 2
            let text = head.prefix(length)
            if head.dropFirst(length).starts(with: opening), head.suffix(length).elementsEqual(text) {
                return clean(String(decoding: text, as: UTF8.self))
            }
        }
        return clean(String(decoding: head[..<(firstOpening(head) ?? head.endIndex)], as: UTF8.self))
    }

    /// Where `, Format, N components, M bytes)` starts: the third comma from the end.
    private static func descriptionStart(_ bytes: [UInt8]) -> Int? {
        var found = 0
        for index in bytes.indices.reversed() where bytes[index] == UInt8(ascii: ",") {
            found += 1
            if found == 3 { return index }
        }
        return nil
    }

    /// Control characters (tabs and line breaks among them) become spaces; NULs end the text.
    package static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value == 0 { break }
            scalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
        }
        let cleaned = trimmed(String(scalars))
        return cleaned.count > maximumValueLength ? trimmed(String(cleaned.prefix(maximumValueLength))) : cleaned
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// The details a record's values say; values that are not what their field should hold
    /// (an unset date `    :  :     :  :  `, an aperture or a focal length of 0, a lens named
    /// `----`) are left out.
    static func details(_ values: [String]) -> CameraDetails {
        func field(_ name: String) -> String? {
            guard let index = fieldNames.firstIndex(of: name), index < values.count else { return nil }
            let value = values[index]
            return value.isEmpty ? nil : value
        }
        var details = CameraDetails()
        details.make = field("exif-ifd0-Make").flatMap(name)
        details.model = field("exif-ifd0-Model").flatMap(name)
        details.lens = field("exif-ifd2-LensModel").flatMap(name)
        details.focalLength = field("exif-ifd2-FocalLength").flatMap(fraction)
        details.fNumber = field("exif-ifd2-FNumber").flatMap(fraction)
        details.exposureTime = field("exif-ifd2-ExposureTime").flatMap(fraction)
        details.iso = (field("exif-ifd2-ISOSpeedRatings") ?? field("exif-ifd2-PhotographicSensitivity")).flatMap(positiveInteger)
        details.takenAt = field("exif-ifd2-DateTimeOriginal").flatMap { takenAt($0, offset: field("exif-ifd2-OffsetTimeOriginal")) }
        return details
    }

    /// A name with at least one letter or digit (not `----`, which some cameras write for an
    /// unknown lens).
    package static func name(_ text: String) -> String? {
        text.unicodeScalars.contains { $0.properties.isAlphabetic || ("0"..."9").contains($0) } ? text : nil
    }

    /// `9/5` or `50` (the first of several components), above zero.
    static func fraction(_ text: String) -> CameraDetails.Fraction? {
        guard let first = text.split(separator: " ").first else { return nil }
        let parts = first.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let numerator = Int(parts[0]), numerator > 0 else { return nil }
        let denominator = parts.count == 2 ? Int(parts[1]) : 1
        guard let denominator, denominator > 0 else { return nil }
        let divisor = greatestCommonDivisor(numerator, denominator)
        return CameraDetails.Fraction(numerator: numerator / divisor, denominator: denominator / divisor)
    }

    static func positiveInteger(_ text: String) -> Int? {
        guard let first = text.split(separator: " ").first, let number = Int(first), number > 0 else { return nil }
        return number
    }

    /// `2015:11:02 15:34:12` and, when given, `-08:00`.
    static func takenAt(_ text: String, offset: String?) -> CameraDetails.TakenAt? {
        let digits = Array(text.utf8)
        // YYYY:MM:DD HH:MM:SS (some software writes the date with dashes; seconds may be absent).
        guard digits.count >= 16 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= digits.count else { return nil }
            var value = 0
            for byte in digits[start..<(start + length)] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        let separators: [(Int, Set<UInt8>)] = [(4, [58, 45]), (7, [58, 45]), (10, [32, 84]), (13, [58])]
        guard separators.allSatisfy({ $0.1.contains(digits[$0.0]) }) else { return nil }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2), let minute = number(14, 2)
        else { return nil }
        var second = 0
        if digits.count >= 19, digits[16] == 58, let seconds = number(17, 2) { second = seconds }
        guard year >= 1, (1...12).contains(month), (1...ISODate.daysIn(month: month, year: year)).contains(day), (0...23).contains(hour),
            (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        return CameraDetails.TakenAt(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, offsetMinutes: offset.flatMap(offsetMinutes))
    }

    /// `+01:00` → 60, `-08:00` → -480; nil for anything else.
    static func offsetMinutes(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 6, bytes[0] == 43 || bytes[0] == 45, bytes[3] == 58,
            let hours = Int(String(decoding: bytes[1...2], as: UTF8.self)), let minutes = Int(String(decoding: bytes[4...5], as: UTF8.self)),
            bytes[1...2].allSatisfy({ (48...57).contains($0) }), bytes[4...5].allSatisfy({ (48...57).contains($0) }),
            hours <= 14, minutes < 60
        else { return nil }
        return (bytes[0] == 45 ? -1 : 1) * (hours * 60 + minutes)
    }

    static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}
