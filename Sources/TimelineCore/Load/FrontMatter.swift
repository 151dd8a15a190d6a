import Yams

/// Splits `post.md` into its YAML front matter and its Markdown body, and turns the YAML into
/// positioned values (libyaml gives every node its line and column).
struct FrontMatter {
    let fields: ContentValue
    let body: String

    enum Problem: Error {
        case missing(String)
        case malformed(line: Int, column: Int, String)
    }

    static func split(_ file: SourceFile) throws(Problem) -> FrontMatter {
        var text = String(decoding: file.bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        text = text.replacingOccurrences(of: "\r\n", with: "\n")
        guard text.hasPrefix("---\n") || text == "---" else {
            throw .missing("post.md must start with a front matter block: a line '---', YAML such as 'username: …', and another '---'")
        }
        let afterOpening = text.index(text.startIndex, offsetBy: 4, limitedBy: text.endIndex) ?? text.endIndex
        var yamlEnd: String.Index?
        var bodyStart = text.endIndex
        var lineStart = afterOpening
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(of: "\n") ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            if line == "---" || line == "..." {
                yamlEnd = lineStart
                bodyStart = lineEnd < text.endIndex ? text.index(after: lineEnd) : text.endIndex
                break
            }
            lineStart = lineEnd < text.endIndex ? text.index(after: lineEnd) : text.endIndex
        }
        guard let yamlEnd else {
            throw .missing("the front matter block is not closed: add a line '---' after the YAML")
        }
        let yaml = String(text[afterOpening..<yamlEnd])
        if let excess = YAMLAliasBudget.excess(in: yaml) {
            throw .malformed(
                line: excess.line + lineOffset, column: excess.column,
                "the front matter's aliases expand to more than \(YAMLAliasBudget.maximumNodes) values; write the values out instead")
        }
        let node: Node?
        do {
            // The encoding named: Yams's default reads the whole environment on every call.
            node = try Yams.compose(yaml: yaml, .default, .default, .utf8)
        } catch let error as YamlError {
            throw Self.problem(from: error)
        } catch {
            throw .malformed(line: 2, column: 1, "\(error)")
        }
        let fields = node.map { convert($0) } ?? ContentValue(kind: .object([]), position: .lineColumn(line: 2, column: 1))
        return FrontMatter(fields: fields, body: String(text[bodyStart...]))
    }

    /// Lines in the YAML count from the line after the opening `---`.
    private static let lineOffset = 1

    private static func position(_ mark: Mark?) -> ContentPosition {
        guard let mark else { return .lineColumn(line: 1 + lineOffset, column: 1) }
        return .lineColumn(line: mark.line + lineOffset, column: mark.column)
    }

    private static func problem(from error: YamlError) -> Problem {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) (\($0.text))" } ?? problem
            return .malformed(line: mark.line + lineOffset, column: mark.column, "malformed YAML: \(detail)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return .malformed(
                line: context.mark.line + lineOffset, column: context.mark.column,
                "key '\(duplicates.joined(separator: "', '"))' appears twice in the front matter")
        case .reader(let problem, let offset, _, let yaml):
            // libyaml's reader (control characters, invalid code points) gives a character offset.
            guard let offset, let index = yaml.index(yaml.startIndex, offsetBy: offset, limitedBy: yaml.endIndex) else {
                return .malformed(line: 1 + lineOffset, column: 1, "malformed YAML: \(problem)")
            }
            let location = SourceFile(path: "", bytes: Array(yaml.utf8)).location(ofOffset: yaml.utf8.distance(from: yaml.startIndex, to: index))
            return .malformed(line: (location.line ?? 1) + lineOffset, column: location.column ?? 1, "malformed YAML: \(problem)")
        default:
            return .malformed(line: 1 + lineOffset, column: 1, "malformed YAML: \(error)")
        }
    }

    /// YAML scalars are read as text whatever they look like (`alt: yes` is the word "yes"),
    /// except the empty scalar and `~`/`null`, which mean "not set".
    private static func convert(_ node: Node) -> ContentValue {
        switch node {
        case .scalar(let scalar):
            let isNull = scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
            return ContentValue(kind: isNull ? .null : .string(scalar.string), position: position(scalar.mark))
        case .sequence(let sequence):
            return ContentValue(kind: .array(sequence.map(convert)), position: position(sequence.mark))
        case .mapping(let mapping):
            let members = mapping.map { pair in
                ContentMember(key: pair.key.string ?? "\(pair.key)", keyPosition: position(pair.key.mark), value: convert(pair.value))
            }
            return ContentValue(kind: .object(members), position: position(mapping.mark))
        case .alias(let alias):
            return ContentValue(kind: .null, position: position(alias.mark))
        }
    }
}
