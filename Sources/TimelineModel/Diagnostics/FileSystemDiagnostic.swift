import TimelineSystem

extension Diagnostic {
    /// A file operation that failed: at the file it failed on (or at `path`, a folder the
    /// reader knows better), with what the stage was doing when it is not plain from the stage.
    package static func fileSystem(
        _ failure: FileSystem.Failure, code: DiagnosticCode = .outputError, stage: BuildStage, at path: String? = nil, doing action: String? = nil
    ) -> Diagnostic {
        .error(code, stage: stage, at: SourceLocation(path: path ?? failure.path), action.map { "\($0): \(failure.description)" } ?? failure.description)
    }
}
