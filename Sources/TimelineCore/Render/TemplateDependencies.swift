/// Which templates a template uses, so that a changed partial re-renders only the pages whose
/// template includes it (`{{> name}}`) or inherits from it (`{{< name}}`), directly or not.
struct TemplateDependencies: Sendable {
    /// Per template name, a digest of its source and of every template it reaches.
    let digests: [String: Digest]

    init(sources: [String: [UInt8]]) {
        let allNames = sources.keys.sorted()
        var references: [String: [String]] = [:]
        for (name, source) in sources {
            // A set-delimiter tag can hide partial tags from this scan: such a template is
            // taken to use every template.
            references[name] = Self.changesDelimiters(source) ? allNames : Self.referencedNames(in: source)
        }
        var digests: [String: Digest] = [:]
        for name in allNames {
            var reached: Set<String> = [name]
            var queue = [name]
            while let next = queue.popLast() {
                for used in references[next] ?? [] where sources[used] != nil && reached.insert(used).inserted {
                    queue.append(used)
                }
            }
            var hasher = StableHasher()
            for used in reached.sorted() {
                hasher.combine(used)
                hasher.combine(bytes: sources[used] ?? [])
            }
            digests[name] = hasher.finalize()
        }
        self.digests = digests
    }

    /// A `{{> name}}` or `{{< name}}` tag.
    struct PartialReference: Equatable {
        let name: String
        /// `{{< name}}`: the template extends `name` with blocks.
        let isParent: Bool
        /// Only spaces or tabs before the tag on its line, which Mustache repeats on every
        /// line of a standalone partial.
        let isIndented: Bool
    }

    /// The names in `{{> name}}` and `{{< name}}` tags.
    static func referencedNames(in source: [UInt8]) -> [String] {
        references(in: source).map(\.name)
    }

    static func references(in source: [UInt8]) -> [PartialReference] {
        var references: [PartialReference] = []
        var index = 0
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        while index + 2 < source.count {
            guard source[index] == open, source[index + 1] == open else {
                index += 1
                continue
            }
            var cursor = index + 2
            while cursor < source.count, source[cursor] == UInt8(ascii: " ") { cursor += 1 }
            guard cursor < source.count, source[cursor] == UInt8(ascii: ">") || source[cursor] == UInt8(ascii: "<") else {
                index = cursor
                continue
            }
            let start = cursor + 1
            var end = start
            while end + 1 < source.count, !(source[end] == close && source[end + 1] == close) { end += 1 }
            let name = source[start..<end].drop { $0 == UInt8(ascii: " ") }.reversed().drop { $0 == UInt8(ascii: " ") }.reversed()
            if !name.isEmpty {
                references.append(PartialReference(
                    name: String(decoding: name, as: UTF8.self), isParent: source[cursor] == UInt8(ascii: "<"),
                    isIndented: Self.isIndented(tagAt: index, in: source)))
            }
            index = end
        }
        return references
    }

    private static func isIndented(tagAt index: Int, in source: [UInt8]) -> Bool {
        var lineStart = index
        while lineStart > 0, source[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        return lineStart < index && source[lineStart..<index].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    static func changesDelimiters(_ source: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < source.count {
            if source[index] == UInt8(ascii: "{"), source[index + 1] == UInt8(ascii: "{"), source[index + 2] == UInt8(ascii: "=") { return true }
            index += 1
        }
        return false
    }
}
