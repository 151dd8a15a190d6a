import Foundation

/// How long each stage of a build took, measured with a monotonic clock. A stage that runs
/// in pieces (writing) adds up.
public struct StageTimings: Sendable {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var last: ContinuousClock.Instant
    public private(set) var seconds: [BuildStage: Double] = [:]

    public init() {
        start = clock.now
        last = start
    }

    /// Charges the time since the previous lap to `stage`.
    mutating func lap(_ stage: BuildStage) {
        let now = clock.now
        seconds[stage, default: 0] += last.duration(to: now).seconds
        last = now
    }

    public var total: Double { start.duration(to: last).seconds }

    /// `load+validate 0.12 s, images 0.00 s, …`, in pipeline order.
    public var summary: String {
        BuildStage.allCases.compactMap { stage in
            seconds[stage].map { "\(stage == .validate ? "load+validate" : stage.rawValue) \(String(format: "%.2f", $0)) s" }
        }.joined(separator: ", ")
    }
}
