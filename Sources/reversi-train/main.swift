// reversi-train: fits the weights of the pattern evaluation (Sources/Reversi/PatternEvaluation.swift)
// and writes them as Sources/Reversi/PatternWeights+Generated.swift.
//
//   swift run -c release reversi-train [--games N] [--seed S] [--min E] [--max E] [--threads T]
//       [--epochs K] [--shrink S] [--ridge R] [--overlap E] [--skip SHAPES] [--cache FILE] [--out FILE]
//   reversi-train --measure A-B --measure-only yes [--weights FILE] [--sort F,S,M] [--pn W,M,L,B]
//       [--selective R,P,D,M...] [--etc E] [--shallow N] [--hash-mb MB]
//       (the nodes of FFO A-B with one thread: a fit written earlier, ordering depths, df-pn,
//       selective passes, where ETC and the table-free search start, the table size)
// The committed weights: games 100,000-474,999 (`--first 100000 --games 375000`, 2,582,403
// positions, about 45 CPU-minutes of labelling per 125,000 games on an AMD EPYC; labelled
// in three `--cache` runs and fitted with `--extra`), the other options default.
//
// 1. Positions: N games from the start, each move the one leaving the opponent fewest moves
//    (corners counting double) or, one time in two, a random one, stopped at a random number
//    of empties in min...max (seeded: game g uses SplitMix64(seed + g), whatever the threads).
// 2. Labels: the exact score of each position by our own solver (one thread a game), and of
//    every position along its principal variation (same value, from the mover's view).
// 3. Fit: for each stage (PatternEvaluation.stageEmpties), least squares of the summed
//    feature weights against score * unitsPerDisc, by gradient steps where each weight moves
//    by the mean error of the positions holding it (as Edax's learning does), shrunk towards 0
//    when rare (`--shrink`) and by a ridge penalty; a shape's mirror images share one weight;
//    the games numbered 9 mod 10 are held out, and the epoch with the least held-out error is
//    kept (early stopping). One stage for all empties: with 2.58 M positions the held-out
//    error is 7.20 discs rms (7.46 with 860 k, 8.0 with 275 k); two stages (from 0 and 15
//    empties, on 690 k) fit closer but searched more nodes on FFO #20-#39 (162 M against 127 M
//    with one).
import Foundation
import Dispatch
import Synchronization
import SolverKit
import Reversi

struct Options {
    var first = 0, games = 40000, seed: UInt64 = 1, minEmpties = 14, maxEmpties = 18, threads = 2, epochs = 1000
    var out = "Sources/Reversi/PatternWeights+Generated.swift"
    /// A file of labelled positions (one `player opponent empties score game` line each, hex
    /// bitboards): read instead of labelling when it exists, written after labelling otherwise.
    var cache: String? = nil
    /// Shapes left out (their weights stay 0), and the shrinkage of rare entries.
    var skip: Set<Int> = []
    var shrink = 50.0
    /// Ridge penalty (per position holding an entry), and the empties each stage also learns
    /// from on either side of its own range.
    var ridge = 3.0
    var overlap = 0
    /// Stage starts by empties (default: the generated file's), and the ridge of each stage
    /// towards the fit of all stages together (`--prior`; 0: each stage on its own, towards 0).
    var stages: [Int] = PatternEvaluation.stageEmpties
    var prior = 0.0
    /// FFO numbers solved with one thread, after the fit, with its weights: their node total
    /// judges the fit (`--measure 20-39`); `--measure-only` skips the fit (current weights).
    var measure: ClosedRange<Int>? = nil
    var measureOnly = false
    /// A weights file as `--out` writes it, installed before `--measure-only` measures.
    var weights: String? = nil
    /// Ordering search thresholds for the measurement: sort-from,step,max-depth.
    var sort: [Int]? = nil
    /// Enhanced transposition cut-offs above this many empties (--etc), and the table-free
    /// search at or below this many (--shallow).
    var etc: Int? = nil
    var shallow: Int? = nil
    /// Table size of the measurement solves (the benches' default).
    var hashMB = 256
    /// df-pn for the measurement: window,min-empties,leaf-empties,budget.
    var proofNumbers: [Int]? = nil
    /// Selective passes for the measurement: root-min-empties,probcut-min-empties,deep-empties,margins...
    var selective: [Int]? = nil
    /// More labelled position files (as `--cache` writes them) to fit on.
    var extra: [String] = []
}

