import Foundation

/// Whole numbers written for the site's language: `1,234` in English, `1.234` in Portuguese,
/// `1 234` in French (ICU, through Foundation).
struct LocalNumber: Sendable {
    private let style: IntegerFormatStyle<Int>
    /// Whether the language writes numbers below 1,000 as plain ASCII digits, so that they
    /// need no formatter (every shipped language does).
    private let smallNumbersArePlain: Bool

    init(locale: Locale) {
        let style = IntegerFormatStyle<Int>(locale: locale)
        self.style = style
        smallNumbersArePlain = [0, 7, 42, 999].allSatisfy { $0.formatted(style) == String($0) }
    }

    func text(_ number: Int) -> String {
        if smallNumbersArePlain, (0..<1000).contains(number) { return String(number) }
        return number.formatted(style)
    }
}
