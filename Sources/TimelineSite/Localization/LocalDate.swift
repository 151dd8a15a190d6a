import Foundation
import Synchronization
import TimelineContent
import TimelineModel
import TimelineTemplates

/// Dates as readers of the site read them: the day in the site's time zone, written the way
/// its language writes dates (ICU, through Foundation: `2 de novembro de 2015`, `2015年11月2日`).
/// A site has a few thousand distinct days among hundreds of thousands of dates, so each
/// day's text is made once.
package final class LocalDate: Sendable {
    package let timeZone: TimeZone
    private let style: Date.FormatStyle
    private let days = Mutex<[Int64: String]>([:])

    init(locale: Locale, timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        style = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: .gmt).day().month(.wide).year()
    }

    /// The day of an instant (milliseconds since 1970) in the site's time zone, as text.
    func readable(milliseconds: Int64) -> String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
        let local = seconds + offset
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        if let known = days.withLock({ $0[day] }) { return known }
        // Noon of that day in UTC is on the same calendar day: formatted in UTC, it gives the day.
        let text = Date(timeIntervalSince1970: Double(day * 86_400 + 43_200)).formatted(style)
        days.withLock { $0[day] = text }
        return text
    }
}
