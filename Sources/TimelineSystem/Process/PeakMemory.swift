import CSystemSupport

/// The most memory this process has held resident so far (its high-water mark), in bytes.
package enum PeakMemory {
    package static var bytes: Int? {
        let bytes = timeline_peak_resident_bytes()
        return bytes < 0 ? nil : Int(bytes)
    }
}
