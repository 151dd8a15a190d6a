import TimelineContent
import TimelineModel
import TimelineTemplates

extension Theme {
    /// A template problem as a diagnostic at the template's file, line and column: in the
    /// site's templates folder, or in the built-in theme.
    package static func diagnostic(_ problem: TemplateProblem, files: ThemeFiles) -> Diagnostic {
        .error(
            .templateError, stage: .render,
            at: SourceLocation(path: files.display(problem.template + ".mustache"), line: problem.line, column: problem.column), problem.message)
    }
}
