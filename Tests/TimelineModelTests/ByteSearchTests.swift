import Testing
import TimelineSystem

@testable import TimelineModel

@Suite("Byte search")
struct ByteSearchTests {
    @Test(
        "finds a run of bytes anywhere: at the start, after a false start, at the very end; not past the end, not in an empty array",
        arguments: [
            ("anan7566", "anan7566", true), ("\"username\": \"anan7566\"}", "anan7566", true), ("ananan7566", "anan7566", true),
            ("x anan756", "anan7566", false), ("anan756", "anan7566", false), ("", "a", false), ("abc", "", true), ("abcabd", "abd", true),
            ("bob, bobby", "bobb", true), ("bo", "bob", false),
        ])
    func contains(haystack: String, needle: String, expected: Bool) {
        #expect(Array(haystack.utf8).contains(bytes: Array(needle.utf8)) == expected)
    }

    @Test(
        "finds a marker followed by a run in any ASCII case: at the start, after a false start, at the very end; not the run alone, not cut short",
        arguments: [
            ("@hansolo", true), ("thanks @HanSolo!", true), ("@han @HANSOLO", true), ("a@hansolo", true), ("hansolo", false),
            ("@hansol", false), ("@ hansolo", false), ("", false), ("@", false),
        ])
    func containsIgnoringCase(haystack: String, expected: Bool) {
        #expect(Array(haystack.utf8).contains(Array("hansolo".utf8), ignoringASCIICaseAfter: UInt8(ascii: "@")) == expected)
    }

    @Test("strings sort by their UTF-8 bytes: common prefixes, a prefix before a longer string, bytes above 0x7F, and strings of any length")
    func utf8Order() {
        let strings = [
            "", "a", "ab", "abc", "abd", "b", "Z", "posts/-K3d5SS4ZpLjcbBJ5UIt", "posts/-K3d5SS4ZpLjcbBJ5UIt/post.md", "posts/-K3d5SS4ZpLjcbBJ5UIu",
            "café", "cafe\u{301}", "caf\u{10FFFF}", "naïve", String(repeating: "x", count: 40), String(repeating: "x", count: 40) + "y", "😀", "\u{7F}",
        ]
        for left in strings {
            for right in strings {
                #expect(left.utf8Precedes(right) == left.utf8.lexicographicallyPrecedes(right.utf8), "\(left) < \(right)")
            }
        }
    }

    @Test("finds a wanted byte at any place of a string of any length, through the word-at-a-time scan, and none where there is none")
    func wordScan() {
        let html: (UInt8) -> Bool = { "&<>\"'".utf8.contains($0) }
        let htmlWords: (UInt64) -> Bool = { word in "&<>\"'".utf8.contains { ByteWord.contains($0, in: word) } }
        let control: (UInt8) -> Bool = { $0 == 0xEF || ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) }
        let controlWords: (UInt64) -> Bool = { ByteWord.contains(0xEF, in: $0) || ByteWord.containsByte(below: 0x20, in: $0) }
        for length in 0..<34 {
            let plain = String(repeating: "é\tb\n", count: length / 4) + String(repeating: "c", count: length % 4)
            #expect(!plain.containsUTF8Byte(flagging: htmlWords, where: html))
            #expect(!plain.containsUTF8Byte(flagging: controlWords, where: control))
            for position in 0...plain.count {
                for inserted in ["<", "'", "&"] {
                    var text = plain
                    text.insert(contentsOf: inserted, at: text.index(text.startIndex, offsetBy: position))
                    #expect(text.containsUTF8Byte(flagging: htmlWords, where: html), "\(text)")
                }
                for inserted in ["\u{1}", "\u{FFFE}", "\u{1F}"] {
                    var text = plain
                    text.insert(contentsOf: inserted, at: text.index(text.startIndex, offsetBy: position))
                    #expect(text.containsUTF8Byte(flagging: controlWords, where: control), "\(text.debugDescription)")
                }
            }
        }
    }
}
