import Testing

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
}
