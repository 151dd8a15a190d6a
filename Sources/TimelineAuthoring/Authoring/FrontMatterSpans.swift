import CYaml
import TimelineContent
import TimelineModel

/// Where each top-level value of a post's front matter starts and ends, from libyaml's events,
/// so that `PostFileEdit` can replace one value and keep every other byte of the file. A post's
/// front matter, as the loader accepts it, is one mapping of names to texts, lists (`photos`)
/// and mappings (`extra`); a text has a span, a nested value none, and an alias or anything
/// else yields no spans at all.
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
    /// Each top-level key's lines, from the key's line to the last line of its value, nested
    /// values (a `photos:` list) included: what `PostFileEdit.replaceEntries` removes.
    let entryLines: [String: ClosedRange<Int>]

    /// `yaml` is `FrontMatter.yaml`; `lineOffset` the lines before it in the file.
    init(yaml: String, lineOffset: Int) {
        var text = yaml
        spans = text.withUTF8 { bytes in Self.read(bytes, lineOffset: lineOffset) }
        entryLines = text.withUTF8 { bytes in Self.entries(bytes, lineOffset: lineOffset) }
    }

    private static func entries(_ bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) -> [String: ClosedRange<Int>] {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return [:] }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        var entries: [String: ClosedRange<Int>] = [:]
        var depth = 0
        var key: (text: String, line: Int)?
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return [:] }
            defer { yaml_event_delete(&event) }
            let startLine = Int(event.start_mark.line) + 1 + lineOffset
            // A block value ends where the next token starts: at column 0 of the next line.
            let endLine = Int(event.end_mark.line) + 1 + lineOffset - (event.end_mark.column == 0 ? 1 : 0)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return entries
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                depth += 1
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                depth -= 1
                if depth == 1, let pending = key {
                    entries[pending.text] = pending.line...max(pending.line, endLine)
                    key = nil
                }
            case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT:
                guard depth == 1 else { continue }
                if let pending = key {
                    entries[pending.text] = pending.line...max(pending.line, endLine)
                    key = nil
                } else if event.type == YAML_SCALAR_EVENT {
                    let scalar = event.data.scalar
                    key = (String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self), startLine)
                }
            default:
                break
            }
        }
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
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                depth -= 1
                // A nested value (`photos:`, `extra:`) has no span: its key is done.
                if depth == 1 { key = nil }
            case YAML_SCALAR_EVENT where depth > 1:
                break
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
