import FoundationEssentials

/// Why a network data file was refused, in both languages (model §10). The message names the offending entry.
///
/// The English is what the log and the scripts that grep it read; the Ukrainian says the same in the rider's
/// language, with ids, field names and numbers as the file has them.
public struct NetworkDataError: Error, Equatable, CustomStringConvertible {
    /// The reason in both languages, each beginning "network data:" / "дані мережі:".
    public let phrase: Phrase
    public init(_ phrase: Phrase) { self.phrase = phrase }
    /// A refusal worded in both languages; the prefix naming the network data is added here.
    public init(uk: String, en: String) { self.init(Phrase(uk: "дані мережі: \(uk)", en: "network data: \(en)")) }
    /// The English message, as logged.
    public var message: String { phrase.en }
    /// The same message in Ukrainian.
    public var ukrainian: String { phrase.uk }
    public var description: String { message }
}

/// Plausibility limits for the data file (model §1: "negative or absurd" values are refused).
public enum NetworkLimits {
    /// Seed running time between adjacent stations, seconds.
    public static let running = 30...900
    /// Seed dwell, seconds.
    public static let dwell = 0...600
    /// Walking time of a transfer, seconds.
    public static let walk = 1...900
    /// A headway, seconds.
    public static let headway = 30...3600
    /// Service-hour times, seconds after local midnight of the service day (a service day ends at 04:00 next day).
    public static let serviceTime = 0...(28 * 3600)
    /// Surface stations must be at least this far apart, or a GPS fix could snap to the wrong one.
    public static let minimumSurfaceSpacingMeters = 800.0
    /// A generous box around Kyiv; a coordinate outside it is a typo.
    public static let latitude = 50.2...50.7
    public static let longitude = 30.2...30.9
}

extension Network {
    /// Decodes and validates a network file; throws `NetworkDataError` naming the first offending entry.
    public static func load(json bytes: [UInt8]) throws(NetworkDataError) -> Network {
        // A schema 2 file (any metro, from `metrotimer import-gtfs`) is a different shape: say so, rather than name
        // the first schema 1 field it lacks.
        if GeneralNetwork.declaredSchema(of: bytes) == 2 {
            throw NetworkDataError(uk: "це мережа схеми 2 (з фіду GTFS, metrotimer import-gtfs); її читають служба, metrotimer plan, stations і networks, а тут потрібна мережа схеми 1, як-от київська",
                                   en: "this is a schema 2 network (from a GTFS feed, metrotimer import-gtfs); the daemon, metrotimer plan, stations and networks read it, but this needs a schema 1 network such as Kyiv's")
        }
        return try validate(try decodeNetworkFile(NetworkFile.self, from: bytes))
    }

    static func validate(_ file: NetworkFile) throws(NetworkDataError) -> Network {
        try NetworkValidation.checkSchemaAndDefaults(file)
        let lines = try NetworkValidation.lines(file.lines)
        let stations = try NetworkValidation.stations(file.stations, on: lines)
        try NetworkValidation.checkSurfaceSpacing(stations)
        let seeds = try NetworkValidation.segments(file.segments, on: lines, stations: stations)
        let transfers = try NetworkValidation.transfers(file.transfers, on: lines, stations: stations)
        let headways = try NetworkValidation.headways(file.headways, on: lines)
        let service = try NetworkValidation.serviceHours(file.service_hours, stations: stations)
        return Network(
            lines: lines.lines, stations: stations.byID, stationOrder: stations.order, seeds: seeds, transfers: transfers,
            defaultRunningSeconds: file.defaults.running_s, defaultDwellSeconds: file.defaults.dwell_s,
            attribution: DataAttribution(timetable: file.attribution.timetable,
                                         coordinates: file.attribution.coordinates,
                                         networkAsOf: file.attribution.network_as_of),
            headways: headways, serviceHours: service, lineIndex: lines.lineIndex, positions: lines.positions)
    }
}

/// A network file's JSON decoded into its transport shape, or the reason it is refused: where the text stops being
/// JSON, nesting beyond `JSONNesting.maximumDepth`, a name given twice in one object (a decoder keeps one of two
/// equal names and drops the other without a word; the control protocol refuses such a request, and the data file
/// is refused the same way), or the decoder's path and reason.
///
/// The file is read through `JSONTape`, not Foundation's decoder: it is read at every start of the daemon and of
/// each command, and the tape reads New York's imported network several times faster (docs/performance.md).
func decodeNetworkFile<File: Decodable>(_ type: File.Type, from bytes: [UInt8]) throws(NetworkDataError) -> File {
    do {
        return try JSONTapeDecoder.decode(File.self, from: bytes)
    } catch let failure as JSONTape.Failure {
        let reason = failure.phrase(in: bytes)
        throw NetworkDataError(uk: reason.uk, en: reason.en)
    } catch let error as DecodingError {
        let reason = describe(error)
        throw NetworkDataError(uk: reason.uk, en: reason.en)
    } catch {
        throw NetworkDataError(uk: "не коректний JSON", en: "not valid JSON (\(error))")
    }
}

/// Whether `text` is an id as the data file must spell one: lowercase ASCII letters, digits and hyphens.
func isSlug(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
}

/// A decoding error as a path and a reason: `stations[3].lat: expected Double` /
/// `'stations[3].lat': має бути число`.
///
/// The English keeps the decoder's own words, as logged. The Ukrainian names the kind of value the file should
/// have held in its own words; the decoder's English explanation is not repeated in it.
func describe(_ error: DecodingError) -> Phrase {
    func path(_ codingPath: [any CodingKey]) -> Phrase {
        var out = ""
        for key in codingPath {
            if let index = key.intValue { out += "[\(index)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
        }
        // The Ukrainian quotes the path: it is the file's own field names, not words of the sentence.
        return out.isEmpty ? Phrase(uk: "увесь файл", en: "top level") : Phrase(uk: "'\(out)'", en: out)
    }
    switch error {
    case .typeMismatch(let type, let context):
        let at = path(context.codingPath)
        return Phrase(uk: "\(at.uk): має бути \(ukrainianKind(of: type))", en: "\(at.en): expected \(type)")
    case .valueNotFound(let type, let context):
        let at = path(context.codingPath)
        return Phrase(uk: "\(at.uk): бракує значення (має бути \(ukrainianKind(of: type)))", en: "\(at.en): missing \(type) value")
    case .keyNotFound(let key, let context):
        let at = path(context.codingPath + [key])
        return Phrase(uk: "\(at.uk): бракує", en: "\(at.en): missing")
    case .dataCorrupted(let context):
        let at = path(context.codingPath)
        // The decoder says "not valid JSON" for text that does not parse at all, and names other values it
        // could not read; it gives no position for either.
        let uk = context.codingPath.isEmpty ? "не коректний JSON" : "значення не розпізнано"
        return Phrase(uk: "\(at.uk): \(uk)", en: "\(at.en): \(context.debugDescription)")
    @unknown default:
        return Phrase(uk: "файл не розібрано", en: "\(error)")
    }
}

/// What a Swift type the file is decoded into holds, as a rider writing the file would name it.
private func ukrainianKind(of type: Any.Type) -> String {
    let name = String(describing: type)
    if name.hasPrefix("Array") { return "масив" }
    if name.hasPrefix("Dictionary") || name.contains("Keyed") { return "обʼєкт" }
    switch name {
    case "String": return "рядок"
    case "Bool": return "true або false"
    case "Int", "Int32", "Int64", "UInt", "UInt32", "UInt64": return "ціле число"
    case "Double", "Float": return "число"
    default: return "значення іншого виду"
    }
}
