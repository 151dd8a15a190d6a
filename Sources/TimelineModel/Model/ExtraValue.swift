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
}
