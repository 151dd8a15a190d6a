/// One problem found in a site: an error stops the build, a warning is printed
/// (and becomes an error under `--strict`).
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    public var severity: Severity
    public var code: DiagnosticCode
    public var stage: BuildStage
    public var location: SourceLocation
    public var message: String

    public init(
        _ severity: Severity, _ code: DiagnosticCode, stage: BuildStage, at location: SourceLocation, _ message: String
    ) {
        self.severity = severity
        self.code = code
        self.stage = stage
        self.location = location
        self.message = message
    }

    public static func error(
        _ code: DiagnosticCode, stage: BuildStage, at location: SourceLocation, _ message: String
    ) -> Diagnostic {
        Diagnostic(.error, code, stage: stage, at: location, message)
    }

    public static func warning(
        _ code: DiagnosticCode, stage: BuildStage, at location: SourceLocation, _ message: String
    ) -> Diagnostic {
        Diagnostic(.warning, code, stage: stage, at: location, message)
    }

    /// `path:line:column: error: message`, the form compilers use, so editors can jump to it.
    public var description: String {
        "\(location): \(severity.rawValue): \(message)"
    }

    /// The same diagnostic raised to an error (what `--strict` does to warnings).
    public var asError: Diagnostic {
        var copy = self
        copy.severity = .error
        return copy
    }
}
