import TimelineContent
import TimelineModel

/// A place in a Firebase export, written the way Firebase writes database paths:
/// `/posts/-K25Fj8qrMAtxXG3QCSn/comments/-K28xPOXBBXdCrFx-EAY`. A key that holds a `/`, is
/// empty or holds a control character is written as a JSON string so the path stays readable.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public let components: [String]

    public init(_ components: [String] = []) {
        self.components = components
    }

    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath {
        JSONPath(components + [key])
    }

    public static func / (path: JSONPath, key: String) -> JSONPath {
        path.appending(key)
    }

    public var description: String {
        guard !components.isEmpty else { return "/" }
        return components.map { key in
            let plain = !key.isEmpty && !key.unicodeScalars.contains { $0 == "/" || $0 == "\"" || $0.value < 0x20 }
            guard !plain else { return "/" + key }
            var quoted: [UInt8] = []
            JSONText.appendQuoted(key, to: &quoted)
            return "/" + String(decoding: quoted, as: UTF8.self)
        }.joined()
    }
}
