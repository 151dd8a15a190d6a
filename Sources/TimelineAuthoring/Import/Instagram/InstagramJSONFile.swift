import TimelineContent
import TimelineModel

/// A JSON file of an Instagram export, read whole (under `maximumJSONBytes`) and parsed with
/// the project's parser, so that JSON that is not well-formed is reported at its line and
/// column.
struct InstagramJSONFile {
    let path: InstagramEntryPath
    let root: ContentValue

    var name: String { path.description }

    /// The file parsed; nil, with an issue about `what` it held, when it cannot be read or is
    /// not JSON.
    static func load(_ path: InstagramEntryPath, from source: InstagramExportSource, what: String, issues: inout [InstagramIssue]) -> InstagramJSONFile? {
        let bytes: [UInt8]
        do {
            bytes = try source.read(path)
        } catch {
            issues.append(InstagramIssue(file: path.description, skipped: what, error.description))
            return nil
        }
        do {
            return InstagramJSONFile(path: path, root: try JSONParser.parse(bytes))
        } catch {
            let location = SourceFile(path: path.description, bytes: bytes).location(ofOffset: error.offset)
            issues.append(
                InstagramIssue(file: path.description, line: location.line, column: location.column, skipped: what, "malformed JSON: \(error.message)"))
            return nil
        }
    }
}

extension InstagramJSONFile {
    /// The entries of a file that holds a list under `key` (`{"ig_reels_media": […]}`) or is
    /// that list itself, each with its path; none, with an issue about `what`, otherwise.
    func entries(under key: String, what: String, issues: inout [ImportIssue]) -> [(value: ContentValue, path: JSONPath)] {
        let list: [ContentValue]
        let listPath: JSONPath
        switch root.kind {
        case .array(let elements):
            (list, listPath) = (elements, .root)
        case .object:
            guard let object = ExportObject(root, at: .root, what: what, issues: &issues) else { return [] }
            guard let elements = object.array(key, what: what, issues: &issues) else {
                if object.value(key) == nil { issues.append(ImportIssue(.root, skipped: what, "it has no \(key)")) }
                return []
            }
            (list, listPath) = (elements, .root / key)
        default:
            issues.append(ImportIssue(.root, skipped: what, "must be an object holding \(key), found \(root.typeName)"))
            return []
        }
        return list.enumerated().map { ($1, listPath / String($0)) }
    }
}

extension ExportObject {
    /// A string member as text: Instagram's escapes repaired, nil when absent, null or empty.
    func text(_ key: String, issues: inout [ImportIssue]) -> String? {
        guard let raw = string(key, issues: &issues), !raw.isEmpty else { return nil }
        return InstagramText.repaired(raw)
    }

    /// A member holding whole seconds since 1970 (`creation_timestamp`); absent or null gives
    /// nil, anything else an issue.
    func seconds(_ key: String, issues: inout [ImportIssue]) -> Int64? {
        guard let value = value(key) else { return nil }
        guard case .number(let text) = value.kind, let seconds = Self.wholeSeconds(text) else {
            issues.append(ImportIssue(path / key, skipped: "this key", "must be a whole number of seconds, found \(value.typeName)"))
            return nil
        }
        return seconds
    }

    /// `1650000000`, or the same written as `1650000000.0` or `1.65e9`.
    private static func wholeSeconds(_ text: String) -> Int64? {
        if let whole = Int64(text) { return whole }
        guard let number = Double(text), number.isFinite, number.rounded() == number, abs(number) < 9e15 else { return nil }
        return Int64(number)
    }

    /// The member `key` when it is an object; absent gives nil, another type an issue.
    func object(_ key: String, what: String, issues: inout [ImportIssue]) -> ExportObject? {
        guard let value = value(key) else { return nil }
        return ExportObject(value, at: path / key, what: what, issues: &issues)
    }

    /// The member `key` when it is an array; absent gives nil, another type an issue.
    func array(_ key: String, what: String, issues: inout [ImportIssue]) -> [ContentValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value.kind else {
            issues.append(ImportIssue(path / key, skipped: what, "must be an array, found \(value.typeName)"))
            return nil
        }
        return elements
    }
}
