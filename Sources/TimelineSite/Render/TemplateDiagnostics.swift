import TimelineContent
import TimelineModel
import TimelineTemplates

extension Theme {
    /// A template problem as a diagnostic at `<folder><name>.mustache:line:column`.
    package static func diagnostic(_ problem: TemplateProblem, folder: String) -> Diagnostic {
        .error(
            .templateError, stage: .render,
            at: SourceLocation(path: folder + problem.template + ".mustache", line: problem.line, column: problem.column), problem.message)
    }
}
