/// "Did you mean …?": the closest of some names to a misspelt one, if it is close enough.
public enum NameSuggestion {
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let lowered = candidate.lowercased()
            // A name written short of a longer one (`manifest` for `manifestURL`) is as close.
            let extends = lowered.hasPrefix(String(target)) || String(target).hasPrefix(lowered)
            let distance = extends ? 1 : editDistance(target, Array(lowered))
            guard distance <= max(1, target.count / 3) else { continue }
            if let current = best, current.distance < distance || (current.distance == distance && current.name < candidate) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    static func phrase(for name: String, among candidates: some Sequence<String>) -> String {
        closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Edits to turn one into the other: insertions, deletions, substitutions and swaps of two
    /// neighbouring letters (`titel` is one edit from `title`).
    private static func editDistance(_ left: [Character], _ right: [Character]) -> Int {
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var beforePrevious = Array(repeating: 0, count: right.count + 1)
        var previous = Array(0...right.count)
        var current = previous
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let substitution = previous[j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[right.count]
    }
}