/// A bad command line: the reason and the usage on stderr, exit status 2 (no trap).
func usage(_ reason: String) -> Never {
    StandardStream.error.write("""
        reversi-train: \(reason)
        usage: reversi-train [--games N] [--first N] [--seed S] [--min E] [--max E] [--threads T] [--epochs K]
                             [--shrink S] [--ridge R] [--overlap E] [--skip SHAPES] [--cache FILE] [--out FILE]
                             [--stages E,E,...] [--prior R] [--extra FILE,...] [--measure A-B] [--measure-only yes]
                             [--weights FILE]
                             [--sort FROM,STEP,MAX] [--etc MIN] [--shallow N] [--hash-mb MB] [--pn WINDOW,MIN,LEAF,BUDGET]
                             [--selective ROOTMIN,PROBCUTMIN,DEEP[,MARGIN...]]

        """)
    exit(2)
}

/// The value of `flag` as a number, or a usage error naming it.
func number<T: LosslessStringConvertible>(_ value: String, _ flag: String) -> T {
    guard let n = T(value) else { usage("\(flag) wants a number, not '\(value)'") }
    return n
}

/// The options of the command line; a usage error (before any work) when one is wrong.
func parseOptions(_ arguments: ArraySlice<String>) -> Options {
    var o = Options(), args = arguments
    while let flag = args.popFirst() {
        guard let value = args.popFirst() else { usage("\(flag) needs a value") }
        switch flag {
        case "--games": o.games = number(value, flag)
        case "--first": o.first = number(value, flag)
        case "--seed": o.seed = number(value, flag)
        case "--min": o.minEmpties = number(value, flag)
        case "--max": o.maxEmpties = number(value, flag)
        case "--threads": o.threads = number(value, flag)
        case "--epochs": o.epochs = number(value, flag)
        case "--out": o.out = value
        case "--cache": o.cache = value
        case "--skip": o.skip = Set(value.split(separator: ",").map { number(String($0), flag) as Int })
        case "--shrink": o.shrink = number(value, flag)
        case "--ridge": o.ridge = number(value, flag)
        case "--overlap": o.overlap = number(value, flag)
        case "--stages": o.stages = value.split(separator: ",").map { number(String($0), flag) }
        case "--prior": o.prior = number(value, flag)
        case "--measure":
            let ends = value.split(separator: "-").map { number(String($0), flag) as Int }
            guard ends.count == 2, 20 <= ends[0], ends[0] <= ends[1], ends[1] <= 59 else { usage("--measure wants A-B within 20-59") }
            o.measure = ends[0]...ends[1]
        case "--measure-only": o.measureOnly = value == "yes"
        case "--weights": o.weights = value
        case "--sort":
            let v = value.split(separator: ",").map { number(String($0), flag) as Int }
            guard v.count == 3 else { usage("--sort wants FROM,STEP,MAX") }
            o.sort = v
        case "--etc": o.etc = number(value, flag)
        case "--hash-mb": o.hashMB = number(value, flag)
        case "--shallow": o.shallow = number(value, flag)
        case "--pn":
            let v = value.split(separator: ",").map { number(String($0), flag) as Int }
            guard v.count == 4 else { usage("--pn wants WINDOW,MIN,LEAF,BUDGET") }
            o.proofNumbers = v
        case "--selective":
            let v = value.split(separator: ",").map { number(String($0), flag) as Int }
            guard v.count >= 3 else { usage("--selective wants ROOTMIN,PROBCUTMIN,DEEP[,MARGIN...]") }
            o.selective = v
        case "--extra": o.extra += value.split(separator: ",").map(String.init)
        default: usage("unknown option \(flag)")
        }
    }
    guard o.stages.first == 0, zip(o.stages, o.stages.dropFirst()).allSatisfy({ $0 < $1 }) else {
        usage("--stages wants increasing empties from 0")
    }
    guard o.minEmpties >= 1, o.minEmpties <= o.maxEmpties, o.maxEmpties <= 60, o.games >= 1, o.threads >= 1 else {
        usage("wants 1 <= --min <= --max <= 60, --games >= 1 and --threads >= 1")
    }
    return o
}

