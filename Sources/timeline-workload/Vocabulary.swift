/// The small, fixed word lists that every text in the workload is made from.
/// Words carry their own Markdown where they have any (`*great*`), and a few
/// entries hold non-ASCII letters, quotes or backslashes on purpose, so that
/// escaping is exercised.
enum Vocabulary {
    static let syllables = [
        "ka", "lo", "mi", "ra", "ne", "to", "su", "vi", "da", "el", "an", "jo", "ri", "sa", "ma",
        "li", "no", "be", "ta", "zu", "ko", "pe", "yu", "ha", "fi", "go", "wen", "dor", "lin", "mar",
    ]

    static let firstNames = [
        "Ana", "Ben", "Chloé", "Dev", "Emil", "Femi", "Greta", "Hana", "Ivo", "José", "Kai", "Lena",
        "Mira", "Noah", "Olu", "Priya", "Quinn", "Ravi", "Sofia", "Tomás", "Uma", "Vera", "Wen",
        "Yuki", "Zoë",
    ]

    static let familyNames = [
        "Abara", "Berg", "Costa", "Dubois", "Eklund", "Fischer", "García", "Haddad", "Ito", "Jensen",
        "Kowalski", "Larsen", "Moreau", "Nakamura", "O'Neil", "Petrov", "Quispe", "Rossi", "Silva",
        "Tanaka", "Uddin", "Virtanen", "Weber", "Yilmaz", "Zhou",
    ]

    static let bioSentences = [
        "Chasing light and *waterfalls*.",
        "Coffee first, photos second.",
        "Weekend hiker, weekday café regular.",
        "Film is not dead.",
        "Mostly clouds, sometimes water.",
        "My motto: \"more light\".",
        "Shooting on a phone since 2012.",
        "Prints and stories at [example.org](https://example.org/).",
        "Cats, coffee and **golden hour**.",
        "Sorting photos in C:\\photos\\2024 since forever.",
        "Rivers, bridges & old trains.",
        "Slow walks, _fast_ shutters.",
    ]

    static let nouns = [
        "water", "waterfall", "light", "river", "mountain", "coffee", "street", "bridge", "sunset",
        "clouds", "rain", "forest", "lake", "beach", "view", "trail", "harbor", "garden", "snow",
        "sky", "market", "train", "window", "dog", "cat", "bike", "pier", "fog", "tide", "lighthouse",
    ]

    static let places = [
        "café", "lake", "old town", "harbor", "station", "park", "coast", "valley", "rooftop",
        "market", "waterfall", "beach", "island", "museum", "bakery",
    ]

    static let adjectives = [
        "*great*", "golden", "quiet", "blue", "green", "bright", "wild", "warm", "cold", "misty",
        "**lovely**", "calm", "stormy", "soft", "early",
    ]

    static let prepositions = ["over", "near", "by", "under", "behind", "above", "beside", "across"]

    static let moments = ["This morning", "Last night", "Yesterday", "Sunday", "Today", "At dawn", "After the rain"]

    static let exclamations = ["Love this!", "Wow.", "So good!", "Amazing.", "Beautiful!", "Yes!", "Stunning.", "Ha!"]
}
