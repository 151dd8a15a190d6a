import Foundation
import TimelineContent
import TimelineModel
import TimelineTemplates

/// The site's language as its pages speak it: the theme's texts in that language (with the
/// default language's where it has none), its plural rules, and its way of writing numbers
/// and dates, in the site's time zone. A class: every card and page that asks it holds one
/// reference, not a copy of its tables.
public final class Localizer: Sendable {
    /// The language tag of `site.json` (`<html lang>`).
    public let language: String
    /// Whether the language is written right to left (`<html dir="rtl">`).
    public let isRightToLeft: Bool
    let plurals: PluralRules
    package let numbers: LocalNumber
    let dates: LocalDate
    /// Decimals, unpunctuated whole numbers and clock times, for camera details.
    let measures: LocalMeasure
    private let generated: [GeneratedText: TextPattern]
    private let counted: [CountedText: [PluralCategory: TextPattern]]
    /// Each count's text for the numbers below `smallCountLimit`, made once: a site shows
    /// a few numbers millions of times ("2 likes" on every card of a popular post).
    private let smallCounts: [[String]]
    private let smallNumbers: [String]
    private static let smallCountLimit = 1000
    /// The texts templates show (`{{> t/KEY}}`), by key, as Mustache source.
    let templateSources: [String: String]
    /// Where each key's text was written, for problems found when it is compiled.
    let locations: [String: SourceLocation]

    init(
        language: String, plurals: PluralRules, timeZone: TimeZone, generated: [GeneratedText: TextPattern],
        counted: [CountedText: [PluralCategory: TextPattern]], templateSources: [String: String], locations: [String: SourceLocation]
    ) {
        self.language = language
        let locale = Locale(identifier: language)
        isRightToLeft = Locale.Language(identifier: language).characterDirection == .rightToLeft
        self.plurals = plurals
        let numbers = LocalNumber(locale: locale)
        self.numbers = numbers
        dates = LocalDate(locale: locale, timeZone: timeZone)
        measures = LocalMeasure(locale: locale)
        self.generated = generated
        self.counted = counted
        let smallNumbers = (0..<Self.smallCountLimit).map(numbers.text)
        self.smallNumbers = smallNumbers
        smallCounts = CountedText.allCases.map { key in
            smallNumbers.indices.map { Self.count(key, $0, written: smallNumbers[$0], forms: counted, plurals: plurals) }
        }
        self.templateSources = templateSources
        self.locations = locations
    }

    /// A generated text with its placeholders filled in.
    package func text(_ key: GeneratedText, _ values: KeyValuePairs<String, String> = [:]) -> String {
        generated[key]?.filled(values) ?? ""
    }

    /// "1 like", "2 likes": the form the language's plural rules pick for `number`.
    package func count(_ key: CountedText, _ number: Int) -> String {
        if number >= 0, number < Self.smallCountLimit { return smallCounts[key.ordinal][number] }
        return Self.count(key, number, written: numbers.text(number), forms: counted, plurals: plurals)
    }

    /// The form of `key` the plural rules pick for `number`, with `written` (the number as the
    /// language writes it) for `{{count}}`.
    private static func count(
        _ key: CountedText, _ number: Int, written: String, forms: [CountedText: [PluralCategory: TextPattern]], plurals: PluralRules
    ) -> String {
        guard let forms = forms[key] else { return written }
        let form = forms[plurals.category(of: number)] ?? forms[.other]
        return form?.filled(["count": written]) ?? written
    }

    /// A whole number as the language writes it.
    package func number(_ number: Int) -> String {
        number >= 0 && number < Self.smallCountLimit ? smallNumbers[number] : numbers.text(number)
    }

    /// The day of an instant, in the site's time zone and language.
    package func date(milliseconds: Int64) -> String {
        dates.readable(milliseconds: milliseconds)
    }

    /// What the search page's script needs to speak the language: the language tag, the texts
    /// it fills in and the plural forms of the counts it shows (it picks a form with the
    /// browser's `Intl.PluralRules`), as JSON.
    var searchMessagesJSON: String {
        messagesJSON(texts: GeneratedText.allCases.filter(\.isForScript), counts: CountedText.allCases)
    }

    /// What the name filter of a user list needs: two texts.
    var filterMessagesJSON: String {
        messagesJSON(texts: [.filterNobody, .filterCount], counts: [])
    }

    private func messagesJSON(texts: [GeneratedText], counts: [CountedText]) -> String {
        var json = JSONText()
        json.beginObject()
        json.field("language", language)
        json.key("texts")
        json.beginObject()
        for key in texts {
            json.field(String(key.rawValue.dropFirst("script.".count)), generated[key]?.source(escapingLiterals: false) ?? "")
        }
        json.endObject()
        json.key("counts")
        json.beginObject()
        for key in counts {
            json.key(String(key.rawValue.dropFirst("count.".count)))
            json.beginObject()
            for category in PluralCategory.allCases {
                if let form = counted[key]?[category] { json.field(category.rawValue, form.source(escapingLiterals: false)) }
            }
            json.endObject()
        }
        json.endObject()
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }
}