let options = parseOptions(CommandLine.arguments.dropFirst())
if let s = options.sort { OrderingTuning.set(sortMinEmpties: s[0], sortStep: s[1], sortMaxDepth: s[2]) }
OrderingTuning.set(shallowEmpties: options.shallow, etcMinEmpties: options.etc)
if let v = options.selective {
    OrderingTuning.set(selective: SelectiveSettings(rootMinEmpties: v[0], probCutMinEmpties: v[1], deepEmpties: v[2],
                                                    margins: Array(v.dropFirst(3))))
}
if let v = options.proofNumbers {
    OrderingTuning.set(proofNumbers: ProofNumberSettings(window: v[0], minEmpties: v[1], leafEmpties: v[2], budget: UInt64(v[3]),
                                                         tableMegabytes: ProofNumberSettings.standard.tableMegabytes))
}
if options.measureOnly, let numbers = options.measure {
    if let path = options.weights {
        guard let (stages, values) = readWeightsFile(path) else { usage("\(path) holds no weights of the current layout") }
        PatternEvaluation.install(stageEmpties: stages, weights: values)
    }
    _ = measureNodes(numbers, label: options.weights ?? "current weights", hashMB: options.hashMB)
    exit(0)
}

/// A labelled position: its features and exact score (side to move's view).
struct Sample { var empties: Int; var score: Int; var game: Int; var player: UInt64; var opponent: UInt64
    var features: [Int32] }

/// One game: the stopped position and its principal variation, labelled.
func samples(game: Int) -> [Sample] {
    var random = SplitMix64(seed: options.seed &+ UInt64(game))
    let geometry = BoardGeometry.standard
    let stop = options.minEmpties + random.below(options.maxEmpties - options.minEmpties + 1)
    var position = Position.start(geometry)
    while position.emptyCount > stop {
        var moves = position.legalMoves
        if moves == 0 {
            guard position.opponentCanMove else { return [] }
            position = position.passing()
            continue
        }
        if random.below(2) == 0 {
            for _ in 0..<random.below(moves.nonzeroBitCount) { moves &= moves - 1 }
            position = position.playing(moves.trailingZeroBitCount)
        } else {
            var best = 0, bestCost = Int.max
            while moves != 0 {
                let sq = moves.trailingZeroBitCount
                moves &= moves - 1
                let reply = position.playing(sq).legalMoves
                let cost = 2 * (reply.nonzeroBitCount + (reply & geometry.corners).nonzeroBitCount) + random.below(3)
                if cost < bestCost { bestCost = cost; best = sq }
            }
            position = position.playing(best)
        }
    }
    guard position.legalMoves != 0 else { return [] }
    let solver = EndgameSolver(geometry: geometry, threads: 1,
                               hashMB: EndgameSolver.tableMegabytes(empties: position.emptyCount, limit: 8))
    let result = solver.solve(position, everyBestMove: false)
    var list: [Sample] = []
    var score = result.score
    for move in [nil] + result.pv.map(Optional.some) {
        if let move {
            position = move < 0 ? position.passing() : position.playing(move)
            score = -score
        }
        if position.isGameOver || position.emptyCount < 10 { break }
        if position.legalMoves == 0 { continue }
        list.append(Sample(empties: position.emptyCount, score: score, game: game, player: position.player,
                           opponent: position.opponent, features: PatternEvaluation.features(position)))
    }
    return list
}

/// The labelled positions of a file written by `--cache`.
func readSamples(_ path: String) -> [Sample]? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    var list: [Sample] = []
    for line in text.split(separator: "\n") {
        let f = line.split(separator: " ")
        let p = UInt64(f[0], radix: 16)!, o = UInt64(f[1], radix: 16)!
        let position = Position(player: p, opponent: o, geometry: .standard, blackToMove: true)
        list.append(Sample(empties: Int(f[2])!, score: Int(f[3])!, game: Int(f[4])!, player: p, opponent: o,
                           features: PatternEvaluation.features(position)))
    }
    StandardStream.error.write("\(list.count) positions read from \(path)\n")
    return list
}

