// The malformed corpus (Tests/Fixtures/malformed): every bad file gets its one clear
// `file:line:column: message` and exit code 1, and a good position in the same batch is still
// solved.

import Foundation
import Testing

private struct Expectation {
    var file: String
    var location: String
    var message: String
}

private func expectations(in folder: URL) throws -> [Expectation] {
    let text = try String(contentsOf: folder.appendingPathComponent("EXPECTED.txt"), encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return Expectation(file: fields[0], location: fields[1], message: fields[2])
    }
}

@Test func everyMalformedFileGetsOneLocatedMessageAndTheBatchGoesOn() throws {
    let folder = packageRoot.appendingPathComponent("Tests/Fixtures/malformed")
    let expected = try expectations(in: folder)
    // The corpus and its expectations list the same files.
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "EXPECTED.txt" }
    #expect(Set(files) == Set(expected.map(\.file)))

    let out = temporaryDirectory()
    let good = packageRoot.appendingPathComponent("Puzzles/peg/tour/english.peg").path
    let (code, stdout, stderr) = try perfectplay(["solve", "--out", out, folder.path, good])
    #expect(code == 1)
    let errorLines = stderr.split(separator: "\n").map(String.init)
    for e in expected {
        let prefix = folder.appendingPathComponent(e.file).path + ":" + e.location
        let lines = errorLines.filter { $0.hasPrefix(folder.appendingPathComponent(e.file).path + ":") }
        #expect(lines.count == 1, "\(e.file): \(lines.count) messages")
        #expect(lines.first.map { $0.hasPrefix(prefix) && $0.contains(e.message) } == true,
                "\(e.file): wanted \(e.location) '\(e.message)', got \(lines.first ?? "nothing")")
    }
    // The good position was solved all the same.
    #expect(stdout.contains("English central game: solved"))
}
