import TimelineContent
import TimelineModel
import TimelineSystem

/// A post's `post.md` as `timeline edit post` reads it: the text, what the loader reads of it,
/// and its front matter's values as written.
struct PostFile {
    let text: String
    let frontMatter: FrontMatter

    /// The front matter's text for `key`; nil when the key is absent or has no value.
    func value(of key: String) -> String? {
        guard case .string(let text)? = member(key)?.value.kind else { return nil }
        return text
    }

    /// Whether the front matter names `key`, with or without a value.
    func names(_ key: String) -> Bool { member(key) != nil }

    /// The caption as the file holds it (after the closing `---`).
    var caption: String { frontMatter.body }

    private func member(_ key: String) -> ContentMember? {
        guard case .object(let members) = frontMatter.fields.kind else { return nil }
        return members.first { $0.key == key }
    }

    /// The caption as written to a file: ended by a line break, or nothing at all for a blank
    /// caption (a post without one).
    static func captionText(_ caption: String) -> String {
        if caption.allSatisfy(\.isWhitespace) { return "" }
        return caption.hasSuffix("\n") ? caption : caption + "\n"
    }
}

extension ContentFolder {
    /// A post's `post.md`, after checking that its folder loads without errors.
    func readPost(_ id: ContentID) throws(AuthoringError) -> PostFile {
        let file = ContentLayout.file(.post, ofPost: id)
        let diagnostics = verifyPost(id)
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            throw AuthoringError(
                .invalidContent, at: SourceLocation(path: display(file)), "fix this post first; it was left as it is", diagnostics: diagnostics)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readBytes(absolute(file))
        } catch {
            throw AuthoringError.fileSystem(error, shownAs: display(file))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw AuthoringError(.invalidContent, at: SourceLocation(path: display(file)), "the file is not UTF-8 text; it was left as it is")
        }
        do {
            return PostFile(text: text, frontMatter: try FrontMatter.split(SourceFile(path: display(file), bytes: bytes)))
        } catch {
            throw AuthoringError(.invalidContent, at: SourceLocation(path: display(file)), "fix this post first; it was left as it is")
        }
    }
}
