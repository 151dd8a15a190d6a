import Foundation

/// A `_headers` file (Netlify, Cloudflare Pages) read with the hosts' documented rules: a rule
/// is a path line (`/…` or `https://…`, one `*` at most, which matches anything) followed by
/// indented `Name: value` lines; `#` starts a comment. Cloudflare allows 100 rules and lines of
/// 2,000 characters.
package struct HeaderRules {
    package struct Rule {
        package let pattern: String
        package let headers: [(name: String, value: String)]
        package let line: Int

        package func matches(_ path: String) -> Bool {
            let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return path == pattern }
            return path.count >= parts[0].count + parts[1].count && path.hasPrefix(parts[0]) && path.hasSuffix(parts[1])
        }
    }

    package struct SyntaxError: Error, CustomStringConvertible {
        package let line: Int
        package let message: String
        package var description: String { "_headers:\(line): \(message)" }
    }

    package let rules: [Rule]

    package init(_ text: String) throws {
        var rules: [Rule] = []
        var pattern: (String, Int)?
        var headers: [(String, String)] = []
        func close() throws {
            guard let (path, line) = pattern else { return }
            guard !headers.isEmpty else { throw SyntaxError(line: line, message: "a path without headers") }
            rules.append(Rule(pattern: path, headers: headers, line: line))
        }
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let number = index + 1
            guard line.count <= 2000 else { throw SyntaxError(line: number, message: "longer than 2,000 characters") }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if line.first == " " || line.first == "\t" {
                guard pattern != nil else { throw SyntaxError(line: number, message: "a header before any path") }
                guard let colon = trimmed.firstIndex(of: ":") else { throw SyntaxError(line: number, message: "a header without ':'") }
                let name = String(trimmed[..<colon])
                let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~").union(.alphanumerics)
                guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && token.contains($0) }) else {
                    throw SyntaxError(line: number, message: "'\(name)' is not a header name")
                }
                headers.append((name, trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            } else {
                try close()
                guard line.hasPrefix("/") || line.hasPrefix("https://") else {
                    throw SyntaxError(line: number, message: "a path must start with / or https://")
                }
                guard line.filter({ $0 == "*" }).count <= 1 else { throw SyntaxError(line: number, message: "more than one *") }
                guard !line.contains(where: \.isWhitespace) else { throw SyntaxError(line: number, message: "a path with a space") }
                pattern = (line, number)
                headers = []
            }
        }
        try close()
        guard rules.count <= 100 else { throw SyntaxError(line: 0, message: "\(rules.count) rules; Cloudflare Pages allows 100") }
        self.rules = rules
    }

    /// The values of `header` that the rules give `path`, one per matching rule.
    package func values(of header: String, for path: String) -> [String] {
        rules.filter { $0.matches(path) }.flatMap { rule in rule.headers.filter { $0.name.lowercased() == header.lowercased() }.map(\.value) }
    }
}
