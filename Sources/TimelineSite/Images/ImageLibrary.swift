import CVipsSupport

/// libvips, as the tool runs it.
package enum ImageLibrary {
    /// The version of the libvips the tool runs with, such as "8.14.1".
    package static var version: String { String(cString: timeline_vips_version()) }
}
