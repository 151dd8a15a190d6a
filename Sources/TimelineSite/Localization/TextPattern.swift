import Foundation
import TimelineContent
import TimelineModel
import TimelineTemplates

/// A translated text with `{{name}}` placeholders, split once so that filling it in is a
/// concatenation.
package struct TextPattern: Sendable, Hashable {
    package enum Part: Sendable, Hashable {
        case literal(String)
        case placeholder(String)
    }

    package let parts: [Part]

    init(_ text: String) {
        var parts: [Part] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            if open.lowerBound > rest.startIndex { parts.append(.literal(String(rest[..<open.lowerBound]))) }
            parts.append(.placeholder(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        self.parts = parts
    }

    var placeholders: [String] {
        parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// The text again, each placeholder written `{{name}}`; with `escapingLiterals`, the text
    /// around them escaped for HTML (a plain template text made Mustache source that is safe in
    /// an element and in an attribute).
    package func source(escapingLiterals: Bool) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): escapingLiterals ? HTMLEscaping.escape(text) : text
            case .placeholder(let name): "{{\(name)}}"
            }
        }.joined()
    }

    /// The text with each placeholder replaced by its value (an unknown one by nothing).
    func filled(_ values: KeyValuePairs<String, String>) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .placeholder(let name): text += values.first { $0.key == name }?.value ?? ""
            }
        }
        return text
    }
}
