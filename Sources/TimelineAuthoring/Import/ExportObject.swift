import TimelineContent
import TimelineModel

/// One object of the export with its path, read member by member. Members no reader asked
/// for are reported as skipped, so nothing of the export goes missing without a word.
package struct ExportObject {
    package let path: JSONPath
    /// Members in file order; a repeated key keeps its first value.
    package let members: [(key: String, value: ContentValue)]
    private let byKey: [String: ContentValue]

    /// nil, with an issue, when `value` is not an object.
    init?(_ value: ContentValue, at path: JSONPath, what: String, issues: inout [ImportIssue]) {
        guard case .object(let list) = value.kind else {
            issues.append(ImportIssue(path, skipped: what, "must be an object, found \(value.typeName)"))
            return nil
        }
        var byKey: [String: ContentValue] = [:]
        var members: [(key: String, value: ContentValue)] = []
        for member in list {
            guard byKey[member.key] == nil else {
                issues.append(ImportIssue(path / member.key, skipped: "this repeated key", "the key appears twice; the first is kept"))
                continue
            }
            byKey[member.key] = member.value
            members.append((member.key, member.value))
        }
        self.path = path
        self.members = members
        self.byKey = byKey
    }

    package func value(_ key: String) -> ContentValue? {
        guard let value = byKey[key], case .null = value.kind else { return byKey[key] }
        return nil
    }

    /// A string member; absent or null gives nil, another type an issue.
    package func string(_ key: String, issues: inout [ImportIssue]) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value.kind else {
            issues.append(ImportIssue(path / key, skipped: "this key", "must be a string, found \(value.typeName)"))
            return nil
        }
        return text
    }

    /// Reports each member whose key is not in `known`.
    func reportUnknownKeys(known: Set<String>, issues: inout [ImportIssue]) {
        for (key, _) in members where !known.contains(key) {
            issues.append(ImportIssue(path / key, skipped: "this key", "the import does not know it"))
        }
    }
}
