import Testing
import TimelineTestSupport

@testable import TimelineModel
@testable import TimelineSite

/// CLDR's cardinal plural rules for the shipped languages, against CLDR's own sample numbers.
@Suite("Plural rules")
struct PluralRulesTests {
    private func categories(_ language: String, _ counts: [Int]) throws -> [PluralCategory] {
        let rules = try #require(PluralRules(language: language))
        return counts.map(rules.category(of:))
    }

    @Test("English and German: one for 1, other for the rest")
    func englishAndGerman() throws {
        for language in ["en", "de", "en-GB", "de-AT"] {
            #expect(try categories(language, [1]) == [.one])
            #expect(try categories(language, [0, 2, 11, 21, 100, 1_000_000]) == Array(repeating: .other, count: 6))
        }
    }

    @Test("Spanish: one for 1, many for whole millions, other for the rest")
    func spanish() throws {
        #expect(
            try categories("es", [1, 0, 2, 16, 100, 1_000, 1_000_000, 2_000_000, 1_000_001]) == [
                .one, .other, .other, .other, .other, .other, .many, .many, .other,
            ])
    }

    @Test("French and Portuguese: one for 0 and 1, many for whole millions")
    func frenchAndPortuguese() throws {
        for language in ["fr", "pt", "pt-BR", "fr-CA"] {
            #expect(
                try categories(language, [0, 1, 2, 17, 1_000_000, 3_000_000, 1_000_100]) == [
                    .one, .one, .other, .other, .many, .many, .other,
                ])
        }
    }

    @Test("Arabic: zero, one, two, few (3–10 of each hundred), many (11–99), other")
    func arabic() throws {
        #expect(try categories("ar", [0, 1, 2]) == [.zero, .one, .two])
        #expect(try categories("ar", [3, 10, 103, 110, 1003]) == Array(repeating: .few, count: 5))
        #expect(try categories("ar", [11, 26, 99, 111, 1011]) == Array(repeating: .many, count: 5))
        #expect(try categories("ar", [100, 101, 102, 200, 1000, 100_000]) == Array(repeating: .other, count: 6))
    }

    @Test("Japanese has one form")
    func japanese() throws {
        #expect(try categories("ja", [0, 1, 2, 1_000_000]) == Array(repeating: .other, count: 4))
        #expect(try #require(PluralRules(language: "ja")).categories == [.other])
    }

    @Test("every shipped language has rules and names the categories it uses; others have none")
    func languages() throws {
        for language in PluralRules.languages {
            let rules = try #require(PluralRules(language: language))
            #expect(rules.categories.last == .other)
            // Every category a count can take is one the language declares.
            let reached = Set((Array(0..<1_000) + [1_000_000, 2_000_000]).map(rules.category(of:)))
            #expect(reached == Set(rules.categories), "\(language)")
        }
        #expect(PluralRules(language: "xx") == nil)
        #expect(PluralRules(language: "") == nil)
    }
}

@Suite("Counted texts")
struct CountedTextTests {
    @Test("each counted text's table position is its place in allCases")
    func ordinals() {
        for (offset, key) in CountedText.allCases.enumerated() {
            #expect(key.ordinal == offset, "\(key)")
        }
    }
}
