/// Diagnostics gathered over a run: every content problem is collected, not only the first.
public struct DiagnosticList: Sendable {
    public private(set) var all: [Diagnostic] = []

    public init(_ diagnostics: [Diagnostic] = []) {
        all = diagnostics
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    public mutating func append(contentsOf other: DiagnosticList) {
        all.append(contentsOf: other.all)
    }

    public mutating func append(contentsOf diagnostics: [Diagnostic]) {
        all.append(contentsOf: diagnostics)
    }

    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// Sorted by file, line and column, so the report reads in order whatever the parallel
    /// stages finished first.
    public var sorted: [Diagnostic] {
        all.sorted { lhs, rhs in
            if lhs.location != rhs.location { return lhs.location < rhs.location }
            return lhs.message.utf8Precedes(rhs.message)
        }
    }

    /// Warnings raised to errors, as `--strict` asks.
    public func strict() -> DiagnosticList {
        DiagnosticList(all.map { $0.asError })
    }
}
