// `perfectplay usi` driven over pipes as a GUI drives it: the handshake, options, positions,
// `go mate` on published problems (tanuki-09-0001 and tanuki-11-0001, mate in 9 and 11; the
// start position, which has no mate), a malformed line and an unknown one, `go` answered with
// the mating move or `resign`, `go infinite` held until `stop`, `stop` during a long search
// (Microcosmos, whose first proof takes a minute), `isready` while it runs, and `quit`. Every
// answer line is checked; mating lines are replayed by the move generator.

import Foundation
import Testing
@testable import Shogi
import SolverKit

/// A running `perfectplay usi`, its answer lines collected as they come.
private final class EngineProcess: @unchecked Sendable {
    let process = Process()
    let input = Pipe(), output = Pipe()
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = ""
    private let arrived = DispatchSemaphore(value: 0)

    init() throws {
        process.executableURL = executableURL
        process.arguments = ["usi"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.partial += String(decoding: data, as: UTF8.self)
            while let newline = self.partial.firstIndex(of: "\n") {
                self.lines.append(String(self.partial[..<newline]))
                self.partial = String(self.partial[self.partial.index(after: newline)...])
                self.arrived.signal()
            }
            self.lock.unlock()
        }
        try process.run()
    }

    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// The next answer line; nil when none comes within `seconds` (a hang, not a timing check).
    func next(within seconds: Double = 120) -> String? {
        guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        lock.lock(); defer { lock.unlock() }
        return lines.removeFirst()
    }

    /// Lines up to and including the first one that starts with `prefix`.
    func until(_ prefix: String, within seconds: Double = 120) -> [String] {
        var out: [String] = []
        while let line = next(within: seconds) {
            out.append(line)
            if line.hasPrefix(prefix) { break }
        }
        return out
    }

    /// Lines that came so far and were not read.
    var pending: [String] { lock.lock(); defer { lock.unlock() }; return lines }
}

/// `info time <ms> nodes <n> nps <n> hashfull <0...1000>` (and `score mate N pv ...` after it).
private func isProgressLine(_ line: String) -> Bool {
    let t = line.split(separator: " ").map(String.init)
    guard t.count >= 9, t[0] == "info", t[1] == "time", t[3] == "nodes", t[5] == "nps", t[7] == "hashfull",
          Int(t[2]) != nil, UInt64(t[4]) != nil, UInt64(t[6]) != nil, let full = Int(t[8]), (0...1000).contains(full) else { return false }
    return t.count == 9 || (t[9] == "score" && t[10] == "mate" && t[12] == "pv")
}

private func tanuki(_ id: String) throws -> (sfen: String, length: Int) {
    let text = try String(contentsOf: packageRoot.appendingPathComponent("Puzzles/tsume/tour/tanuki_public.tsv"), encoding: .utf8)
    let row = try #require(text.split(separator: "\n").first { $0.hasPrefix(id + "\t") }).split(separator: "\t")
    return (String(row[2]), Int(row[1])!)
}

/// The moves mate from `sfen`: each legal, each attacker move a check, the end mate.
private func mates(_ moves: [String], from sfen: String) throws -> Bool {
    let p = try Position(sfen: Substring(sfen), at: SourceLocation(file: "test", line: 1))
    let line = moves.compactMap(Move.init(usi:))
    return line.count == moves.count && p.verifyMate(line) == nil
}

