#if canImport(Glibc)
    import Glibc
#endif

/// The system's real-time clock, in the same terms as file times. Only ever compared with
/// file times; no clock value reaches the output.
package enum WallClock {
    package static var nanoseconds: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
