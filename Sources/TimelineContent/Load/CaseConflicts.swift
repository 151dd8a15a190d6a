/// Names that are one name on a case-insensitive file system (APFS by default, Windows): equal
/// once lowercased, Unicode normalization aside (Swift compares strings by canonical
/// equivalence, as APFS compares names). A site that builds on Linux must also build when
/// cloned there, so the loader refuses such pairs (`caseConflict`).
enum CaseConflicts {
    /// Each name of `names` (in their order) that is one name with an earlier one, with that
    /// earlier one.
    static func pairs(_ names: [String]) -> [(name: String, first: String)] {
        var firstByFolded: [String: String] = [:]
        var pairs: [(name: String, first: String)] = []
        for name in names {
            let folded = name.lowercased()
            if let first = firstByFolded[folded] {
                pairs.append((name, first))
            } else {
                firstByFolded[folded] = name
            }
        }
        return pairs
    }
}
