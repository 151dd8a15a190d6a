#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The error number the last failed C call left (`errno`), for the layer's own C calls and for
/// C libraries that report failures through it (libvips reading a file).
package enum SystemError {
    package static var last: Int32 { errno }
}
