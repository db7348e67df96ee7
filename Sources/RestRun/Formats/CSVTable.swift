/// CSV as RFC 4180 writes it: fields separated by commas, rows by CRLF or LF, a field in double
/// quotes may hold commas, line breaks and `""` for a quote. Written here rather than taken from
/// a CSV package because the ones available pull in the whole of Foundation.
package enum CSVTable {
    /// Why a CSV text cannot be read, and on which line.
    package struct CSVError: Error {
        package var message: String
        package var line: Int
    }

    /// The rows of `text`, each a list of fields; a blank last line is no row.
    package static func rows(_ text: String) throws(CSVError) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var line = 1
        var quoted = false
        var fieldStarted = false
        var scalars = text.unicodeScalars.makeIterator()
        // A byte-order mark (spreadsheets write one) is not part of the first field's name.
        var first = scalars.next()
        if first == "\u{FEFF}" { first = scalars.next() }
        var pending: Unicode.Scalar? = first
        func next() -> Unicode.Scalar? {
            if let scalar = pending { pending = nil; return scalar }
            return scalars.next()
        }
        while let scalar = next() {
            if quoted {
                if scalar == "\"" {
                    let following = next()
                    if following == "\"" { field.unicodeScalars.append("\"") } else { quoted = false; pending = following }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard field.isEmpty, !fieldStarted else {
                    throw CSVError(message: "a quote inside an unquoted field (quote the whole field, and double the quote)", line: line)
                }
                quoted = true
                fieldStarted = true
            case ",":
                row.append(field)
                field = ""
                fieldStarted = false
            case "\r":
                continue
            case "\n":
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                fieldStarted = false
                line += 1
            default:
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        if quoted { throw CSVError(message: "a quoted field is not closed", line: line) }
        if fieldStarted || !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
