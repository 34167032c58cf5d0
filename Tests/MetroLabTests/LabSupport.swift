import Foundation
import MetroLab
import MetroModel

/// The repository root, found from this file's path (Tests/MetroLabTests/LabSupport.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The two worlds of the lab (interpolated and range headways) from the repository's data, loaded once.
let labWorlds: [World] = try! LabCommand.worlds(dataDirectory: repositoryRoot + "/Data")
