// How a fit is judged: the nodes of solving FFO positions with one thread (deterministic),
// as `perfectplay bench reversi-ffo20-39-t1` counts them (same table size).
import Foundation
import SolverKit
import Reversi

/// Solves FFO `numbers` with one thread and the weights now installed; prints the nodes of
/// each and the total (which it returns). Stops at a wrong score.
func measureNodes(_ numbers: ClosedRange<Int>, label: String, hashMB: Int = 256) -> UInt64 {
    var total: UInt64 = 0
    var line = ""
    for (number, record) in FFOPositions.records(numbers) {
        let solver = EndgameSolver(geometry: record.position.geometry, threads: 1, hashMB: hashMB)
        let solved = solver.solve(record.position, everyBestMove: false)
        let expected = record.annotations.map(\.score).max()!
        guard solved.score == expected else {
            StandardStream.error.write("#\(number): score \(solved.score), published \(expected)\n")
            exit(1)
        }
        total &+= solved.nodes
        line += " #\(number) \(solved.nodes)"
    }
    StandardStream.error.write("measure \(label) [\(OrderingTuning.current)]:\(line)\n")
    print("nodes FFO #\(numbers.lowerBound)-#\(numbers.upperBound) (\(label)): \(total)")
    return total
}

/// The stage starts and weights of a file `--out` wrote (PatternWeights+Generated.swift's
/// form); nil when it is not one, or its weights are not of the current layout.
func readWeightsFile(_ path: String) -> (stages: [Int], weights: [Int16])? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
          let stagesLine = text.split(separator: "\n").first(where: { $0.contains("static let stageEmpties") }),
          let open = stagesLine.firstIndex(of: "["), let close = stagesLine.firstIndex(of: "]") else { return nil }
    let stages = stagesLine[stagesLine.index(after: open)..<close].split(separator: ",").compactMap {
        Int($0.trimmingCharacters(in: .whitespaces))
    }
    let parts = text.components(separatedBy: "\"\"\"")
    guard parts.count >= 3, let values = WeightCoding.decode(parts[1]),
          values.count == stages.count * PatternEvaluation.stageSize else { return nil }
    return (stages, values)
}
