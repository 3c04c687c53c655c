import Foundation

/// The records of a weather CSV file, each with the line it came from.
///
/// Written here rather than taken from SwiftCSV or CSV.swift (both in the mirror): given an
/// unterminated quote, both take the rest of the file as one field without a word, neither
/// tells which line a record came from, neither knows comment lines, CSV.swift keeps a
/// UTF-8 BOM in the first column's name and accepts text after a closing quote, and
/// SwiftCSV pads a short row with empty fields. Each of those would turn a damaged file
/// into wrong or missing weather instead of an error naming its line. The format is one
/// record per line, so the reader is small: a line splits into fields, a field may be
/// quoted (`""` inside quotes is one quote), and a quote left open or followed by more
/// text is an error.
struct WeatherCSVReader {
    struct Record {
        /// 1-based line number in the file.
        let line: Int
        let fields: [String]
    }

    /// A longer line is refused: no weather row needs it, and a file without line breaks
    /// (the wrong file, a binary) should fail at once with its line rather than be split.
    static let maxLineBytes = 65_536

    let path: String

    /// Every record, blank lines and lines starting with `#` left out. Lines end with
    /// `\n`, `\r\n` or `\r`; a UTF-8 BOM at the start is skipped. The separator is `,`, or
    /// `;` when the first record (the header) has no comma.
    func records(_ data: Data) throws -> (separator: UInt8, records: [Record]) {
        var bytes = [UInt8](data)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var separator: UInt8?
        var records: [Record] = []
        var lineNumber = 0
        var start = bytes.startIndex
        while start < bytes.endIndex {
            lineNumber += 1
            var end = start
            while end < bytes.endIndex, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            let line = bytes[start..<end]
            start = end
            if start < bytes.endIndex {
                start += bytes[start] == 0x0D && start + 1 < bytes.endIndex && bytes[start + 1] == 0x0A ? 2 : 1
            }
            guard line.count <= Self.maxLineBytes else {
                throw error(lineNumber, "line is longer than \(Self.maxLineBytes) bytes")
            }
            let content = line.drop { $0 == 0x20 || $0 == 0x09 }
            if content.isEmpty || content.first == UInt8(ascii: "#") { continue }
            let chosen =
                separator ?? (line.contains(UInt8(ascii: ",")) || !line.contains(UInt8(ascii: ";")) ? UInt8(ascii: ",") : UInt8(ascii: ";"))
            separator = chosen
            records.append(Record(line: lineNumber, fields: try fields(of: line, separator: chosen, line: lineNumber)))
        }
        return (separator ?? UInt8(ascii: ","), records)
    }

    /// Splits one line. Spaces around a quoted field are allowed; after its closing quote
    /// only spaces may come before the separator.
    func fields(of line: ArraySlice<UInt8>, separator: UInt8, line number: Int) throws -> [String] {
        let quote = UInt8(ascii: "\"")
        var fields: [String] = []
        var index = line.startIndex
        while true {
            var field: [UInt8] = []
            var probe = index
            while probe < line.endIndex, line[probe] == 0x20 || line[probe] == 0x09 { probe += 1 }
            if probe < line.endIndex, line[probe] == quote {
                let opened = probe - line.startIndex + 1
                index = probe + 1
                var closed = false
                while index < line.endIndex {
                    if line[index] == quote {
                        if index + 1 < line.endIndex, line[index + 1] == quote { field.append(quote); index += 2; continue }
                        closed = true; index += 1; break
                    }
                    field.append(line[index]); index += 1
                }
                guard closed else { throw error(number, "unterminated quote (opened at column \(opened))") }
                while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
                guard index == line.endIndex || line[index] == separator else {
                    throw error(number, "text after the closing quote at column \(index - line.startIndex + 1)")
                }
            } else {
                // A quote inside an unquoted field (`5" of rain`) is taken as it is.
                while index < line.endIndex, line[index] != separator { field.append(line[index]); index += 1 }
            }
            guard let text = String(validating: field, as: UTF8.self) else {
                throw error(number, "field \(fields.count + 1) is not UTF-8 text")
            }
            fields.append(text)
            guard index < line.endIndex else { return fields }
            index += 1  // the separator
        }
    }

    private func error(_ line: Int, _ message: String) -> FileWeatherProvider.LoadError {
        FileWeatherProvider.LoadError(path: path, location: "\(line)", message: message)
    }
}

extension FileWeatherProvider {
    /// Rows of a CSV file: a header naming the columns (any order, any case; others ignored),
    /// then one field per column on every line.
    static func parseCSV(_ data: Data, path: String) throws -> [Row] {
        let (_, records) = try WeatherCSVReader(path: path).records(data)
        guard let header = records.first else {
            throw LoadError(path: path, location: nil, message: "empty CSV (no header row)")
        }
        let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for required in ["latitude", "longitude", "time"] where !columns.contains(required) {
            throw LoadError(path: path, location: "\(header.line)", message: "header has no \(required) column")
        }
        var rows: [Row] = []
        rows.reserveCapacity(records.count - 1)
        for record in records.dropFirst() {
            // A row with fewer or more fields than the header has lost or gained a
            // separator: its values would land in the wrong columns.
            guard record.fields.count == columns.count else {
                throw LoadError(
                    path: path, location: "\(record.line)",
                    message: "\(record.fields.count) fields for \(columns.count) columns")
            }
            var byName: [String: String] = [:]
            for (name, value) in zip(columns, record.fields) where byName[name] == nil { byName[name] = value }
            rows.append(
                try makeRow(
                    { name in
                        guard let value = byName[name], !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
                        return .text(value)
                    }, path: path, location: "\(record.line)"))
        }
        return rows
    }
}
