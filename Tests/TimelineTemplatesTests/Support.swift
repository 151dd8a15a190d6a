import Testing
import TimelineTemplates

// Helpers shared by the suites: compile a template (plus partials) as plain Mustache data and
// render it, and build data with little noise.

/// Compiles `template` as the entry "main" (type `any`, not strict) with `partials` beside it
/// and renders it with `data`. A compile problem is recorded as a test issue and yields "".
func render(_ template: String, partials: [String: String] = [:], data: TemplateValue = .null) -> String {
    var sources: [String: [UInt8]] = ["main": Array(template.utf8)]
    for (name, text) in partials { sources[name] = Array(text.utf8) }
    let (set, problems) = TemplateSet.compile(sources: sources, entries: ["main": .any], strict: false)
    guard let set else {
        Issue.record("compile failed: \(problems.map(describe))")
        return ""
    }
    guard let bytes = set.render("main", data) else {
        Issue.record("no entry 'main'")
        return ""
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The problems of compiling `template` as plain Mustache data (empty when it compiles).
func problems(_ template: String, partials: [String: String] = [:], strict: Bool = false) -> [TemplateProblem] {
    var sources: [String: [UInt8]] = ["main": Array(template.utf8)]
    for (name, text) in partials { sources[name] = Array(text.utf8) }
    return TemplateSet.compile(sources: sources, entries: ["main": .any], strict: strict).1
}

func describe(_ problem: TemplateProblem) -> String {
    "\(problem.template):\(problem.line):\(problem.column): \(problem.message)"
}

/// An object of plain data: `object(("name", "Ada"), ("age", 36))`.
func object(_ pairs: (String, TemplateValue)...) -> TemplateValue {
    .object(TemplateDictionary(pairs))
}

/// A list of values.
func list(_ items: TemplateValue...) -> TemplateValue {
    .list(items)
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
