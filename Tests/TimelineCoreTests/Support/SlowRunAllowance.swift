import Foundation

extension Duration {
    /// This wait stretched by `TIMELINE_TEST_TIME_SCALE` (a whole number, default 1), for runs
    /// where everything is many times slower than usual: under AddressSanitizer or
    /// ThreadSanitizer (see docs/sanitizers.md). The waits are deadlines for things that should
    /// happen, never figures the tests check.
    var allowingSlowRuns: Duration {
        self * SlowRunAllowance.scale
    }
}

private enum SlowRunAllowance {
    static let scale: Int = ProcessInfo.processInfo.environment["TIMELINE_TEST_TIME_SCALE"].flatMap(Int.init).map { max(1, $0) } ?? 1
}
