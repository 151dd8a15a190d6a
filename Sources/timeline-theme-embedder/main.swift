import Foundation

// Writes the files below a theme folder as a Swift source for `BuiltInTheme`: each file's
// relative path with its bytes, as a string literal when they are UTF-8 text and as Base64
// otherwise. Hidden files are left out. Usage: timeline-theme-embedder THEME-FOLDER OUTPUT.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: timeline-theme-embedder THEME-FOLDER OUTPUT.swift\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: arguments[1], isDirectory: true).standardizedFileURL
let output = URL(fileURLWithPath: arguments[2])

func relativePaths(below folder: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    var paths: [String] = []
    for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        let full = url.standardizedFileURL.path
        paths.append(String(full.dropFirst(folder.path.count + 1)))
    }
    return paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
}

/// A Swift string literal whose value is exactly `text`.
func literal(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

var source = """
    // Generated from Templates/ by timeline-theme-embedder (Plugins/EmbedBuiltInTheme) at build time.

    extension BuiltInTheme {
        static let embeddedFiles: [(path: String, content: EmbeddedContent)] = [

    """
for path in relativePaths(below: folder) {
    guard let data = FileManager.default.contents(atPath: folder.path + "/" + path) else {
        FileHandle.standardError.write(Data("timeline-theme-embedder: cannot read \(folder.path)/\(path)\n".utf8))
        exit(1)
    }
    if let text = String(data: data, encoding: .utf8), Data(text.utf8) == data {
        source += "        (\(literal(path)), .text(\(literal(text)))),\n"
    } else {
        source += "        (\(literal(path)), .base64(\(literal(data.base64EncodedString())))),\n"
    }
}
source += "    ]\n}\n"
do {
    try Data(source.utf8).write(to: output, options: .atomic)
} catch {
    FileHandle.standardError.write(Data("timeline-theme-embedder: cannot write \(output.path): \(error)\n".utf8))
    exit(1)
}
