/// `1 post`, `2 posts`: a number with its noun, for messages and labels.
package func counted(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
}
