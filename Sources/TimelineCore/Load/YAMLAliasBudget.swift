import CYaml

/// Bounds what a YAML document's aliases expand to, before Yams composes it. Yams replaces
/// every alias with its anchor's whole node and hashes mapping keys whole, so a few lines of
/// aliases of aliases ("a billion laughs") make a tree of billions of nodes: one `post.md`
/// would stall a build. This pass reads libyaml's events once and counts the nodes of the
/// expanded document, each anchor's size remembered, so its cost is the size of the text.
enum YAMLAliasBudget {
    /// Far above any front matter (four keys with text values), far below a stall.
    static let maximumNodes = 10_000

    /// Where the expanded document first exceeds `limit` nodes (the alias or node that takes
    /// it past, line and column from 1), or nil when it does not. A syntax error ends the
    /// count early: Yams reports it.
    static func excess(in yaml: String, limit: Int = maximumNodes) -> (line: Int, column: Int)? {
        // Without an alias (`*name`) nothing expands: most front matter skips the extra pass.
        guard yaml.utf8.contains(UInt8(ascii: "*")) else { return nil }
        var text = yaml
        return text.withUTF8 { bytes -> (line: Int, column: Int)? in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            var counter = Counter(limit: limit)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if !counter.take(event) {
                    return (line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
                }
            }
        }
    }

    /// The running count: one frame per open sequence or mapping, the expanded size of each
    /// anchor seen. Every count stays at most `limit`, so none can overflow.
    private struct Counter {
        let limit: Int
        private var frames: [(anchor: String?, nodes: Int)] = []
        private var anchored: [String: Int] = [:]
        private var documentNodes = 0

        init(limit: Int) {
            self.limit = limit
        }

        /// False when the event takes the document past the limit.
        mutating func take(_ event: yaml_event_t) -> Bool {
            switch event.type {
            case YAML_SCALAR_EVENT:
                return add(1, anchor: Self.name(event.data.scalar.anchor))
            case YAML_ALIAS_EVENT:
                return add(Self.name(event.data.alias.anchor).flatMap { anchored[$0] } ?? 1, anchor: nil)
            case YAML_SEQUENCE_START_EVENT:
                frames.append((Self.name(event.data.sequence_start.anchor), 1))
                return true
            case YAML_MAPPING_START_EVENT:
                frames.append((Self.name(event.data.mapping_start.anchor), 1))
                return true
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = frames.popLast() else { return true }
                return add(frame.nodes, anchor: frame.anchor)
            case YAML_DOCUMENT_START_EVENT:
                documentNodes = 0
                return true
            default:
                return true
            }
        }

        private mutating func add(_ nodes: Int, anchor: String?) -> Bool {
            if let anchor { anchored[anchor] = nodes }
            if frames.isEmpty {
                documentNodes += nodes
                return documentNodes <= limit
            }
            frames[frames.count - 1].nodes += nodes
            return frames[frames.count - 1].nodes <= limit
        }

        private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            anchor.map { String(cString: $0) }
        }
    }
}
