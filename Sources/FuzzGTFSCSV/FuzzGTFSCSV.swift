import FuzzSupport
import MetroGTFS

/// Fuzz target for the GTFS CSV reader: the input is one GTFS file (`stops.txt`), read to its end by `CSVReader`
/// as an import would read it, once with the standard limits and once with tiny ones so the length refusals are
/// reached by inputs of fuzzing size. Beyond "no crash", every input must give rows or an error that points
/// into the file: a line that exists, a field from 1 on.
func exerciseGTFSCSV(_ bytes: [UInt8]) {
    let lines = 1 + bytes.lazy.filter { $0 == 0x0A }.count
    readToEnd(bytes, limits: .standard, lines: lines)
    readToEnd(bytes, limits: CSVLimits(maximumFieldBytes: 16, maximumRowBytes: 64), lines: lines)
}

private func readToEnd(_ bytes: [UInt8], limits: CSVLimits, lines: Int) {
    do throws(CSVReadError) {
        var reader = try CSVReader(fileName: "stops.txt", bytes: bytes, limits: limits)
        guard reader.header.count >= 1 else { fatalError("a header without a column") }
        var previousLine = 0
        while let row = try reader.next() {
            guard (1...reader.header.count).contains(row.fields.count) else {
                fatalError("a row of \(row.fields.count) fields under a header of \(reader.header.count)")
            }
            guard row.line > previousLine, row.line <= lines else {
                fatalError("row on line \(row.line) after line \(previousLine), in a file of \(lines) lines")
            }
            previousLine = row.line
        }
        guard try reader.next() == nil else { fatalError("a row after the end") }
    } catch {
        guard (1...lines).contains(error.line), error.column >= 1 else {
            fatalError("error outside the file (\(lines) lines): \(error)")
        }
        guard error.phrase.en.hasPrefix("stops.txt, line "), error.phrase.uk.hasPrefix("stops.txt, рядок ") else {
            fatalError("error without its place: \(error.phrase)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    exerciseGTFSCSV(FuzzInput.bytes(data, size))
    return 0
}

@main
struct GTFSCSVFuzzer {
    static func main() { FuzzMain.run(body: exerciseGTFSCSV, testOneInput: fuzzerTestOneInput) }
}
