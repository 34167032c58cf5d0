import FoundationEssentials

/// The on-disk schema of `Data/kyiv-metro.json` (schema 1), exactly as `scripts/make-network-data.py` writes it.
///
/// It is only a transport shape: `Network.load(json:)` validates it and builds the `Network` the model uses.
struct NetworkFile: Decodable {
    struct Attribution: Decodable {
        var timetable: String
        var coordinates: String
        var network_as_of: String
    }
    struct Defaults: Decodable {
        var running_s: Int
        var dwell_s: Int
    }
    struct LineRecord: Decodable {
        var id: String
        var uk: String
        var en: String
        var color: String
        var stations: [String]
    }
    struct StationRecord: Decodable {
        var id: String
        var line: String
        var uk: String
        var en: String
        var lat: Double
        var lon: Double
        var surface: Bool
        var closed: Bool
    }
    struct SegmentRecord: Decodable {
        var from: String
        var to: String
        var running_s: Int
        var dwell_s: Int
        var suspended: Bool
    }
    struct TransferRecord: Decodable {
        var a: String
        var b: String
        var walk_s: Int
        var measured: Bool
    }
    struct HeadwayRecord: Decodable {
        var line: String
        var hour: Int
        var day: String
        var forward: [Int]
        var backward: [Int]
    }
    struct ServicePair: Decodable {
        var first_s: Int?
        var last_s: Int?
    }
    struct ServiceRecord: Decodable {
        var station: String
        var forward: ServicePair?
        var backward: ServicePair?
    }

    var schema: Int
    var attribution: Attribution
    var defaults: Defaults
    var lines: [LineRecord]
    var stations: [StationRecord]
    var segments: [SegmentRecord]
    var transfers: [TransferRecord]
    var headways: [HeadwayRecord]
    var service_hours: [ServiceRecord]
}
