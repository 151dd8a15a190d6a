import TimelineContent
import TimelineModel
import TimelineTemplates

/// Which templates a template uses, so that a changed partial re-renders only the pages whose
/// template includes it (`{{> name}}`) or inherits from it (`{{< name}}`), directly or not.
package struct TemplateDependencies: Sendable {
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

    /// The names in `{{> name}}` and `{{< name}}` tags.
    static func referencedNames(in source: [UInt8]) -> [String] {
        var names: [String] = []
        var index = 0
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
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
            if !name.isEmpty { names.append(String(decoding: name, as: UTF8.self)) }
            index = end
        }
        return names
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
