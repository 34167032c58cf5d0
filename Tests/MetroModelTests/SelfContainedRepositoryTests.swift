import Foundation
import Testing

/// The repository stands alone: nothing in it refers to a file outside it (a specification or shared data
/// beside the clone), every relative link in the docs resolves inside it, and every "model §N" cited exists in
/// docs/model.md.
@Suite struct SelfContainedRepositoryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().standardizedFileURL

    /// Every text file of the repository (not the build tree, git's own files or the test caches).
    static func textFiles() -> [(path: String, text: String)] {
        let skipped = [".build", ".git", ".swiftpm", "Tests/gpio-sim/cache", "Tests/gpio-sim/out"]
        var files: [(String, String)] = []
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        for case let url as URL in walker {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            if skipped.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) {
                walker.skipDescendants()
                continue
            }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                  let data = try? Data(contentsOf: url), data.count < 4_000_000, !data.contains(0),
                  let text = String(data: data, encoding: .utf8) else { continue }
            files.append((relative, text))
        }
        return files
    }

    @Test func nothingRefersOutsideTheRepository() {
        let files = Self.textFiles()
        #expect(files.count > 100, "found only \(files.count) files under \(Self.root.path)")
        var problems: [String] = []
        // This file names what it looks for; it is the one place allowed to.
        let me = "Tests/MetroModelTests/SelfContainedRepositoryTests.swift"
        for (path, text) in files where path != me {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.contains("SPEC") { problems.append("\(path):\(number + 1): cites a specification outside the repository: \(line)") }
                if line.contains("shared/") { problems.append("\(path):\(number + 1): names a shared folder beside the repository: \(line)") }
                if line.contains("../shared") { problems.append("\(path):\(number + 1): \(line)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Relative Markdown links resolve to a file inside the repository.
    @Test func documentLinksStayInside() {
        var problems: [String] = []
        for (path, text) in Self.textFiles() where path.hasSuffix(".md") {
            let directory = Self.root.appendingPathComponent(path).deletingLastPathComponent()
            for match in text.matches(of: /\]\(([^)#\s]+)(#[^)]*)?\)/) {
                let target = String(match.1)
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                let resolved = directory.appendingPathComponent(target).standardizedFileURL.path
                if !resolved.hasPrefix(Self.root.path + "/") {
                    problems.append("\(path): link \(target) leaves the repository")
                } else if !FileManager.default.fileExists(atPath: resolved) {
                    problems.append("\(path): link \(target) points at nothing")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Every "model §N" (or §N.M) cited anywhere is a section of docs/model.md, and the rules hold every section.
    @Test func citedModelSectionsExist() throws {
        let model = try String(contentsOf: Self.root.appendingPathComponent("docs/model.md"), encoding: .utf8)
        let sections = Set(model.matches(of: #/(?m)^#{2,3} §(\d+(?:\.\d+)?) /#).map { String($0.1) })
        for required in ["0", "1", "2", "3", "3.1", "3.2", "4", "5", "5.1", "5.2", "5.3", "5.4", "6", "6.1", "6.2", "6.3",
                         "7", "8", "9", "10", "11", "12", "12.1", "12.2", "12.3", "12.4", "13"] {
            #expect(sections.contains(required), "docs/model.md has no section §\(required)")
        }
        var problems: [String] = []
        for (path, text) in Self.textFiles() {
            for match in text.matches(of: /model §(\d+(?:\.\d+)?)/) where !sections.contains(String(match.1)) {
                problems.append("\(path): cites model §\(match.1), which docs/model.md does not have")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
