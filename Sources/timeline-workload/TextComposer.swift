/// Composes the workload's names and texts from `Vocabulary`, drawing every
/// choice from the caller's generator.
enum TextComposer {
    /// A unique, lowercase username: pronounceable letters (and sometimes an
    /// underscore) followed by the user's number. Letters never contain digits,
    /// so the trailing digits alone tell users apart.
    static func username(userIndex: Int, using generator: inout SeededGenerator) -> String {
        let number = userIndex + 1
        if generator.chance(0.1) {
            let digits = String(number)
            return "user" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
        }
        var letters = ""
        for _ in 0..<generator.nextInt(in: 2...3) {
            letters += generator.pick(Vocabulary.syllables)
        }
        let separator = generator.chance(0.3) ? "_" : ""
        return letters + separator + String(number)
    }

    static func displayName(using generator: inout SeededGenerator) -> String {
        generator.pick(Vocabulary.firstNames) + " " + generator.pick(Vocabulary.familyNames)
    }

    /// One or two sentences of Markdown.
    static func bio(using generator: inout SeededGenerator) -> String {
        let first = generator.pick(Vocabulary.bioSentences)
        guard generator.chance(0.4) else {
            return first
        }
        let second = generator.pick(Vocabulary.bioSentences)
        return second == first ? first : first + " " + second
    }

    /// A caption of one to three sentences, sometimes with a link; empty for
    /// about one post in ten.
    static func caption(using generator: inout SeededGenerator) -> String {
        guard !generator.chance(0.1) else {
            return ""
        }
        var sentences: [String] = []
        for _ in 0..<generator.nextInt(in: 1...3) {
            sentences.append(captionSentence(using: &generator))
        }
        if generator.chance(0.06) {
            sentences.append("More at [example.org](https://example.org/).")
        }
        let caption = sentences.joined(separator: " ")
        return caption + hashtags(for: caption)
    }

    /// About a third of captions end with one or two hashtags, a noun and sometimes a place
    /// from the vocabulary (a few dozen tags at 20,000 posts, each on hundreds of posts). Derived from the caption's
    /// text rather than drawn from the generator, so that every other choice of the workload
    /// stays what it was before hashtags.
    static func hashtags(for caption: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in caption.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        guard hash % 3 == 0 else { return "" }
        let first = Vocabulary.nouns[Int((hash >> 8) % UInt64(Vocabulary.nouns.count))]
        let second = Vocabulary.places[Int((hash >> 24) % UInt64(Vocabulary.places.count))]
        return (hash >> 40) % 2 == 0 ? " #\(first)" : " #\(first) #\(second.replacingOccurrences(of: " ", with: "_"))"
    }

    /// A short, never empty comment.
    static func comment(using generator: inout SeededGenerator) -> String {
        let first = commentSentence(using: &generator)
        return generator.chance(0.2) ? first + " " + commentSentence(using: &generator) : first
    }

    /// A one-line description of the photo for its `alt` text.
    static func altText(using generator: inout SeededGenerator) -> String {
        let noun = generator.pick(Vocabulary.nouns)
        let place = generator.pick(Vocabulary.places)
        switch generator.nextInt(below: 8) {
        case 0...2: return "The \(noun) \(generator.pick(Vocabulary.prepositions)) the \(place)"
        case 3...4: return capitalized(plain(generator.pick(Vocabulary.adjectives))) + " \(noun) at the \(place)"
        case 5: return "The \"secret\" \(place)"
        default: return "Photo of the \(noun)"
        }
    }

    private static func captionSentence(using generator: inout SeededGenerator) -> String {
        let noun = generator.pick(Vocabulary.nouns)
        let otherNoun = generator.pick(Vocabulary.nouns)
        let adjective = generator.pick(Vocabulary.adjectives)
        let place = generator.pick(Vocabulary.places)
        switch generator.nextInt(below: 7) {
        case 0: return capitalized(adjective) + " \(noun) \(generator.pick(Vocabulary.prepositions)) the \(otherNoun)."
        case 1: return generator.pick(Vocabulary.moments) + " at the \(place)."
        case 2: return "The \(noun) was \(adjective) today!"
        case 3: return "Can't get enough of this \(noun)."
        case 4: return "Who wants to see the \(place) again?"
        case 5: return "Found a *\(noun)* \(generator.pick(Vocabulary.prepositions)) the \(place)."
        default: return generator.pick(Vocabulary.moments) + ": \(adjective) \(noun), \(otherNoun) and the \(place)."
        }
    }

    private static func commentSentence(using generator: inout SeededGenerator) -> String {
        let noun = generator.pick(Vocabulary.nouns)
        switch generator.nextInt(below: 7) {
        case 0: return generator.pick(Vocabulary.exclamations)
        case 1: return "This \(noun) is \(generator.pick(Vocabulary.adjectives))."
        case 2: return "Is that the \(generator.pick(Vocabulary.places))?"
        case 3: return "Wish I was at the \(generator.pick(Vocabulary.places))."
        case 4: return "That \(noun) though."
        case 5: return "*great* shot!"
        default: return "Take me to that waterfall."
        }
    }

    /// A word without its Markdown emphasis markers.
    private static func plain(_ word: String) -> String {
        String(word.filter { $0 != "*" && $0 != "_" })
    }

    /// The text with its first letter upper-cased (after any leading Markdown).
    private static func capitalized(_ text: String) -> String {
        guard let letterIndex = text.firstIndex(where: { $0.isLetter }) else {
            return text
        }
        return String(text[..<letterIndex]) + text[letterIndex].uppercased() + String(text[text.index(after: letterIndex)...])
    }
}
