/// The templates of a theme, parsed once and compiled: the entry templates (pages) against the
/// type of what each receives. Rendering appends to a byte buffer.
public struct TemplateSet: Sendable {
    private let code: RenderCode
    private let entries: [String: Int]
    /// Per entry, what it may read (`TemplateReads`); absent for one that may read anything.
    private let reads: [String: TemplateReads]
    /// Every template's name.
    public let names: Set<String>

    /// Parses every source and compiles `entries` (template name → the type it receives; `.any`
    /// for plain data). Every problem is reported, in template order; the set is nil if there
    /// is any. `strict`: a missing partial or parent is a problem (else empty text, as the
    /// Mustache spec says).
    public static func compile(
        sources: [String: [UInt8]], entries: [String: TemplateType], strict: Bool
    ) -> (TemplateSet?, [TemplateProblem]) {
        var trees: [String: [TemplateNode]] = [:]
        var problems: [TemplateProblem] = []
        for name in sources.keys.sorted() {
            guard let source = sources[name] else { continue }
            switch TemplateParser.parse(source, template: name) {
            case .success(let tree): trees[name] = tree
            case .failure(let problem): problems.append(problem)
            }
        }
        var compiler = TemplateCompiler(trees: trees, unparsed: Set(sources.keys).subtracting(trees.keys), missingPartialIsError: strict)
        var compiled: [String: Int] = [:]
        for name in entries.keys.sorted() {
            guard let type = entries[name], trees[name] != nil else { continue }
            if let program = compiler.compileEntry(name, root: type) { compiled[name] = program }
        }
        problems += compiler.problems
        guard problems.isEmpty else { return (nil, problems) }
        let reads = compiled.compactMapValues { compiler.fieldsRead(ofEntry: $0).map(TemplateReads.init(slots:)) }
        return (TemplateSet(code: RenderCode(programs: compiler.programs), entries: compiled, reads: reads, names: Set(sources.keys)), [])
    }

    /// What entry `name` may read; nil when it may read anything (or is no entry).
    public func reads(ofEntry name: String) -> TemplateReads? {
        reads[name]
    }

    /// Whether `name` was compiled as an entry.
    public func hasEntry(_ name: String) -> Bool {
        entries[name] != nil
    }

    /// Appends the rendering of entry `name` with `value` to `output`; false if there is no such entry.
    /// `fragments`: where the output of partials that read only their value (and carry a
    /// `fragmentKey`) is kept and reused across calls; nil renders every one in place.
    /// `log`: where the fields read of objects that carry a `readKey` are recorded.
    @discardableResult
    public func render(
        _ name: String, _ value: TemplateValue, into output: inout [UInt8], fragments: TemplateFragments? = nil, log: TemplateReadLog? = nil
    ) -> Bool {
        guard let program = entries[name] else { return false }
        var renderer = TemplateRenderer(code: code, fragments: fragments, log: log, output: [], start: output.count)
        swap(&renderer.output, &output)
        renderer.run(program: program, with: value)
        renderer.handBackReads()
        swap(&renderer.output, &output)
        return true
    }

    /// The rendering of entry `name` with `value`, nil if there is no such entry.
    public func render(_ name: String, _ value: TemplateValue, fragments: TemplateFragments? = nil, log: TemplateReadLog? = nil) -> [UInt8]? {
        var output: [UInt8] = []
        return render(name, value, into: &output, fragments: fragments, log: log) ? output : nil
    }
}
