// The learned pattern evaluation: its weight coding, the board symmetries, and the feature
// indices (every shape read from the right squares, each index inside its own table).
import Testing
import SolverKit
@testable import Reversi

@Test func weightCodingRoundTrips() {
    var values: [Int16] = [0, 0, 0, 1, -1, 63, -64, 64, 300, -300, 32767, -32768, 0]
    values += [Int16](repeating: 0, count: 1000) + [5]
    let text = WeightCoding.encode(values)
    #expect(WeightCoding.decode(text) == values)
    #expect(WeightCoding.decode("not base64!") == nil)
}

@Test func symmetriesMapTheCorners() {
    let a1: UInt64 = 1, h1: UInt64 = 1 << 7, a8: UInt64 = 1 << 56, b1: UInt64 = 1 << 1, a2: UInt64 = 1 << 8
    #expect(PatternEvaluation.flipHorizontal(a1) == h1)
    #expect(PatternEvaluation.flipVertical(a1) == a8)
    #expect(PatternEvaluation.transpose(b1) == a2)
    #expect(PatternEvaluation.transpose(h1) == a8)
    var random = SplitMix64(seed: 7)
    for _ in 0..<100 {
        let x = random.next()
        #expect(PatternEvaluation.transpose(PatternEvaluation.transpose(x)) == x)
        #expect(PatternEvaluation.flipHorizontal(PatternEvaluation.flipHorizontal(x)) == x)
        #expect(PatternEvaluation.transpose(x).nonzeroBitCount == x.nonzeroBitCount)
    }
}

@Test func featureLayout() {
    var sum = 0
    for (i, shape) in PatternEvaluation.shapes.enumerated() {
        #expect(PatternEvaluation.offsets[i] == sum)
        sum += shape.size
    }
    #expect(PatternEvaluation.stageSize == sum)
    #expect(sum == 167330)
    #expect(PatternEvaluation.stageStride == sum)  // the literal stride of both evaluations
    #expect(PatternEvaluation.hasWeights)
    let literal = [PatternEvaluation.corner3x3At, PatternEvaluation.corner2x5At, PatternEvaluation.edgeAt,
                   PatternEvaluation.line2At, PatternEvaluation.line2At + 6561, PatternEvaluation.line2At + 2 * 6561,
                   PatternEvaluation.diagonal8At, PatternEvaluation.diagonal7At, PatternEvaluation.diagonal6At,
                   PatternEvaluation.diagonal5At, PatternEvaluation.diagonal4At, PatternEvaluation.mobilityAt,
                   PatternEvaluation.biasAt]
    #expect(literal == PatternEvaluation.offsets)
}

/// The table (shape number) an index falls in.
func shapeOf(_ index: Int32) -> Int {
    PatternEvaluation.offsets.lastIndex { $0 <= Int(index) }!
}

@Test func featuresOfRandomPositions() {
    var random = SplitMix64(seed: 11)
    for empties in [50, 30, 14] {
        guard let position = ReversiGenerator.randomPosition(&random, geometry: .standard, empties: empties) else { continue }
        let features = PatternEvaluation.features(position)
        #expect(features.count == PatternEvaluation.featureCount)
        var perShape = [Int](repeating: 0, count: PatternEvaluation.shapes.count)
        for f in features {
            #expect(f >= 0 && Int(f) < PatternEvaluation.stageSize)
            perShape[shapeOf(f)] += 1
        }
        // instances: 4 corners 3x3, 8 corners 2x5, 4 edges, 4 of each line, 2 long diagonals,
        // 4 of each shorter one, 2 mobilities, the bias
        #expect(perShape == [4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4, 2, 1])
    }
}

/// One disc of the side to move on `square`, one of the opponent far away on d4/e5 (centre).
func features(withPlayerDiscOn square: Int) -> [Int32] {
    let p = UInt64(1) << UInt64(square), o: UInt64 = 1 << 27
    return PatternEvaluation.features(Position(player: p, opponent: o, geometry: .standard, blackToMove: true))
}

