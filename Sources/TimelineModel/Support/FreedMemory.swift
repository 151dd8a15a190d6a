#if canImport(Glibc)
    import Glibc
#endif

/// Hands memory the build has freed back to the system. glibc keeps freed blocks in each
/// thread's arena for reuse; between stages, which allocate differently (records, then page
/// values, then feed entries), what one stage freed stays resident while the next grows
/// elsewhere, and the process's peak climbs with every stage.
package enum FreedMemory {
    #if canImport(Glibc)
        private typealias Trim = @convention(c) (Int) -> Int32
        /// glibc's `malloc_trim`, found at run time: its header is not part of Swift's Glibc module.
        private static let trim: Trim? = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
    #endif

    package static func returnToSystem() {
        #if canImport(Glibc)
            _ = trim?(0)
        #endif
    }
}
