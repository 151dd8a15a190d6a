import Foundation
import TimelineModel

/// The time zones a site may name (the IANA names the system's time zone database knows), for
/// the message when `site.json` names one it does not know.
package enum TimeZoneNames {
    package static func unknown(_ name: String) -> String {
        let known = TimeZone.knownTimeZoneIdentifiers.sorted()
        var message = "timeZone must be an IANA time zone name such as 'America/Los_Angeles', 'Europe/Lisbon' or 'UTC', found '\(name)'"
        if let closest = Suggestion.closest(to: name, among: known) { message += "; did you mean '\(closest)'?" }
        let region = name.split(separator: "/").first.map(String.init) ?? ""
        let inRegion = known.filter { $0.hasPrefix(region + "/") }
        if !region.isEmpty, !inRegion.isEmpty {
            message += " The names in \(region): " + inRegion.joined(separator: ", ")
        } else {
            let regions = Set(known.compactMap { $0.contains("/") ? $0.split(separator: "/").first.map(String.init) : nil }).sorted()
            message += " The regions: " + regions.joined(separator: ", ") + ", and UTC"
        }
        return message
    }
}