@Test func featuresReadTheRightSquares() {
    // Each corner is the first digit (base 3, 1 = side to move) of its corner 3x3 and 2x5s,
    // and the first or last (3^7) of each of its two edges.
    for corner in [0, 7, 56, 63] {
        let f = features(withPlayerDiscOn: corner)
        #expect(f.contains(Int32(PatternEvaluation.corner3x3At + 1)))
        #expect(f.contains(Int32(PatternEvaluation.corner2x5At + 1)))
        let edges = f.filter { $0 >= PatternEvaluation.edgeAt && $0 < PatternEvaluation.line2At }
            .map { Int($0) - PatternEvaluation.edgeAt }
        #expect(edges.filter { $0 == 1 || $0 == 2187 }.count == 2)
    }
    // b2 is digit 4 (from 0) of the a1 corner 3x3 and digit 8 of the edge + 2X of rank 1.
    let b2 = features(withPlayerDiscOn: 9)
    #expect(b2.contains(Int32(PatternEvaluation.corner3x3At + 81)))
    #expect(b2.contains(Int32(PatternEvaluation.edgeAt + 6561)))
    // c1 is digit 2 of the c1-h6 diagonal
    #expect(features(withPlayerDiscOn: 2).contains(Int32(PatternEvaluation.diagonal6At + 1)))
    // d3 (rank 3, file d) is digit 4 of the line of rank 3
    #expect(features(withPlayerDiscOn: 19).contains(Int32(PatternEvaluation.line2At + 6561 + 27)))
}

/// The 8 symmetric images of a bitboard (identity first).
func symmetricImages(_ x: UInt64) -> [UInt64] {
    let t = PatternEvaluation.transpose(x)
    return [x, t].flatMap { y -> [UInt64] in
        let h = PatternEvaluation.flipHorizontal(y)
        return [y, h, PatternEvaluation.flipVertical(y), PatternEvaluation.flipVertical(h)]
    }
}

@Test func symmetricPositionsEvaluateAlike() {
    // Every shape is read in each of its symmetric instances and a shape's mirror images
    // share a weight, so the 8 images of a position must get one value, at every stage.
    var random = SplitMix64(seed: 5)
    for empties in [40, 30, 24, 20, 18, 16, 12] {
        for _ in 0..<10 {
            guard let position = ReversiGenerator.randomPosition(&random, geometry: .standard, empties: empties) else { continue }
            let players = symmetricImages(position.player), opponents = symmetricImages(position.opponent)
            let values = (0..<8).map {
                PatternEvaluation.evaluateReference(players[$0], opponents[$0], PatternEvaluation.weights,
                                                    PatternEvaluation.ternary, PatternEvaluation.stageOf)
            }
            #expect(Set(values).count == 1, "\(empties) empties: \(values)")
        }
    }
}

@Test func gatheredEvaluationEqualsTheReference() {
    // The search's PEXT form reads every instance from the squares forEachFeature reads, in
    // its digit order: the same value on random positions of every stage, and in every image.
    let g = PatternEvaluation.gather
    var perShape = [Int](repeating: 0, count: PatternEvaluation.shapes.count)
    for i in 0..<PatternEvaluation.GatherTables.count {
        let instance = g.instances[i]
        let shape = shapeOf(instance.weights)
        perShape[shape] += 1
        var size = 1
        for _ in 0..<instance.mask.nonzeroBitCount { size *= 3 }
        #expect(size == PatternEvaluation.shapes[shape].size)
    }
    #expect(perShape == [4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4, 0, 0])
    // The instances `evaluate` has written out as constants are these, in this order.
    var written: [PatternEvaluation.GatheredInstance] = []
    PatternEvaluation.forEachGatheredInstance { mask, digits, weights in
        written.append(.init(mask: mask, digits: Int32(digits), weights: Int32(weights)))
    }
    #expect(written.count == PatternEvaluation.GatherTables.count)
    for (i, w) in written.enumerated() where i < PatternEvaluation.GatherTables.count {
        let derived = g.instances[i]
        #expect(w.mask == derived.mask && w.digits == derived.digits && w.weights == derived.weights, "instance \(i)")
    }
    var random = SplitMix64(seed: 13)
    for empties in [58, 50, 40, 30, 24, 20, 16, 12, 8, 4, 1] {
        for _ in 0..<20 {
            guard let position = ReversiGenerator.randomPosition(&random, geometry: .standard, empties: empties) else { continue }
            for (p, o) in zip(symmetricImages(position.player), symmetricImages(position.opponent)) {
                let fast = PatternEvaluation.evaluate(p, o, PatternEvaluation.weights, g, PatternEvaluation.stageOf,
                                                      playerMoves: Bitboard.moves(p, o))
                let reference = PatternEvaluation.evaluateReference(p, o, PatternEvaluation.weights, PatternEvaluation.ternary,
                                                                    PatternEvaluation.stageOf)
                #expect(fast == reference)
            }
        }
    }
}
