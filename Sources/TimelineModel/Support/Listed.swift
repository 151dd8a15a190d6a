/// `a`, `a and b`, `a, b and c` (or with another last word): items for a message.
package func listed(_ items: [String], _ lastWord: String = "and") -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(lastWord) " + last
}
