// Interrupting a batch: Ctrl-C (SIGINT) keeps what is finished and exits 130; SIGKILL at any
// moment loses nothing finished, and --resume completes the run with each position once; a
// terminal that went away or a closed standard error changes none of that.
// The batch: the FFO endgames #1-#19 (Reversi), analyzed with one thread.

import Foundation
import Testing

/// A batch of `copies` copies of FFO #1-#19 in a fresh folder.
private func reversiBatch(copies: Int) throws -> (folder: String, positions: Int) {
    let dir = temporaryDirectory()
    let source = packageRoot.appendingPathComponent("Puzzles/reversi/tour/fforum-1-19.obf").path
    let text = try String(contentsOfFile: source, encoding: .utf8)
    let positions = text.split(separator: "\n").filter { !$0.hasPrefix("%") && !$0.hasPrefix("#") && !$0.isEmpty }.count
    for i in 0..<copies { try text.write(toFile: "\(dir)/batch-\(i).obf", atomically: true, encoding: .utf8) }
    return (dir, positions * copies)
}

private func lines(_ path: String) -> [String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map(String.init)
}

private func startBatch(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = executableURL
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// Waits until `count` records in the folder's results, or the process ends.
private func waitForRecords(_ paths: [String], count: Int, process: Process) {
    let deadline = Date().addingTimeInterval(300)
    while process.isRunning, Date() < deadline, paths.map({ lines($0).count }).reduce(0, +) < count {
        Thread.sleep(forTimeInterval: 0.02)
    }
}

@Test func ctrlCKeepsFinishedPositionsAndExits130() throws {
    let (dir, total) = try reversiBatch(copies: 4)
    let out = dir + "/Reports"
    let process = try startBatch(["analyze", "--threads", "1", "--quiet", "--out", out, dir])
    let results = (0..<4).map { "\(out)/batch-\($0)/results.jsonl" }
    waitForRecords(results, count: 3, process: process)
    #expect(process.isRunning, "the batch ended before it could be interrupted")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    let written = results.flatMap(lines)
    #expect(written.count >= 3 && written.count < total)
    // Every line is a whole record; all but possibly the interrupted one are solved.
    let statuses = written.map { line -> String in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["status"] as? String ?? "torn"
    }
    #expect(!statuses.contains("torn"))
    #expect(statuses.dropLast().allSatisfy { $0 == "solved" })
}

@Test func sigkillThenResumeCompletesTheRunWithEachPositionOnce() throws {
    let (dir, total) = try reversiBatch(copies: 2)
    let out = dir + "/Reports"
    let results = (0..<2).map { "\(out)/batch-\($0)/results.jsonl" }
    let process = try startBatch(["analyze", "--threads", "1", "--quiet", "--out", out, dir])
    waitForRecords(results, count: 5, process: process)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let before = results.flatMap(lines).count
    #expect(before < total)
    let (code, _, _) = try perfectplay(["analyze", "--threads", "1", "--quiet", "--resume", "--out", out, dir])
    #expect(code == 0)
    var sources: [String] = []
    for line in results.flatMap(lines) {
        let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(record?["status"] as? String == "solved")
        sources.append(record?["source"] as? String ?? "")
    }
    #expect(sources.count == total)
    #expect(Set(sources).count == total)
}

#if os(Linux)
@Test func ctrlCAfterTheTerminalWentAwayStillEndsCleanly() throws {
    // Progress goes to a terminal, which is closed; then Ctrl-C. Writing to the dead terminal
    // fails (EIO): that must not trap (it used to end the run with SIGILL).
    let (dir, _) = try reversiBatch(copies: 40)
    let out = dir + "/Reports"
    // A pseudo-terminal by hand (posix_openpt is not in the Glibc module): unlock, number.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    try #require(master >= 0)
    var unlock: Int32 = 0, number: UInt32 = 0
    try #require(ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0)
    try #require(ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0)
    let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    try #require(slave >= 0)
    let process = Process()
    process.executableURL = executableURL
    process.arguments = ["analyze", "--threads", "1", "--out", out, dir]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
    try process.run()
    let results = (0..<4).map { "\(out)/batch-\($0)/results.jsonl" }
    waitForRecords(results, count: 2, process: process)
    close(master)
    Thread.sleep(forTimeInterval: 0.1)
    #expect(process.isRunning, "the batch ended before it could be interrupted")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130)
}
#endif

@Test func aClosedStandardErrorNeverWritesIntoTheResults() throws {
    // Started with `2>&-`: the results file must not take descriptor 2 and receive the
    // error messages meant for the terminal.
    let dir = temporaryDirectory()
    try "XO\n".write(toFile: dir + "/bad.obf", atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec \"$0\" solve --out \"$1\" \"$2\" 2>&-", executableURL.path, dir + "/Reports", dir + "/bad.obf"]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    let written = lines(dir + "/Reports/bad/results.jsonl")
    #expect(written.count == 1)
    #expect(written.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
}
