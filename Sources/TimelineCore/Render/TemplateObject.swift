import Mustache

/// The values a template sees. A dictionary lookup per variable (templates read hundreds per
/// page, and Mirror-based lookup would dominate the render time), and `Sendable`, so the
/// contexts can be built once and shared between the render tasks. Nil values are left out,
/// so `{{#bio}}…{{/bio}}` renders nothing when there is no bio.
public struct TemplateObject: MustacheParent, Sendable {
    public private(set) var fields: [String: any Sendable]

    public init(_ fields: [String: (any Sendable)?]) {
        self.fields = fields.compactMapValues { $0 }
    }

    public func child(named name: String) -> Any? {
        fields[name]
    }

    public func merging(_ other: [String: (any Sendable)?]) -> TemplateObject {
        var copy = self
        for (key, value) in other {
            copy.fields[key] = value
        }
        return copy
    }
}
