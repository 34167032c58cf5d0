import Foundation
import MetroModel
import Testing
@testable import MetroCLI

/// `metrotimer networks`: the network files in the folder of the one in use.
@Suite struct NetworksCommandTests {
    @Test func everyNetworkBesideTheOneInUseIsListedAndAFaultyOneSaysWhy() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("metrotimer-networks-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let kyiv = folder.appendingPathComponent("kyiv-metro.json").path
        try FileManager.default.copyItem(atPath: dataPath, toPath: kyiv)
        // Kyiv's network in schema 2, as an imported one would be installed beside it.
        let imported = GeneralNetworkFile(network: try Network.load(json: Array(try Data(contentsOf: URL(fileURLWithPath: dataPath)))))
        try JSONEncoder().encode(imported).write(to: folder.appendingPathComponent("kyiv-2.json"))
        try Data("{\"schema\": 2}".utf8).write(to: folder.appendingPathComponent("half.json"))
        try Data("{\"world\": []}".utf8).write(to: folder.appendingPathComponent("other-data.json"))

        let r = run(["networks", "--data", kyiv])
        #expect(r.code == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "Networks in \(folder.path) (the one in use marked *):")
        #expect(lines.contains { $0.hasPrefix("  half.json ") && $0.hasSuffix("not a network: network data: about: missing") }, "\(r.out)")
        #expect(lines.contains { $0.hasPrefix("  kyiv-2.json ") && $0.contains("'Kyiv Metro', schema 2, 3 lines, 52 stations, Europe/Kyiv") }, "\(r.out)")
        #expect(lines.contains { $0.hasPrefix("* kyiv-metro.json ") && $0.contains("schema 1, 3 lines, 52 stations, Europe/Kyiv") }, "\(r.out)")
        // A JSON file that names no schema is other data, not a network.
        #expect(!r.out.contains("other-data.json"))

        let json = run(["networks", "--json", "--data", kyiv])
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8))
        let document = try #require(object as? [String: Any])
        #expect(document["in_use"] as? String == kyiv)
        let files = (document["networks"] as? [[String: Any]])?.compactMap { $0["file"] as? String }
        #expect(files == ["half.json", "kyiv-2.json", "kyiv-metro.json"])

        let uk = run(["networks", "--data", kyiv, "--lang", "uk"])
        #expect(uk.out.contains("'Kyiv Metro', схема 2, 3 лінії, 52 станції, Europe/Kyiv"), "\(uk.out)")
        let extra = run(["networks", "extra", "--data", kyiv])
        #expect(extra.code == 64)
        #expect(extra.err.contains("takes no arguments, got: extra"))
        let missing = run(["networks", "--data", folder.appendingPathComponent("none.json").path])
        #expect(missing.code == 66, "\(missing.err)")
    }
}
