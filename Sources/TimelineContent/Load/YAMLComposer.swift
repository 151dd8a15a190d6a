import CYaml
import TimelineModel

/// Turns front matter YAML into positioned values, straight from libyaml's events (the parser
/// Yams bundles). Yams's own composer built a `Node` tree, resolved every scalar's tag with
/// regular expressions and hashed each mapping's keys whole to find duplicates: a quarter of
/// loading a post, for values we read as text anyway (docs/architecture.md).
///
/// Scalars are text whatever they look like (`alt: yes` is the word "yes"), except the empty
/// plain scalar and `~`/`null`, which mean "not set". An alias stands for its anchor's value
/// (shared, not copied); `YAMLAliasBudget` still bounds how large the expanded document may be,
/// because whoever walks the values walks them expanded.
package enum YAMLComposer {
    package struct Failure: Error {
        package let line: Int
        package let column: Int
        package let message: String
    }

    /// `lineOffset` is added to libyaml's lines (the YAML of `post.md` starts on its second line).
    package static func compose(_ yaml: String, lineOffset: Int) throws(Failure) -> ContentValue? {
        var text = yaml
        let outcome = text.withUTF8 { bytes in
            Result { () throws(Failure) in try compose(bytes, lineOffset: lineOffset) }
        }
        return try outcome.get()
    }

    private static func compose(_ bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) throws(Failure) -> ContentValue? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw Failure(line: 1 + lineOffset, column: 1, message: "malformed YAML: out of memory")
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        var composer = Composer(lineOffset: lineOffset)
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw YAMLSyntaxError.failure(of: parser, in: bytes, lineOffset: lineOffset)
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { return composer.root }
            try composer.take(event)
        }
    }

    /// The open collections, innermost last, and the anchors seen so far.
    private struct Composer {
        let lineOffset: Int
        var root: ContentValue?
        private var open: [Collection] = []
        private var anchors: [String: ContentValue] = [:]
        private var budget = YAMLAliasBudget.Counter(limit: YAMLAliasBudget.maximumNodes)
        private var documents = 0

        init(lineOffset: Int) {
            self.lineOffset = lineOffset
        }

        private struct Collection {
            let isMapping: Bool
            let position: ContentPosition
            let anchor: String?
            var elements: [ContentValue] = []
            var members: [ContentMember] = []
            /// A mapping's key, read and waiting for its value.
            var pendingKey: (text: String, position: ContentPosition)?
            var keys: [String: ContentPosition] = [:]
        }

        package mutating func take(_ event: yaml_event_t) throws(Failure) {
            let position = ContentPosition.lineColumn(
                line: Int(event.start_mark.line) + 1 + lineOffset, column: Int(event.start_mark.column) + 1)
            guard budget.take(event) else {
                throw failure(
                    at: position,
                    "the front matter's aliases expand to more than \(YAMLAliasBudget.maximumNodes) values; write the values out instead")
            }
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 { throw failure(at: position, "malformed YAML: the front matter holds more than one YAML document") }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let string = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let isNull = scalar.style == YAML_PLAIN_SCALAR_STYLE && Self.nullWords.contains(string)
                let value = ContentValue(kind: isNull ? .null : .string(string), position: position)
                try add(value, anchor: Self.name(scalar.anchor))
            case YAML_ALIAS_EVENT:
                let name = Self.name(event.data.alias.anchor) ?? ""
                guard let value = anchors[name] else {
                    throw failure(at: position, "malformed YAML: the alias '*\(name)' names no anchor '&\(name)' before it")
                }
                try add(ContentValue(kind: value.kind, position: position), anchor: nil)
            case YAML_SEQUENCE_START_EVENT:
                open.append(Collection(isMapping: false, position: position, anchor: Self.name(event.data.sequence_start.anchor)))
            case YAML_MAPPING_START_EVENT:
                open.append(Collection(isMapping: true, position: position, anchor: Self.name(event.data.mapping_start.anchor)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let collection = open.popLast() else { return }
                let kind: ContentValue.Kind = collection.isMapping ? .object(collection.members) : .array(collection.elements)
                try add(ContentValue(kind: kind, position: collection.position), anchor: collection.anchor)
            default:
                break
            }
        }

        private mutating func add(_ value: ContentValue, anchor: String?) throws(Failure) {
            if let anchor { anchors[anchor] = value }
            guard !open.isEmpty else {
                root = value
                return
            }
            let last = open.count - 1
            guard open[last].isMapping else {
                open[last].elements.append(value)
                return
            }
            guard let key = open[last].pendingKey else {
                guard case .string(let text) = value.kind else {
                    throw failure(at: value.position, "malformed YAML: a key must be a name, found \(value.typeName)")
                }
                if let first = open[last].keys[text], case .lineColumn(let line, _) = first {
                    throw failure(at: value.position, "key '\(text)' appears twice in the front matter (first at line \(line))")
                }
                open[last].keys[text] = value.position
                open[last].pendingKey = (text, value.position)
                return
            }
            open[last].members.append(ContentMember(key: key.text, keyPosition: key.position, value: value))
            open[last].pendingKey = nil
        }

        private func failure(at position: ContentPosition, _ message: String) -> Failure {
            guard case .lineColumn(let line, let column) = position else { return Failure(line: 1 + lineOffset, column: 1, message: message) }
            return Failure(line: line, column: column, message: message)
        }

        private static let nullWords: Set<String> = ["", "~", "null", "Null", "NULL"]

        private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            anchor.map { String(cString: $0) }
        }
    }
}
