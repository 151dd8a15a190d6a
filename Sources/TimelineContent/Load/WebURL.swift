import TimelineModel

/// Checks of URLs that come from content: only http and https are ever put in a link.
package enum WebURL {
    /// True for `http://host…` and `https://host…` with no whitespace or control characters.
    package static func isHTTP(_ candidate: String) -> Bool {
        let lowered = candidate.lowercased()
        let rest: Substring
        if lowered.hasPrefix("https://") {
            rest = lowered.dropFirst(8)
        } else if lowered.hasPrefix("http://") {
            rest = lowered.dropFirst(7)
        } else {
            return false
        }
        guard let hostCharacter = rest.first, hostCharacter != "/", hostCharacter != "?", hostCharacter != "#" else {
            return false
        }
        return candidate.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
                && !"<>\"`\\ ".unicodeScalars.contains(scalar)
        }
    }
}
