import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// `timeline render-template`: one template of a theme (the site's over the built-in) rendered with the data of a JSON file
/// by plain Mustache rules: no site, no schema, a missing partial is empty text. The theme's
/// texts in its default language are there as the partials `t/KEY`.
public enum TemplateTrial {
    /// The rendered bytes; a `BuildFailure` naming the file, line and column of each problem.
    public static func render(template name: String, templatesFolder: String, dataFile: String) throws(BuildFailure) -> [UInt8] {
        let data = try readData(dataFile)
        let files = ThemeFiles(.folder(templatesFolder, shownAs: templatesFolder))
        if let problem = Theme.notAFolder(files) { throw BuildFailure([problem]) }
        var (sources, diagnostics) = Theme.readSources(files)
        // The theme's texts in its default language, as in a build of an English site.
        let translations = ThemeTranslations(files)
        let (localizer, translationProblems) = translations.localizer(language: ThemeTranslations.defaultLanguage, timeZone: .gmt, languageLocation: nil)
        diagnostics += translationProblems.filter { $0.severity == .error && !translations.files.isEmpty }
        if let localizer { sources.merge(Theme.translationPartials(localizer)) { _, text in text } }
        guard sources[name] != nil else {
            let suggestion = sources.keys.sorted().first { $0.hasSuffix("/" + name) }.map { "; did you mean '\($0)'?" } ?? ""
            throw BuildFailure(
                diagnostics + [
                    .error(
                        .missingTemplate, stage: .render, at: SourceLocation(path: files.displayPrefix + name + ".mustache"), "no such template\(suggestion)")
                ])
        }
        let (set, problems) = TemplateSet.compile(sources: sources, entries: [name: .any], strict: false)
        diagnostics += problems.map { Theme.diagnostic($0, files: files) }
        guard let set, diagnostics.isEmpty, let bytes = set.render(name, data) else { throw BuildFailure(diagnostics) }
        return bytes
    }

    private static func readData(_ path: String) throws(BuildFailure) -> TemplateValue {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readBytes(path)
        } catch {
            throw BuildFailure([.error(.unreadableFile, stage: .load, at: SourceLocation(path: path), "cannot read the data file: \(error.reason)")])
        }
        do {
            return templateValue(try JSONParser.parse(bytes))
        } catch {
            let file = SourceFile(path: path, bytes: bytes)
            throw BuildFailure([.error(.malformedJSON, stage: .load, at: file.location(ofOffset: error.offset), error.message)])
        }
    }

    /// JSON as plain Mustache data: whole numbers as numbers, other numbers as written.
    static func templateValue(_ value: ContentValue) -> TemplateValue {
        switch value.kind {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let literal): Int(literal).map(TemplateValue.number) ?? .text(literal)
        case .string(let text): .text(text)
        case .array(let items): .list(items.map(templateValue))
        case .object(let members): .object(TemplateDictionary(members.map { ($0.key, templateValue($0.value)) }))
        }
    }
}
