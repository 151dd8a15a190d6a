import Foundation

extension Duration {
    /// This wait as a deadline: five times what it takes here on an idle machine, and stretched
    /// again by `TIMELINE_TEST_TIME_SCALE` (a whole number, default 1) for runs where everything
    /// is many times slower: under AddressSanitizer or ThreadSanitizer (see docs/sanitizers.md).
    /// The suite's tests share two cores with one another and with whatever else runs (a
    /// preview's first build once missed a 120-second deadline while a release build ran
    /// beside the suite), and a deadline only bounds how long a test that already failed keeps
    /// waiting: the tests wait for events, never check a duration.
    var allowingSlowRuns: Duration {
        self * (SlowRunAllowance.loadedMachine * SlowRunAllowance.scale)
    }
}

private enum SlowRunAllowance {
    static let loadedMachine = 5
    static let scale: Int = ProcessInfo.processInfo.environment["TIMELINE_TEST_TIME_SCALE"].flatMap(Int.init).map { max(1, $0) } ?? 1
}
