import Foundation

/// Which `Host` a request may name. A web page the author visits while previewing could point
/// its own domain at 127.0.0.1 (DNS rebinding) and read the unpublished site through the
/// author's browser; its requests then name that domain as their `Host`. So the preview
/// answers only the loopback names, IP addresses (a rebinding page's origin is a name, never an
/// address), and the names given with `--allow-host`.
public struct AllowedHosts: Sendable {
    static let loopbackNames: Set<String> = ["localhost", "127.0.0.1", "::1"]
    let names: Set<String>

    public init(extra: [String] = []) {
        names = Self.loopbackNames.union(extra.map { $0.lowercased() })
    }

    /// Whether a request with this `Host` header is answered (one without a header is: no
    /// browser sends such a request).
    public func allows(_ header: String?) -> Bool {
        guard let header else { return true }
        let name = Self.hostname(of: header)
        return names.contains(name) || Self.isIPAddress(name) || name.hasSuffix(".localhost")
    }

    /// `example.test` of `Example.test:8000`, `::1` of `[::1]:8000`.
    static func hostname(of header: String) -> String {
        let trimmed = header.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") {
            return String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
        }
        let name = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? trimmed
        return name.hasSuffix(".") ? String(name.dropLast()) : name
    }

    /// A dotted IPv4 address or an IPv6 address (hex digits and colons).
    static func isIPAddress(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4,
            parts.allSatisfy({ part in !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit) && Int(part).map { $0 <= 255 } == true })
        {
            return true
        }
        return name.contains(":") && name.allSatisfy { $0 == ":" || $0.isHexDigit }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
