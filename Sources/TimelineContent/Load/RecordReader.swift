import TimelineModel
import TimelineSystem

/// Reads the fields of one record (a JSON object or a front matter mapping), reporting unknown
/// keys, missing keys and wrong types at their line and column.
package struct RecordReader {
    package let file: SourceFile
    package private(set) var diagnostics: [Diagnostic] = []

    init(file: SourceFile) {
        self.file = file
    }

    package func location(of position: ContentPosition) -> SourceLocation {
        file.location(of: position)
    }

    package mutating func report(_ code: DiagnosticCode, at position: ContentPosition, _ message: String) {
        diagnostics.append(.error(code, stage: .load, at: location(of: position), message))
    }

    package mutating func warn(_ code: DiagnosticCode, at position: ContentPosition, _ message: String) {
        diagnostics.append(.warning(code, stage: .load, at: location(of: position), message))
    }

    /// The file parsed as JSON; a syntax error is reported at its position and gives nil.
    mutating func parseJSON() -> ContentValue? {
        do {
            return try JSONParser.parse(file.bytes)
        } catch {
            report(.malformedJSON, at: .offset(error.offset), "malformed JSON: \(error.message)")
            return nil
        }
    }

    /// The file split into front matter and body (`FrontMatter`); a missing or malformed
    /// front matter is reported at its position and gives nil.
    mutating func splitFrontMatter(firstKey: String) -> FrontMatter? {
        do {
            return try FrontMatter.split(file, firstKey: firstKey)
        } catch {
            switch error {
            case .missing(let message):
                report(.missingFrontMatter, at: .lineColumn(line: 1, column: 1), message)
            case .malformed(let line, let column, let message):
                report(.malformedYAML, at: .lineColumn(line: line, column: column), message)
            }
            return nil
        }
    }

    mutating func appendDiagnostic(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// The members of an object, keyed by name. Unknown and repeated keys are reported;
    /// a missing required key is reported at the object.
    package mutating func fields(
        of value: ContentValue, describedAs what: String, allowed: [String], required: [String] = []
    ) -> RecordFields? {
        guard case .object(let members) = value.kind else {
            report(.wrongType, at: value.position, "\(what) must be an object, found \(value.typeName)")
            return nil
        }
        var accepted: [ContentMember] = []
        accepted.reserveCapacity(members.count)
        for member in members {
            guard allowed.contains(member.key) else {
                let hint = Suggestion.closest(to: member.key, among: allowed).map { "; did you mean '\($0)'?" } ?? ""
                let known = allowed.map { "'\($0)'" }.joined(separator: ", ")
                report(.unknownKey, at: member.keyPosition, "unknown key '\(member.key)' in \(what)\(hint) (known keys: \(known))")
                continue
            }
            if accepted.contains(where: { $0.key == member.key }) {
                report(.invalidValue, at: member.keyPosition, "key '\(member.key)' appears twice in \(what)")
                continue
            }
            accepted.append(member)
        }
        let fields = RecordFields(accepted)
        for key in required where fields[key] == nil {
            report(.missingKey, at: value.position, "\(what) is missing the required key '\(key)'")
        }
        return fields
    }

    /// A string field; absent or null gives nil; another type is reported.
    package mutating func string(_ fields: RecordFields, _ key: String) -> String? {
        guard let member = fields[key] else { return nil }
        switch member.value.kind {
        case .string(let text):
            // A NUL (JSON's \u0000, YAML's \0) would reach the pages raw, and HTML parsers such
            // as libxml2's (the link checker's) stop reading a page at it.
            guard text.containsUTF8Byte(0) else { return text }
            report(.invalidValue, at: member.value.position, "'\(key)' contains a NUL character (\\u0000); remove it")
            return String(text.unicodeScalars.filter { $0 != "\u{0}" })
        case .null: return nil
        default:
            report(.wrongType, at: member.value.position, "'\(key)' must be a string, found \(member.value.typeName)")
            return nil
        }
    }

    /// A string field that means nothing when blank: blank text counts as absent.
    package mutating func optionalText(_ fields: RecordFields, _ key: String) -> String? {
        guard let text = string(fields, key) else { return nil }
        return text.allSatisfy(\.isWhitespace) ? nil : text
    }

    /// A positive whole-number field.
    package mutating func positiveInteger(_ fields: RecordFields, _ key: String) -> Int? {
        guard let member = fields[key] else { return nil }
        guard case .number(let text) = member.value.kind, let number = Int(text), number > 0 else {
            report(.wrongType, at: member.value.position, "'\(key)' must be a whole number greater than 0")
            return nil
        }
        return number
    }

    /// A whole-number field that must lie in `range`.
    mutating func integer(_ fields: RecordFields, _ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let member = fields[key] else { return nil }
        return integer(member.value, describedAs: "'\(key)'", in: range)
    }

    /// A value that must be a whole number in `range`.
    mutating func integer(_ value: ContentValue, describedAs what: String, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let text) = value.kind, let number = Int(text), range.contains(number) else {
            report(.wrongType, at: value.position, "\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return number
    }

    /// A true/false field.
    mutating func boolean(_ fields: RecordFields, _ key: String) -> Bool? {
        guard let member = fields[key] else { return nil }
        guard case .bool(let flag) = member.value.kind else {
            report(.wrongType, at: member.value.position, "'\(key)' must be true or false, found \(member.value.typeName)")
            return nil
        }
        return flag
    }

    /// An array field; absent gives an empty array.
    package mutating func array(_ fields: RecordFields, _ key: String) -> [ContentValue] {
        guard let member = fields[key] else { return [] }
        switch member.value.kind {
        case .array(let elements): return elements
        case .null: return []
        default:
            report(.wrongType, at: member.value.position, "'\(key)' must be an array, found \(member.value.typeName)")
            return []
        }
    }
}

/// The recognised members of one record, each key once, in the order of the file. A record has
/// a handful of keys: searching them in a row costs less than hashing each into a dictionary.
package struct RecordFields {
    private let members: [ContentMember]

    package init(_ members: [ContentMember]) {
        self.members = members
    }

    package subscript(key: String) -> ContentMember? {
        members.first { $0.key == key }
    }

    package func position(of key: String) -> ContentPosition? {
        self[key]?.value.position
    }
}
