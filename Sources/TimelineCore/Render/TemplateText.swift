import Mustache

/// A text or number as the templates receive it. Renders and transforms exactly as the plain
/// value would; what differs is the cost: swift-mustache asks a plain `String` whether it is a
/// lambda, an optional or a custom renderable, then describes it through `String(describing:)`,
/// and inside `{{#text}}…{{/text}}` reflects on it with `Mirror` for every name looked up,
/// while this type answers the first question and has no children.
struct TemplateText: MustacheCustomRenderable, MustacheTransformable, MustacheParent {
    let renderText: String
    private let transformable: any MustacheTransformable

    init(_ text: String) {
        renderText = text
        transformable = text
    }

    init(_ number: Int) {
        renderText = String(number)
        transformable = number
    }

    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        transformable.transform(name)
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
