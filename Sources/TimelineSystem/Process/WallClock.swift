import CSystemSupport

/// The system's real-time clock, in the same terms as file times. Only ever compared with
/// file times and used for IDs; no clock value reaches the output.
package enum WallClock {
    package static var nanoseconds: Int64 { timeline_wall_clock_nanoseconds() }
}
