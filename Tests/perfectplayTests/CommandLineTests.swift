// The executable as a user meets it: help, exit codes, usage errors.

import Foundation
import Testing

/// Runs the built perfectplay with `arguments`; returns (exit code, stdout, stderr).
func perfectplay(_ arguments: [String], in directory: String? = nil) throws -> (Int32, String, String) {
    let process = Process()
    process.executableURL = executableURL
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// The perfectplay binary beside the test bundle (.build/<config>/perfectplay).
let executableURL: URL = {
    var url = Bundle.main.bundleURL
    for _ in 0..<4 {
        let candidate = url.appendingPathComponent("perfectplay")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        url.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("perfectplay")
}()

/// The package root, found from this file's path.
let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// One directory per test process for the tests' scratch directories, removed when the process
/// exits (the runs write reports and bitmaps there: left behind, they pile up).
private let scratchRoot: String = {
    let root = NSTemporaryDirectory() + "perfectplay-cli-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: scratchRoot) }
    return root
}()

func temporaryDirectory() -> String {
    let path = scratchRoot + "/\(UInt64.random(in: 0...UInt64.max))"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Test func helpExplainsTheVerbs() throws {
    let (code, out, _) = try perfectplay(["--help"])
    #expect(code == 0)
    for verb in ["solve", "analyze", "count", "bench", "merge"] { #expect(out.contains("perfectplay \(verb)")) }
    let (solveCode, solveHelp, _) = try perfectplay(["solve", "--help"])
    #expect(solveCode == 0)
    #expect(solveHelp.contains("--time-limit") && solveHelp.contains("--jsonl"))
}

/// The suites a bench command names: an exact suite name is that suite alone, even where it is
/// the prefix of another's name; a game or a prefix is every suite under it.
@Test func benchNamesSelectSuites() throws {
    func listed(_ names: [String]) throws -> [String] {
        let (code, out, _) = try perfectplay(["bench"] + names + ["--help"])
        #expect(code == 0)
        return out.split(separator: "\n").compactMap { line in
            line.hasPrefix("  ") ? line.split(separator: " ").first.map(String.init) : nil
        }
    }
    #expect(try listed(["tsume-zukou"]) == ["tsume-zukou"])
    #expect(try listed(["tsume-zukou-mate"]) == ["tsume-zukou-mate"])
    let tsume = try listed(["tsume"])
    #expect(tsume.contains("tsume-zukou") && tsume.contains("tsume-zukou-mate") && tsume.contains("tsume-perft"))
    #expect(tsume.allSatisfy { $0.hasPrefix("tsume-") })
    #expect(try listed(["reversi-ffo40-49"]) == ["reversi-ffo40-49-t1", "reversi-ffo40-49-t2"])
    #expect(try perfectplay(["bench", "no-such-suite", "--help"]).0 == 2)
}

@Test func usageErrorsExitWithTwo() throws {
    #expect(try perfectplay(["solve"]).0 == 2)
    #expect(try perfectplay(["solve", "--bogus", "x"]).0 == 2)
    #expect(try perfectplay(["solve", "--threads", "zero", "x"]).0 == 2)
    #expect(try perfectplay(["frobnicate"]).0 == 2)
    #expect(try perfectplay([]).0 == 2)
}

@Test func missingFileIsReportedWithItsLocation() throws {
    let dir = temporaryDirectory()
    let (code, _, err) = try perfectplay(["solve", "--out", dir, "/nonexistent/none.peg"])
    #expect(code == 1)
    #expect(err.contains("/nonexistent/none.peg:1:1: no such file or directory"))
}

@Test func splitWithAOneLetterPrefixWritesItsUnits() throws {
    let folder = temporaryDirectory()
    let (code, _, stderr) = try perfectplay(["split", packageRoot.appendingPathComponent("Puzzles/quarto/tour/midgame.quarto").path,
                                             "--depth", "1", "--out", "u", "--quiet"], in: folder)
    #expect(code == 0, "\(stderr)")
    #expect(FileManager.default.fileExists(atPath: folder + "/u.quarto") && FileManager.default.fileExists(atPath: folder + "/u.tree.json"))
}
