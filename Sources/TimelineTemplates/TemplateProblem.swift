/// A problem with a template, where it is: the template's name (its path below the templates
/// folder, without `.mustache`), line and column (from 1, counted in characters).
public struct TemplateProblem: Error, Sendable, Hashable {
    public let template: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(template: String, line: Int, column: Int, message: String) {
        self.template = template
        self.line = line
        self.column = column
        self.message = message
    }

    init(template: String, at location: TemplateLocation, _ message: String) {
        self.init(template: template, line: location.line, column: location.column, message: message)
    }
}

/// Where a tag starts in its template.
struct TemplateLocation: Sendable, Hashable {
    let line: Int
    let column: Int
}
