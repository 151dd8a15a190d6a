import CYaml
import TimelineModel

/// Where each top-level value of a post's front matter starts and ends, from libyaml's events,
/// so that `PostFileEdit` can replace one value and keep every other byte of the file. A post's
/// front matter, as the loader accepts it, is one mapping of names to texts; anything else
/// yields no spans.
struct FrontMatterSpans {
    /// A place in the file: a line (1-based, the file's) and a column (0-based, in Unicode
    /// scalars, as libyaml counts them).
    struct Place: Equatable, Comparable {
        let line: Int
        let column: Int

        static func < (lhs: Place, rhs: Place) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
    }

    /// A key's end (its `:` follows), and its value's start and end (equal for an empty value).
    struct Span {
        let keyEnd: Place
        let valueStart: Place
        let valueEnd: Place
    }

    let spans: [String: Span]

    /// `yaml` is `FrontMatter.yaml`; `lineOffset` the lines before it in the file.
    init(yaml: String, lineOffset: Int) {
        var text = yaml
        spans = text.withUTF8 { bytes in Self.read(bytes, lineOffset: lineOffset) }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) -> [String: Span] {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return [:] }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        var spans: [String: Span] = [:]
        var depth = 0
        var key: (text: String, end: Place)?
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return [:] }
            defer { yaml_event_delete(&event) }
            let start = Place(line: Int(event.start_mark.line) + 1 + lineOffset, column: Int(event.start_mark.column))
            let end = Place(line: Int(event.end_mark.line) + 1 + lineOffset, column: Int(event.end_mark.column))
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return spans
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                depth += 1
                if depth > 1 { return [:] }
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                depth -= 1
            case YAML_SCALAR_EVENT where depth == 1:
                if let pending = key {
                    spans[pending.text] = Span(keyEnd: pending.end, valueStart: start, valueEnd: end)
                    key = nil
                } else {
                    let scalar = event.data.scalar
                    key = (String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self), end)
                }
            case YAML_ALIAS_EVENT, YAML_SCALAR_EVENT:
                return [:]
            default:
                break
            }
        }
    }
}
