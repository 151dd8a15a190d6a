import Foundation
import TimelineContent
import TimelineModel
import TimelineTemplates

/// Reads one translation file of a theme (`translations/pt.yaml`): a YAML mapping of keys to
/// texts, or to a mapping of plural categories to texts (`one: "{{count}} gosto"`). Every
/// problem is reported at its line and column.
package enum TranslationFile {
    static func parse(_ text: String, display: String) -> (entries: [String: Translation], diagnostics: [Diagnostic]) {
        let root: ContentValue?
        do {
            root = try YAMLComposer.compose(text, lineOffset: 0)
        } catch {
            return ([:], [.error(.malformedYAML, stage: .render, at: SourceLocation(path: display, line: error.line, column: error.column), error.message)])
        }
        guard let root else { return ([:], []) }
        guard case .object(let members) = root.kind else {
            return ([:], [problem(.wrongType, at: root.position, display, "a translation file is a mapping of keys to texts, found \(root.typeName)")])
        }
        var entries: [String: Translation] = [:]
        var diagnostics: [Diagnostic] = []
        for member in members {
            if entries[member.key] != nil {
                diagnostics.append(problem(.duplicateID, at: member.keyPosition, display, "'\(member.key)' is translated twice"))
                continue
            }
            let location = Self.location(member.value.position, display)
            switch member.value.kind {
            case .string(let text):
                entries[member.key] = Translation(value: .text(text), location: location)
            case .object(let forms):
                var plural: [PluralCategory: String] = [:]
                for form in forms {
                    guard let category = PluralCategory(rawValue: form.key) else {
                        let names = PluralCategory.allCases.map(\.rawValue).joined(separator: ", ")
                        diagnostics.append(
                            problem(.unknownKey, at: form.keyPosition, display, "'\(member.key)': '\(form.key)' is no plural category; they are \(names)"))
                        continue
                    }
                    guard case .string(let text) = form.value.kind else {
                        diagnostics.append(
                            problem(.wrongType, at: form.value.position, display, "'\(member.key).\(form.key)' must be a text, found \(form.value.typeName)"))
                        continue
                    }
                    plural[category] = text
                }
                if plural[.other] == nil {
                    diagnostics.append(
                        problem(.missingKey, at: member.value.position, display, "'\(member.key)' has plural forms but no 'other', which every language needs"))
                }
                entries[member.key] = Translation(value: .plural(plural), location: location)
            default:
                diagnostics.append(
                    problem(.wrongType, at: member.value.position, display, "'\(member.key)' must be a text or plural forms, found \(member.value.typeName)"))
            }
        }
        return (entries, diagnostics)
    }

    private static func location(_ position: ContentPosition, _ display: String) -> SourceLocation {
        switch position {
        case .lineColumn(let line, let column): SourceLocation(path: display, line: line, column: column)
        case .offset: SourceLocation(path: display)
        }
    }

    private static func problem(_ code: DiagnosticCode, at position: ContentPosition, _ display: String, _ message: String) -> Diagnostic {
        .error(code, stage: .render, at: location(position, display), message)
    }
}
