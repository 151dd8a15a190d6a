import CYaml
import TimelineModel

/// Bounds what a YAML document's aliases expand to. `YAMLComposer` shares an anchor's value
/// with its aliases, but whoever walks the values walks them expanded, so a few lines of
/// aliases of aliases ("a billion laughs") would make billions of nodes to walk: one `post.md`
/// could stall a build. The composer feeds every libyaml event to a `Counter`, which counts the
/// nodes of the expanded document, each anchor's size remembered, so its cost is the size of
/// the text.
package enum YAMLAliasBudget {
    /// Far above any front matter (four keys with text values), far below a stall.
    static let maximumNodes = 10_000

    /// The running count: one frame per open sequence or mapping, the expanded size of each
    /// anchor seen. Every count stays at most `limit`, so none can overflow.
    package struct Counter {
        package let limit: Int
        private var frames: [(anchor: String?, nodes: Int)] = []
        private var anchored: [String: Int] = [:]
        private var documentNodes = 0

        init(limit: Int) {
            self.limit = limit
        }

        /// False when the event takes the document past the limit.
        package mutating func take(_ event: yaml_event_t) -> Bool {
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
