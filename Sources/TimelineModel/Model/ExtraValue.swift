/// A value a site, user or post carries for its theme only (`extra:` in `site.json`, a user's
/// JSON or a post's front matter): any JSON or YAML value, kept as written, mappings in the
/// order written. Timeline reads none of it; templates receive it as `extra`.
public indirect enum ExtraValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number as written (`3`, `2.5`, `1e3`).
    case number(String)
    case text(String)
    case list([ExtraValue])
    case object([Member])

    public struct Member: Sendable, Hashable {
        public let key: String
        public let value: ExtraValue

        public init(key: String, value: ExtraValue) {
            self.key = key
            self.value = value
        }
    }

    /// Nesting deeper than this is refused when reading a record cache (a damaged file could
    /// otherwise recurse without end); the content readers' own limits are lower.
    static let maximumDepth = 256

    package func encode(into writer: inout ByteWriter) {
        switch self {
        case .null: writer.number(0)
        case .bool(let flag): writer.number(flag ? 2 : 1)
        case .number(let literal):
            writer.number(3)
            writer.string(literal)
        case .text(let text):
            writer.number(4)
            writer.string(text)
        case .list(let items):
            writer.number(5)
            writer.number(items.count)
            for item in items { item.encode(into: &writer) }
        case .object(let members):
            writer.number(6)
            writer.number(members.count)
            for member in members {
                writer.string(member.key)
                member.value.encode(into: &writer)
            }
        }
    }

    package static func decode(from reader: inout ByteReader, depth: Int = 0) throws(ByteReader.Malformed) -> ExtraValue {
        guard depth < maximumDepth else { throw ByteReader.Malformed() }
        switch try reader.number() {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return .number(try reader.string())
        case 4: return .text(try reader.string())
        case 5:
            var items: [ExtraValue] = []
            for _ in 0..<(try reader.count()) { items.append(try decode(from: &reader, depth: depth + 1)) }
            return .list(items)
        case 6:
            var members: [Member] = []
            for _ in 0..<(try reader.count()) {
                let key = try reader.string()
                members.append(Member(key: key, value: try decode(from: &reader, depth: depth + 1)))
            }
            return .object(members)
        default: throw ByteReader.Malformed()
        }
    }
}
