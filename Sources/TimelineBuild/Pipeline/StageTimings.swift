import Foundation
import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem
import TimelineTemplates

/// How long each stage of a build took, measured with a monotonic clock (a stage that runs
/// in pieces, writing, adds up), and the process's peak resident memory when each stage
/// ended: the first stage to reach the build's peak is the one that set it.
public struct StageTimings: Sendable {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var last: ContinuousClock.Instant
    public private(set) var seconds: [BuildStage: Double] = [:]
    public private(set) var peakMemoryBytes: [BuildStage: Int] = [:]

    public init() {
        start = clock.now
        last = start
    }

    /// Charges the time since the previous lap to `stage`.
    mutating func lap(_ stage: BuildStage) {
        let now = clock.now
        seconds[stage, default: 0] += last.duration(to: now).seconds
        peakMemoryBytes[stage] = PeakMemory.bytes
        last = now
    }

    public var total: Double { start.duration(to: last).seconds }

    /// `load+validate 0.12 s, images 0.00 s, …`, in pipeline order.
    public var summary: String {
        BuildStage.allCases.compactMap { stage in
            seconds[stage].map { "\(Self.label(stage)) \(String(format: "%.2f", $0)) s" }
        }.joined(separator: ", ")
    }

    /// `peak memory after load+validate 210 MiB, images 212 MiB, …`, in pipeline order.
    public var memorySummary: String {
        let stages = BuildStage.allCases.compactMap { stage in
            peakMemoryBytes[stage].map { "\(Self.label(stage)) \($0 / 1_048_576) MiB" }
        }
        return stages.isEmpty ? "" : "peak memory after " + stages.joined(separator: ", ")
    }

    /// The validate stage's lap covers loading too.
    private static func label(_ stage: BuildStage) -> String {
        stage == .validate ? "load+validate" : stage.rawValue
    }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
