import CSystemSupport

/// Hands memory the build has freed back to the system. glibc keeps freed blocks in each
/// thread's arena for reuse; between stages, which allocate differently (records, then page
/// values, then feed entries), what one stage freed stays resident while the next grows
/// elsewhere, and the process's peak climbs with every stage. (glibc's malloc_trim; Darwin's
/// malloc_zone_pressure_relief.)
package enum FreedMemory {
    package static func returnToSystem() {
        timeline_release_free_memory()
    }
}