var all: [Sample] = []
for path in options.extra {
    guard let list = readSamples(path) else { usage("cannot read \(path)") }
    all += list
}
if let cache = options.cache, let list = readSamples(cache) {
    all += list
} else if options.extra.isEmpty || options.cache != nil {
let start = Date()
nonisolated(unsafe) let collected = UnsafeMutablePointer<[Sample]>.allocate(capacity: options.games)
collected.initialize(repeating: [], count: options.games)
let chunk = 64
let done = Atomic<Int>(0)
DispatchQueue.concurrentPerform(iterations: options.threads) { worker in
    while true {
        let first = done.add(chunk, ordering: .relaxed).oldValue
        if first >= options.games { break }
        for g in first..<min(first + chunk, options.games) { collected[g] = samples(game: options.first + g) }
        if (first / chunk) % 50 == 0 {
            StandardStream.error.write("  \(first) games, \(Int(Date().timeIntervalSince(start))) s\n")
        }
    }
}
var labelled: [Sample] = []
for g in 0..<options.games { labelled.append(contentsOf: collected[g]) }
all += labelled
let labelSeconds = Date().timeIntervalSince(start)
StandardStream.error.write("\(labelled.count) positions from \(options.games) games labelled in \(Int(labelSeconds)) s\n")

if let cache = options.cache {
    let text = labelled.map { "\(String($0.player, radix: 16)) \(String($0.opponent, radix: 16)) \($0.empties) \($0.score) \($0.game)" }
    try! (text.joined(separator: "\n") + "\n").write(toFile: cache, atomically: true, encoding: .utf8)
}
}
/// The digit order of each shape under its own mirror symmetry (nil: none): corner 3x3 by
/// its diagonal, edge + 2X, lines and diagonals end for end. Mirror images are the same
/// pattern seen from the other side, so they share a weight (fitted as one, written twice).
let mirrors: [[Int]?] = [[0, 3, 6, 1, 4, 7, 2, 5, 8], nil, [7, 6, 5, 4, 3, 2, 1, 0, 9, 8],
                         Array((0..<8).reversed()), Array((0..<8).reversed()), Array((0..<8).reversed()),
                         Array((0..<8).reversed()), Array((0..<7).reversed()), Array((0..<6).reversed()),
                         Array((0..<5).reversed()), Array((0..<4).reversed()), nil, nil]
/// [feature] -> the feature its weight is tied to (the smaller of it and its mirror image).
let canonical: [Int32] = {
    var table = [Int32](repeating: 0, count: PatternEvaluation.stageSize)
    for (shape, (_, size)) in PatternEvaluation.shapes.enumerated() {
        let start = PatternEvaluation.offsets[shape]
        for local in 0..<size {
            var image = local
            if let order = mirrors[shape] {
                var digits = [Int](repeating: 0, count: order.count), x = local
                for d in 0..<order.count { digits[d] = x % 3; x /= 3 }
                image = 0
                for d in (0..<order.count).reversed() { image = image * 3 + digits[order[d]] }
            }
            table[start + local] = Int32(start + min(local, image))
        }
    }
    return table
}()
for i in all.indices { all[i].features = all[i].features.map { canonical[Int($0)] } }

// Fit each stage.
if !options.skip.isEmpty {
    let offsets = PatternEvaluation.offsets
    for i in all.indices {
        all[i].features = all[i].features.filter { f in !options.skip.contains(offsets.lastIndex { $0 <= Int(f) }!) }
    }
}
let size = PatternEvaluation.stageSize
let stages = options.stages

/// Least squares of the summed weights against score * unitsPerDisc on `train`, starting from
/// `prior` and pulled towards it by the ridge (`ridge`, per position holding an entry); the
/// weights of the epoch with the least error on `test` (early stopping).
func fit(_ train: [Sample], _ test: [Sample], prior: [Double], ridge: Double, name: String)
    -> (weights: [Double], epoch: Int, trainError: Double, testError: Double) {
    var w = prior
    var count = [Double](repeating: 0, count: size)
    for s in train { for f in s.features { count[Int(f)] += 1 } }
    let unit = Double(PatternEvaluation.unitsPerDisc)
    var gradient = [Double](repeating: 0, count: size)
    func rmse(_ samples: [Sample], _ w: [Double]) -> Double {
        var sum = 0.0
        for s in samples {
            var v = 0.0
            for f in s.features { v += w[Int(f)] }
            let e = Double(s.score) * unit - v
            sum += e * e
        }
        return (sum / Double(max(1, samples.count))).squareRoot() / unit
    }
    var bestError = rmse(test, w), bestWeights = w, bestEpoch = 0
    let rate = 1.0 / Double(PatternEvaluation.featureCount - 3 * options.skip.count) * 2
    for epoch in 0..<options.epochs {
        for i in 0..<size { gradient[i] = 0 }
        for s in train {
            var v = 0.0
            for f in s.features { v += w[Int(f)] }
            let e = Double(s.score) * unit - v
            for f in s.features { gradient[Int(f)] += e }
        }
        // rare entries move less (the shrink holds them near the prior)
        for i in 0..<size where count[i] > 0 {
            w[i] += rate * (gradient[i] - ridge * (w[i] - prior[i])) / (count[i] + options.shrink)
        }
        if epoch % 10 == 9 {
            let error = rmse(test, w)
            if error < bestError { bestError = error; bestWeights = w; bestEpoch = epoch + 1 }
        }
        if epoch % 50 == 49 {
            StandardStream.error.write("  \(name) epoch \(epoch + 1): train \(rmse(train, w)) test \(rmse(test, w))\n")
        }
    }
    return (bestWeights, bestEpoch, rmse(train, bestWeights), rmse(test, bestWeights))
}

