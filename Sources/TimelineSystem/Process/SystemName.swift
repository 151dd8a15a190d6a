/// The system the tool was built for, as `timeline --version` names it: "Linux x86_64",
/// "macOS arm64".
package enum SystemName {
    package static var current: String {
        #if os(macOS)
            let system = "macOS"
        #elseif os(Linux)
            let system = "Linux"
        #else
            let system = "unknown system"
        #endif
        #if arch(arm64)
            return system + " arm64"
        #elseif arch(x86_64)
            return system + " x86_64"
        #else
            return system
        #endif
    }

    /// Whether this is Linux (what GitHub's Linux runners and Debian run).
    package static var isLinux: Bool {
        #if os(Linux)
            true
        #else
            false
        #endif
    }
}