@Test func usiEngineWholeExchange() throws {
    let engine = try EngineProcess()
    engine.send("usi")
    #expect(engine.until("usiok") == ["id name PerfectPlay tsume", "id author the PerfectPlay authors",
                                      "option name USI_Hash type spin default 256 min 1 max 65536",
                                      "option name MateSearch type combo default shortest var shortest var first",
                                      "option name MateLength type combo default shortest var shortest var composer", "usiok"])
    engine.send("setoption name USI_Hash value 64")
    engine.send("setoption name USI_Ponder value false")       // a standard option GUIs send: accepted silently
    engine.send("setoption name Bogus value 1")
    #expect(engine.next() == "info string error: unknown option 'Bogus'")
    engine.send("isready")
    #expect(engine.next() == "readyok")
    engine.send("usinewgame")

    // a malformed line and an unknown one: an error each, and the engine goes on
    engine.send("position sfen 9/9/9 b")
    #expect(engine.next() == "info string error: position sfen needs board, side to move, hands and a move number")
    engine.send("frobnicate now")
    #expect(engine.next() == "info string error: unknown command 'frobnicate'")
    engine.send("position startpos moves 7g7f 3c3d 7f7e 7e7d 7d7c+")
    #expect(engine.next() == "info string error: position: move 4 '7e7d' is not legal")

    // go mate on published problems: a mating line of the published length
    for id in ["tanuki-09-0001", "tanuki-11-0001"] {
        let problem = try tanuki(id)
        engine.send("position sfen \(problem.sfen)")
        engine.send("go mate 60000")
        let answer = engine.until("checkmate")
        #expect(answer.dropLast(2).allSatisfy(isProgressLine), "\(answer)")
        #expect(answer.dropLast().last == "info string mate in \(problem.length) plies (shortest)")
        let moves = try #require(answer.last?.split(separator: " ").dropFirst().map(String.init))
        let mating = try mates(moves, from: problem.sfen)
        #expect(moves.count == problem.length && mating, "\(id): \(moves)")
    }

    // no mate from the start position; the first proof only, on request
    engine.send("position startpos")
    engine.send("go mate 10000")
    #expect(engine.until("checkmate").last == "checkmate nomate")
    let nine = try tanuki("tanuki-09-0001")
    engine.send("setoption name MateSearch value first")
    engine.send("position sfen \(nine.sfen)")
    engine.send("go mate infinite")
    let first = engine.until("checkmate")
    #expect(first.dropLast().last?.hasPrefix("info string mate in ") == true && first.dropLast().last?.hasSuffix(" plies (first proof)") == true)
    #expect(try mates(first.last!.split(separator: " ").dropFirst().map(String.init), from: nine.sfen))
    engine.send("setoption name MateSearch value shortest")

    // the composers' length on request: tanuki-05-0084 (published 5) is a composer mate in 3,
    // P*2b 2a3a 2c3b+ (after 2a1a instead, the bishop opens the lance on 1e and only futile drops
    // on 1b-1d remain; see TanukiFutileSampleTests), and that line ends in checkmate
    let five = try tanuki("tanuki-05-0084")
    engine.send("setoption name MateLength value composer")
    engine.send("position sfen \(five.sfen)")
    engine.send("go mate 60000")
    let composer = engine.until("checkmate")
    #expect(composer.dropLast().last == "info string mate in 3 plies (composers' main line)")
    #expect(composer.last == "checkmate P*2b 2a3a 2c3b+")
    engine.send("setoption name MateLength value sideways")
    #expect(engine.next() == "info string error: MateLength is 'shortest' or 'composer', found 'sideways'")
    engine.send("setoption name MateLength value shortest")
    engine.send("position sfen \(nine.sfen)")

    // a normal go: the mating move with its score, or resign
    engine.send("go btime 0 wtime 0 byoyomi 10000")
    let best = engine.until("bestmove")
    let info = try #require(best.dropLast().last)
    #expect(isProgressLine(info) && info.contains(" score mate 9 pv "))
    let pv = info.components(separatedBy: " pv ")[1].split(separator: " ").map(String.init)
    let pvMates = try mates(pv, from: nine.sfen)
    #expect(pvMates && best.last == "bestmove \(pv[0])")
    engine.send("position startpos moves 7g7f")
    engine.send("go btime 60000 wtime 60000 byoyomi 1000")
    #expect(engine.until("bestmove").last == "bestmove resign")

    // go infinite: the answer waits for stop (the search itself takes milliseconds)
    engine.send("position sfen \(nine.sfen)")
    engine.send("go infinite")
    Thread.sleep(forTimeInterval: 1)
    engine.send("isready")
    #expect(engine.next() == "readyok")
    engine.send("stop")
    let held = engine.until("bestmove")
    #expect(held.count == 2 && held[0].contains(" score mate 9 pv ") && held[1].hasPrefix("bestmove "))

    // stop during a long search: Microcosmos, mate in 1525, a first proof of a minute; isready is
    // answered while it runs, and stop gets the answer for what is known: no proof yet
    let micro = try String(contentsOf: packageRoot.appendingPathComponent("Puzzles/tsume/bench/microcosmos.tsv"), encoding: .utf8)
        .split(separator: "\n").last!.split(separator: "\t")[2]
    engine.send("position sfen \(micro)")
    engine.send("go mate infinite")
    #expect(engine.next().map(isProgressLine) == true)      // a progress line after a second
    engine.send("isready")
    var beforeStop = engine.until("readyok")
    #expect(beforeStop.removeLast() == "readyok" && beforeStop.allSatisfy(isProgressLine))
    engine.send("go mate 1000")
    #expect(engine.until("info string error").last == "info string error: a search is running (send stop first)")
    engine.send("stop")
    let stopped = engine.until("checkmate")
    #expect(stopped.dropLast().allSatisfy(isProgressLine) && stopped.last == "checkmate timeout", "\(stopped)")

    engine.send("stop")                                       // nothing runs: ignored
    engine.send("quit")
    engine.process.waitUntilExit()
    #expect(engine.process.terminationStatus == 0)
    #expect(engine.pending.isEmpty, "\(engine.pending)")
}
