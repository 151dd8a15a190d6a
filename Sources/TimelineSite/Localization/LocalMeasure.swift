import Foundation
import Synchronization
import TimelineContent
import TimelineModel
import TimelineTemplates

/// Measurements and clock times as the site's language writes them, for a photo's camera
/// details: decimals with at most one digit after the separator and no grouping (`1.8`,
/// `1,8` in German), whole numbers without grouping (`ISO 12800`, `1/8000 s`, as cameras
/// write them), and a day with its time (`November 2, 2015 at 3:34 PM`,
/// `2 novembre 2015 à 15:34`). ICU's data through Foundation, like `LocalNumber` and
/// `LocalDate`. A site's photos share a few focal lengths, apertures and speeds: each number
/// is formatted once.
package final class LocalMeasure: Sendable {
    private let decimalStyle: FloatingPointFormatStyle<Double>
    private let wholeStyle: IntegerFormatStyle<Int>
    private let dateTimeStyle: Date.FormatStyle
    /// By tenths.
    private let decimals = Mutex<[Int: String]>([:])
    private let wholes = Mutex<[Int: String]>([:])

    init(locale: Locale) {
        decimalStyle = FloatingPointFormatStyle<Double>(locale: locale).grouping(.never).precision(.fractionLength(0...1))
        wholeStyle = IntegerFormatStyle<Int>(locale: locale).grouping(.never)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        dateTimeStyle = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: .gmt).day().month(.wide).year().hour().minute()
    }

    /// `value` rounded to tenths (halves away from zero), written without a trailing zero:
    /// `1.8`, `50`, `0.5`.
    func decimal(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "" }
        let tenths = Int((value * 10).rounded(.toNearestOrAwayFromZero))
        if let known = decimals.withLock({ $0[tenths] }) { return known }
        let text = (Double(tenths) / 10).formatted(decimalStyle)
        decimals.withLock { $0[tenths] = text }
        return text
    }

    /// A whole number without grouping.
    package func whole(_ value: Int) -> String {
        if let known = wholes.withLock({ $0[value] }) { return known }
        let text = value.formatted(wholeStyle)
        wholes.withLock { $0[value] = text }
        return text
    }

    /// A day and a time of day as a clock showed them, with no time zone applied: the text
    /// says the same hour and minute whatever the site's time zone.
    func dateTime(year: Int, month: Int, day: Int, hour: Int, minute: Int) -> String {
        let seconds = ISODate.daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60
        return Date(timeIntervalSince1970: Double(seconds)).formatted(dateTimeStyle)
    }
}
