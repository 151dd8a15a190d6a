import CSystemSupport

/// Memory that a C library allocated with malloc and hands over to the caller.
package enum CMemory {
    package static func free(_ pointer: UnsafeMutableRawPointer?) {
        timeline_free(pointer)
    }

    /// Calls `body` with `strings` as an array of C strings, valid only during the call.
    package static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) throws -> Result) rethrows -> Result {
        let copies = strings.map { timeline_duplicate_string($0) }
        defer { for copy in copies { timeline_free(copy) } }
        return try body(copies.map { $0.map { UnsafePointer($0) } })
    }
}
