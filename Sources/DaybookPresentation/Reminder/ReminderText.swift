import DaybookCore

/// The reminder as plain text (the e-mail's text part, `remind --dry-run`) and as HTML (the
/// e-mail's HTML part). Both say the same lines; the HTML adds the thumbnails.
extension Reminder {
    /// The entries listed under a year; a day of a hundred photos says how many more.
    static let linesPerYear = 10

    static func more(_ year: Year) -> String? {
        let more = year.entries.count - linesPerYear
        return more > 0 ? "and \(more) more" : nil
    }

    /// "On this day, 29 November" and each year under its heading, then the link.
    package var plainText: String {
        var lines = [kind == .onThisDay ? "On this day, \(dayTitle)" : "A memory from \(dayTitle)", ""]
        for year in years {
            lines.append("\(year.heading) (\(year.year))")
            lines += year.entries.prefix(Self.linesPerYear).map { "  " + $0.summary }
            if let more = Self.more(year) { lines.append("  " + more) }
            lines.append("")
        }
        if let link { lines.append("See the day in your journal: \(link)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line a year, for a notification (the desktop's, a pushed one): "3 years ago, in
    /// Lisbon: 2 photos, 1 video".
    package var notificationText: String {
        years.map { year in
            let counts = [MediaKind.photo, .video, .text].compactMap { kind -> String? in
                let count = year.entries.filter { $0.media == kind }.count
                return count == 0 ? nil : "\(count) \(kind.rawValue)\(count == 1 ? "" : "s")"
            }
            return "\(year.heading): \(counts.joined(separator: ", "))"
        }.joined(separator: "\n")
    }

    /// A small HTML document; every word from the journal is escaped. `source` gives each
    /// picture's `src` (a `cid:` URL in the e-mail); pictures without one are left out.
    package func html(source: (Picture) -> String?) -> String {
        let title = kind == .onThisDay ? "On this day, \(dayTitle)" : "A memory from \(dayTitle)"
        var html = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(Self.escaped(subject))</title></head>
            <body style="font-family: sans-serif; max-width: 40em;">
            <h1 style="font-size: 1.3em;">\(Self.escaped(title))</h1>

            """
        let shown = pictures.compactMap { picture in source(picture).map { (picture, $0) } }
        if !shown.isEmpty {
            html += "<p>"
            for (picture, src) in shown {
                html +=
                    "<img src=\"\(Self.escaped(src))\" alt=\"\(Self.escaped(picture.alt))\" height=\"160\" style=\"margin: 0 4px 4px 0;\">"
            }
            html += "</p>\n"
        }
        for year in years {
            html += "<h2 style=\"font-size: 1.1em;\">\(Self.escaped(year.heading)) (\(year.year))</h2>\n<ul>\n"
            for line in year.entries.prefix(Self.linesPerYear) { html += "<li>\(Self.escaped(line.summary))</li>\n" }
            if let more = Self.more(year) { html += "<li>\(more)</li>\n" }
            html += "</ul>\n"
        }
        if let link {
            html += "<p><a href=\"\(Self.escaped(link))\">See the day in your journal</a></p>\n"
        }
        return html + "</body></html>\n"
    }

    /// Text as HTML that shows exactly that text: the five characters that could open markup
    /// or end an attribute, as entities.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