/// Training (games not 9 mod 10) and held-out positions with empties in low..<high.
func split(_ all: [Sample], _ low: Int, _ high: Int) -> (train: [Sample], test: [Sample]) {
    var train: [Sample] = [], test: [Sample] = []
    for s in all where low <= s.empties && s.empties < high {
        if s.game % 10 == 9 { test.append(s) } else { train.append(s) }
    }
    return (train, test)
}

var weights = [Int16](repeating: 0, count: stages.count * size)
var report: [String] = []
let zero = [Double](repeating: 0, count: size)
// With --prior, first one fit of all positions, which each stage's fit starts from and is
// pulled back to: a stage with few positions keeps the common weights where it knows little.
var common = zero
if options.prior > 0 {
    let (train, test) = split(all, 0, 99)
    let r = fit(train, test, prior: zero, ridge: options.ridge, name: "all stages")
    common = r.weights
    let line = "all stages: \(train.count) positions, " + String(format: "rms error %.2f discs (held-out %.2f, %d positions), epoch %d",
                                                                r.trainError, r.testError, test.count, r.epoch)
    StandardStream.error.write(line + "\n")
    report.append(line)
}
for stage in stages.indices {
    let low = stages[stage] - options.overlap
    let high = (stage + 1 < stages.count ? stages[stage + 1] : 99) + options.overlap
    let (train, test) = split(all, low, high)
    var w = common
    if !train.isEmpty {
        let r = options.prior > 0
            ? fit(train, test, prior: common, ridge: options.prior, name: "stage \(stage)")
            : fit(train, test, prior: zero, ridge: options.ridge, name: "stage \(stage)")
        w = r.weights
        let line = "stage \(stage) (empties from \(stages[stage])): \(train.count) positions, "
            + String(format: "rms error %.2f discs (held-out %.2f, %d positions), epoch %d", r.trainError, r.testError,
                     test.count, r.epoch)
        StandardStream.error.write(line + "\n")
        report.append(line)
    }
    for i in 0..<size {
        weights[stage * size + i] = Int16(max(-32767, min(32767, w[Int(canonical[i])].rounded())))
    }
}
if let numbers = options.measure {
    PatternEvaluation.install(stageEmpties: stages, weights: weights)
    _ = measureNodes(numbers, label: "fit", hashMB: options.hashMB)
}

/// The games the fit learned from, as the options that label them: with `--extra` files, the
/// range of game numbers they hold (labelled in several runs of `--first`/`--games --cache`).
let dataSource: String = {
    guard !options.extra.isEmpty, let first = all.map(\.game).min(), let last = all.map(\.game).max() else {
        return "--first \(options.first) --games \(options.games)"
    }
    return "--first \(first) --games \(last - first + 1)"
}()

let text = WeightCoding.encode(weights)
var lines: [String] = []
var index = text.startIndex
while index < text.endIndex {
    let end = text.index(index, offsetBy: 120, limitedBy: text.endIndex) ?? text.endIndex
    lines.append(String(text[index..<end]))
    index = end
}
let source = """
    // Generated by reversi-train (Sources/reversi-train/main.swift): do not edit.
    //   swift run -c release reversi-train \(dataSource) --seed \(options.seed) --min \(options.minEmpties) --max \(options.maxEmpties) \\
    //     --epochs \(options.epochs) --shrink \(options.shrink) --ridge \(options.ridge)\(options.overlap > 0 ? " --overlap \(options.overlap)" : "")\(options.skip.isEmpty ? "" : " --skip " + options.skip.sorted().map(String.init).joined(separator: ","))
    // \(all.count) positions: games by fewest-opponent-moves play with random moves mixed in,
    // stopped at \(options.minEmpties)-\(options.maxEmpties) empties, and their principal variations,
    // labelled with exact scores by our own solver. Weights in 1/\(PatternEvaluation.unitsPerDisc) disc (WeightCoding).
    \(report.map { "// " + $0 }.joined(separator: "\n"))
    enum PatternWeights {
        static let stageEmpties = \(stages)
        static let base64 = \"\"\"
    \(lines.map { "        " + $0 }.joined(separator: "\n"))
            \"\"\"
    }

    """
try! source.write(toFile: options.out, atomically: true, encoding: .utf8)
StandardStream.error.write("wrote \(options.out) (\(source.utf8.count) bytes)\n")
