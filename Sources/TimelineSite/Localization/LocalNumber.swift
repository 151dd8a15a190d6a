import Foundation
import TimelineContent
import TimelineModel
import TimelineTemplates

/// Whole numbers written for the site's language: `1,234` in English, `1.234` in Portuguese,
/// `1 234` in French (ICU, through Foundation). `Localizer` keeps those below 1,000 in a table.
package struct LocalNumber: Sendable {
    private let style: IntegerFormatStyle<Int>

    init(locale: Locale) {
        style = IntegerFormatStyle<Int>(locale: locale)
    }

    package func text(_ number: Int) -> String {
        number.formatted(style)
    }
}
