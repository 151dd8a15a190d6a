import TimelineContent
import TimelineModel
import TimelineTemplates

/// CLDR's plural categories: which form of a word a count takes in a language ("1 like",
/// "2 likes"; Arabic has six forms, Japanese one). A translation gives a text per category its
/// language uses; `other` is the one every language has.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

/// The cardinal plural rules of CLDR (Unicode's Common Locale Data Repository, release 46) for
/// the languages the default theme ships, for whole numbers: the site counts likes, comments,
/// photos and people, never fractions, so the rules' operands reduce to the number itself
/// (`v = 0`, `e = 0`). Foundation does not expose ICU's plural rules on Linux; the rules are
/// short and fixed, so they are written out here, each with its CLDR text.
public struct PluralRules: Sendable {
    /// The languages with rules, by their BCP 47 primary subtag.
    public static let languages: [String] = table.keys.sorted()

    public let language: String
    private let rules: Language

    /// The rules of `language` (a BCP 47 tag such as `pt-BR`: its primary subtag decides), nil
    /// when there are none for it.
    public init?(language tag: String) {
        let primary = String(tag.split(separator: "-").first ?? "").lowercased()
        guard let rules = Self.table[primary] else { return nil }
        language = primary
        self.rules = rules
    }

    /// The category of a count.
    public func category(of count: Int) -> PluralCategory {
        rules.category(count)
    }

    /// The categories this language uses, in CLDR's order: what a translation must give.
    public var categories: [PluralCategory] {
        rules.categories
    }

    /// One language's categories and its rule.
    private struct Language: Sendable {
        let categories: [PluralCategory]
        let category: @Sendable (Int) -> PluralCategory
    }

    /// `many` in French, Spanish and Portuguese, for whole numbers: `e = 0 and i != 0 and
    /// i % 1000000 = 0 and v = 0` ("1 million de photos").
    private static func isWholeMillions(_ n: Int) -> Bool {
        n != 0 && n % 1_000_000 == 0
    }

    private static let table: [String: Language] = [
        // zero: n = 0; one: n = 1; two: n = 2; few: n % 100 = 3..10; many: n % 100 = 11..99
        "ar": Language(categories: [.zero, .one, .two, .few, .many, .other]) { n in
            let n = n.magnitude
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                switch n % 100 {
                case 3...10: return .few
                case 11...99: return .many
                default: return .other
                }
            }
        },
        // one: i = 1 and v = 0
        "de": Language(categories: [.one, .other]) { n in n == 1 ? .one : .other },
        "en": Language(categories: [.one, .other]) { n in n == 1 ? .one : .other },
        // one: n = 1; many: the whole millions
        "es": Language(categories: [.one, .many, .other]) { n in n == 1 ? .one : isWholeMillions(n) ? .many : .other },
        // one: i = 0,1; many: the whole millions
        "fr": Language(categories: [.one, .many, .other]) { n in n == 0 || n == 1 ? .one : isWholeMillions(n) ? .many : .other },
        // no plural forms
        "ja": Language(categories: [.other]) { _ in .other },
        // one: i = 0..1; many: the whole millions
        "pt": Language(categories: [.one, .many, .other]) { n in n == 0 || n == 1 ? .one : isWholeMillions(n) ? .many : .other },
    ]
}
