import Foundation
import TimelineContent
import TimelineModel
import TimelineTemplates

/// A theme's translation files (`translations/<language>.yaml`), and the making of the site's
/// `Localizer` from them: the site's language, with the default language's text for each key
/// it lacks (a warning naming the file and key), checked for every text the generator and the
/// plural rules need.
package struct ThemeTranslations {
    /// The language every other falls back to, key by key.
    package static let defaultLanguage = "en"
    package static let folder = "translations"

    /// Language → file name, for each `.yaml` file of the folder.
    package let files: [String: String]
    private let theme: ThemeFiles

    package init(_ theme: ThemeFiles) {
        self.theme = theme
        var files: [String: String] = [:]
        for name in theme.paths(below: Self.folder) where !name.contains("/") && name.hasSuffix(".yaml") {
            files[String(name.dropLast(".yaml".count))] = name
        }
        self.files = files
    }

    /// How diagnostics name the translation file of `language`.
    private func display(_ language: String) -> String {
        theme.display(Self.folder + "/" + files[language, default: ""])
    }

    var languages: [String] { files.keys.sorted() }

    /// The language whose file serves `tag`: the tag itself, else its primary language
    /// (`pt-BR` is served by `pt.yaml` when there is no `pt-BR.yaml`).
    package func language(serving tag: String) -> String? {
        if let exact = files.keys.first(where: { $0.lowercased() == tag.lowercased() }) { return exact }
        let primary = String(tag.split(separator: "-").first ?? "").lowercased()
        return files.keys.first { $0.lowercased() == primary }
    }

    /// The site's `Localizer`, or the errors that prevent one. `languageLocation`: where
    /// `site.json` names the language, for the error when the theme does not speak it.
    package func localizer(language tag: String, timeZone: TimeZone, languageLocation: SourceLocation?) -> (Localizer?, [Diagnostic]) {
        guard !files.isEmpty else {
            return (
                nil,
                [
                    .error(
                        .missingTemplate, stage: .render, at: SourceLocation(path: theme.displayPrefix + Self.folder + "/"),
                        "the theme has no translations: add a file per language, such as \(Self.folder)/en.yaml (docs/themes.md)")
                ]
            )
        }
        let available = languages.joined(separator: ", ")
        guard let chosen = language(serving: tag) else {
            let location = languageLocation ?? SourceLocation(path: theme.displayPrefix + Self.folder + "/")
            return (nil, [.error(.invalidValue, stage: .render, at: location, "the theme has no translation for the language '\(tag)'; it has \(available)")])
        }
        guard let plurals = PluralRules(language: tag) else {
            let location = languageLocation ?? SourceLocation(path: display(chosen))
            return (
                nil,
                [
                    .error(
                        .invalidValue, stage: .render, at: location,
                        "Timeline has no plural rules for '\(tag)'; it has them for \(PluralRules.languages.joined(separator: ", "))")
                ]
            )
        }
        var diagnostics: [Diagnostic] = []
        let (own, ownProblems) = read(chosen)
        diagnostics += ownProblems
        var entries = own
        let fallback = language(serving: Self.defaultLanguage).flatMap { $0 == chosen ? nil : $0 }
        if let fallback {
            let (defaults, defaultProblems) = read(fallback)
            diagnostics += defaultProblems
            let file = display(chosen)
            for key in defaults.keys.sorted() where own[key] == nil {
                entries[key] = defaults[key]
                diagnostics.append(
                    .warning(
                        .missingKey, stage: .render, at: SourceLocation(path: file),
                        "no translation for '\(key)'; the text of \(files[fallback, default: ""]) is used"))
            }
            for (key, entry) in own.sorted(by: { $0.key < $1.key }) where defaults[key] == nil {
                diagnostics.append(
                    .warning(
                        .unknownKey, stage: .render, at: entry.location,
                        "'\(key)' is not a key of \(files[fallback, default: ""]), so no template or generated text uses it; misspelt?"))
            }
        }
        let (generated, generatedProblems) = generatedTexts(entries, chosen)
        let (counted, countedProblems) = countedTexts(entries, chosen, plurals: plurals)
        diagnostics += generatedProblems + countedProblems
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return (nil, diagnostics) }
        var sources: [String: String] = [:]
        for (key, entry) in entries {
            // A plain text has its characters escaped around its `{{…}}` tags, so that it is safe
            // in an attribute as in an element; an `.html` text is HTML as written.
            guard case .text(let text) = entry.value else { continue }
            sources[key] = Translation.isHTML(key: key) ? text : TextPattern(text).source(escapingLiterals: true)
        }
        let localizer = Localizer(
            language: tag, plurals: plurals, timeZone: timeZone, generated: generated, counted: counted, templateSources: sources,
            locations: entries.mapValues(\.location))
        return (localizer, diagnostics)
    }

    private func read(_ language: String) -> ([String: Translation], [Diagnostic]) {
        let path = Self.folder + "/" + files[language, default: ""]
        let bytes: [UInt8]
        do {
            bytes = try theme.bytes(of: path)
        } catch {
            return ([:], [.error(.unreadableFile, stage: .render, at: SourceLocation(path: theme.display(path)), "cannot read: \(error.reason)")])
        }
        return TranslationFile.parse(String(decoding: bytes, as: UTF8.self), display: theme.display(path))
    }

    private func missing(_ key: String, _ language: String, _ what: String) -> Diagnostic {
        .error(
            .missingKey, stage: .render, at: SourceLocation(path: display(language)),
            "no translation for '\(key)' (\(what)), which Timeline needs")
    }

    private func generatedTexts(_ entries: [String: Translation], _ language: String) -> ([GeneratedText: TextPattern], [Diagnostic]) {
        var texts: [GeneratedText: TextPattern] = [:]
        var problems: [Diagnostic] = []
        for key in GeneratedText.allCases {
            let values = key.placeholders.isEmpty ? "no values" : "values " + key.placeholders.map { "{{\($0)}}" }.joined(separator: ", ")
            guard let entry = entries[key.rawValue] else {
                problems.append(missing(key.rawValue, language, "a text with \(values)"))
                continue
            }
            guard case .text(let text) = entry.value else {
                problems.append(.error(.wrongType, stage: .render, at: entry.location, "'\(key.rawValue)' must be one text, not plural forms"))
                continue
            }
            let pattern = TextPattern(text)
            for name in pattern.placeholders where !key.placeholders.contains(name) {
                problems.append(.error(.unknownKey, stage: .render, at: entry.location, "'\(key.rawValue)' has no value '{{\(name)}}'; it has \(values)"))
            }
            texts[key] = pattern
        }
        return (texts, problems)
    }

    private func countedTexts(
        _ entries: [String: Translation], _ language: String, plurals: PluralRules
    ) -> ([CountedText: [PluralCategory: TextPattern]], [Diagnostic]) {
        var texts: [CountedText: [PluralCategory: TextPattern]] = [:]
        var problems: [Diagnostic] = []
        let categories = plurals.categories.map(\.rawValue).joined(separator: ", ")
        for key in CountedText.allCases {
            guard let entry = entries[key.rawValue] else {
                problems.append(missing(key.rawValue, language, "plural forms \(categories) with {{count}}"))
                continue
            }
            let forms: [PluralCategory: String]
            switch entry.value {
            case .text(let text): forms = [.other: text]
            case .plural(let plural): forms = plural
            }
            for category in plurals.categories where forms[category] == nil {
                problems.append(
                    .warning(
                        .missingKey, stage: .render, at: entry.location,
                        "'\(key.rawValue)' has no '\(category.rawValue)' form, which \(language) uses (\(categories)); 'other' is used"))
            }
            var patterns: [PluralCategory: TextPattern] = [:]
            for (category, text) in forms {
                let pattern = TextPattern(text)
                for name in pattern.placeholders where name != "count" {
                    problems.append(
                        .error(
                            .unknownKey, stage: .render, at: entry.location,
                            "'\(key.rawValue).\(category.rawValue)' has no value '{{\(name)}}'; it has {{count}}"))
                }
                patterns[category] = pattern
            }
            texts[key] = patterns
        }
        return (texts, problems)
    }
}
