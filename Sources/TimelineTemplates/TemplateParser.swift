/// Parses a template: tokens (`TemplateLexer`), standalone lines removed, then the tree of
/// sections, parents and blocks, each closed by its own name.
struct TemplateParser {
    let template: String

    static func parse(_ source: [UInt8], template: String) -> Result<[TemplateNode], TemplateProblem> {
        switch TemplateLexer.tokens(of: source, template: template) {
        case .failure(let problem): return .failure(problem)
        case .success(let tokens):
            let parser = TemplateParser(template: template)
            do {
                return .success(try parser.tree(from: parser.linesMarked(tokens)))
            } catch {
                return .failure(error)
            }
        }
    }

    /// One entry per token kept, with `lineStart` markers: `nil` token stands for a line start.
    private func linesMarked(_ tokens: [TemplateToken]) -> [TemplateToken?] {
        var result: [TemplateToken?] = []
        result.reserveCapacity(tokens.count + tokens.count / 4)
        var openKinds: [TemplateToken.Kind] = []
        var lineBegin = 0
        while lineBegin < tokens.count {
            var lineEnd = lineBegin
            while lineEnd < tokens.count, tokens[lineEnd].kind != .newline { lineEnd += 1 }
            // The line is tokens[lineBegin..<lineEnd], then its newline if lineEnd < count.
            let line = tokens[lineBegin..<lineEnd]
            let hasNewline = lineEnd < tokens.count
            let standalone = isStandalone(line, openKinds: openKinds)
            for token in line {
                switch token.kind {
                case .section, .invertedSection, .parent, .block: openKinds.append(token.kind)
                case .close: _ = openKinds.popLast()
                default: break
                }
            }
            if standalone {
                let indentation = line.first.map { $0.kind == .text ? $0.bytes : [] } ?? []
                for var token in line where token.kind != .text {
                    if token.kind == .partial || token.kind == .parent || token.kind == .block {
                        token.standaloneIndentation = indentation
                    }
                    result.append(token)
                }
            } else if line.isEmpty {
                if hasNewline { result.append(tokens[lineEnd]) }
            } else {
                result.append(nil)
                var onlyWhitespaceBefore = true
                var leading: [UInt8] = []
                for var token in line {
                    if token.kind == .block, onlyWhitespaceBefore { token.inlineIndentation = leading }
                    if token.kind == .text {
                        if token.isWhitespaceText, onlyWhitespaceBefore { leading += token.bytes } else { onlyWhitespaceBefore = false }
                    }
                    result.append(token)
                }
                if hasNewline { result.append(tokens[lineEnd]) }
            }
            lineBegin = lineEnd + 1
        }
        return result
    }

    /// A line is standalone when, besides spaces and tabs, it holds one tag of a kind that may
    /// stand alone, or only tags that open or close parents and blocks (`{{<parent}}{{$block}}`),
    /// except a block opened and closed on the line, whose line is kept (its indentation
    /// belongs to the block's content). `openKinds`: what is open when the line starts.
    private func isStandalone(_ line: ArraySlice<TemplateToken>, openKinds: [TemplateToken.Kind]) -> Bool {
        var tagCount = 0
        var onlyInheritance = true
        var open = openKinds
        var openBlocks: Set<[UInt8]> = []
        for token in line {
            switch token.kind {
            case .text:
                if !token.isWhitespaceText { return false }
                continue
            case let kind where !kind.canStandAlone:
                return false
            case .block:
                openBlocks.insert(token.bytes)
            case .close:
                if openBlocks.contains(token.bytes) { return false }
                let closed = open.popLast()
                if closed != .parent, closed != .block { onlyInheritance = false }
            case .parent:
                break
            default:
                onlyInheritance = false
            }
            if token.kind == .section || token.kind == .invertedSection || token.kind == .parent || token.kind == .block { open.append(token.kind) }
            tagCount += 1
        }
        return tagCount == 1 || (tagCount > 1 && onlyInheritance)
    }

    private struct OpenTag {
        let token: TemplateToken
        var body: [TemplateNode] = []
        /// Whether the block's first line has been seen (for its intrinsic indentation).
        var firstLineIndentation: [UInt8]? = nil
        var sawContent = false
    }

    private func tree(from marked: [TemplateToken?]) throws(TemplateProblem) -> [TemplateNode] {
        var stack: [OpenTag] = []
        var root: [TemplateNode] = []
        func append(_ node: TemplateNode) {
            if stack.isEmpty { root.append(node) } else { stack[stack.count - 1].body.append(node) }
        }
        var index = 0
        while index < marked.count {
            defer { index += 1 }
            guard let token = marked[index] else {
                if let top = stack.last, top.token.kind == .block, !stack[stack.count - 1].sawContent {
                    // A block's first line: its leading whitespace is the block's own indentation.
                    let next = index + 1 < marked.count ? marked[index + 1] : nil
                    stack[stack.count - 1].firstLineIndentation = next.flatMap { $0.kind == .text ? Self.leadingWhitespace($0.bytes) : nil } ?? []
                    _ = top
                }
                markContent(&stack)
                append(.lineStart)
                continue
            }
            switch token.kind {
            case .text, .newline:
                markContent(&stack)
                append(.text(token.bytes))
            case .variable(let escaped):
                markContent(&stack)
                append(.variable(TemplateName(token.text), escaped: escaped, token.location))
            case .comment, .setDelimiters:
                continue
            case .partial:
                markContent(&stack)
                append(.partial(token.text, indentation: token.standaloneIndentation, token.location))
            case .section, .invertedSection, .parent, .block:
                markContent(&stack)
                stack.append(OpenTag(token: token))
            case .close:
                guard let open = stack.popLast() else {
                    throw TemplateProblem(template: template, at: token.location, "'{{/\(token.text)}}' closes nothing: no section, parent or block is open")
                }
                guard open.token.bytes == token.bytes else {
                    throw TemplateProblem(
                        template: template, at: token.location,
                        "'{{/\(token.text)}}' closes '\(open.token.text)', opened at line \(open.token.location.line), column \(open.token.location.column)")
                }
                append(node(closing: open))
            }
        }
        if let open = stack.last {
            throw TemplateProblem(template: template, at: open.token.location, "'\(open.token.text)' is opened here and never closed")
        }
        return root
    }

    private func markContent(_ stack: inout [OpenTag]) {
        if !stack.isEmpty { stack[stack.count - 1].sawContent = true }
    }

    private func node(closing open: OpenTag) -> TemplateNode {
        let token = open.token
        switch token.kind {
        case .section, .invertedSection:
            return .section(TemplateName(token.text), inverted: token.kind == .invertedSection, body: open.body, token.location)
        case .parent:
            let blocks = open.body.compactMap { node -> BlockDefinition? in
                if case .block(let definition) = node { return definition }
                return nil
            }
            return .parent(token.text, indentation: token.standaloneIndentation, blocks: blocks, token.location)
        default:
            let indentation: [UInt8]
            if let standalone = token.standaloneIndentation {
                indentation = Self.hasOutput(open.body) ? (open.firstLineIndentation ?? standalone) : standalone
            } else {
                indentation = token.inlineIndentation
            }
            return .block(BlockDefinition(name: token.text, body: open.body, indentation: indentation, location: token.location))
        }
    }

    private static func hasOutput(_ nodes: [TemplateNode]) -> Bool {
        nodes.contains { if case .lineStart = $0 { false } else { true } }
    }

    static func leadingWhitespace(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    }
}
