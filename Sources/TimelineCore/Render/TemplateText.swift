import Mustache

/// A text or number as the templates receive it. Renders and transforms exactly as the plain
/// value would; what differs is the cost: swift-mustache asks a plain `String` whether it is a
/// lambda, an optional or a custom renderable, then describes it through `String(describing:)`,
/// and inside `{{#text}}…{{/text}}` reflects on it with `Mirror` for every name looked up,
/// while this type answers the first question and has no children.
struct TemplateText: MustacheCustomRenderable, MustacheTransformable, MustacheParent {
    let renderText: String
    /// Made from a whole number (for the transforms). Two fields, so that the value fits an
    /// existential's inline buffer: a larger one would be allocated on every lookup.
    private let isNumber: Bool

    init(_ text: String) {
        renderText = text
        isNumber = false
    }

    init(_ number: Int) {
        renderText = String(number)
        isNumber = true
    }

    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        if isNumber, let number = Int(renderText) { return number.transform(name) }
        return renderText.transform(name)
    }

    func child(named name: String) -> Any? {
        nil
    }

    /// The value a lookup returns: texts and whole numbers wrapped, anything else as it is.
    static func wrapping(_ value: Any?) -> Any? {
        switch value {
        case let text as String: TemplateText(text)
        case let number as Int: TemplateText(number)
        default: value
        }
    }
}
