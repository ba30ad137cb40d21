// Seeds and mutations for the plain (CI) fuzzing mode: byte flips, inserted symbols, deleted
// and duplicated spans, truncation, splices of two inputs, and huge lines.

import Foundation
import SolverKit

/// The bundled puzzles and malformed fixtures of a game, as byte arrays with their extension
/// (a mutated input is read in the format of the file it came from).
func seedInputs(for game: any GameDefinition.Type) -> [(ext: String, bytes: [UInt8])] {
    var seeds: [(ext: String, bytes: [UInt8])] = []
    for folder in ["Puzzles", "Tests/Fixtures/malformed"] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { continue }
        while let relative = enumerator.nextObject() as? String {
            let ext = (relative as NSString).pathExtension.lowercased()
            guard game.fileExtensions.contains(ext),
                  let data = FileManager.default.contents(atPath: folder + "/" + relative) else { continue }
            // Large collections: their first 8 KB are seed enough.
            seeds.append((ext, Array(data.prefix(8192))))
        }
    }
    return seeds
}

private let interestingBytes: [UInt8] = Array("oO.xX- #:;/+*\n\t0123456789abcdefghijklmnopqrstuvwxyzKRBGSNLP\u{7F}".utf8) + [0, 0xFF, 0xC3, 0xE2]

func mutate(_ base: [UInt8], using g: inout SplitMix64, splice seeds: [[UInt8]]) -> [UInt8] {
    var bytes = base
    for _ in 0...g.below(4) {
        switch g.below(9) {
        case 0 where !bytes.isEmpty: bytes[g.below(bytes.count)] ^= UInt8(1 << g.below(8))
        case 1: bytes.insert(interestingBytes[g.below(interestingBytes.count)], at: g.below(bytes.count + 1))
        case 2 where !bytes.isEmpty:
            let start = g.below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + g.below(16)))
        case 3 where !bytes.isEmpty:
            let start = g.below(bytes.count), end = min(bytes.count, start + 1 + g.below(64))
            bytes.insert(contentsOf: bytes[start..<end], at: g.below(bytes.count + 1))
        case 4 where !bytes.isEmpty: bytes.removeSubrange(g.below(bytes.count)...)
        case 5 where !seeds.isEmpty:
            let other = seeds[g.below(seeds.count)]
            bytes = Array(bytes.prefix(g.below(bytes.count + 1))) + Array(other.suffix(g.below(other.count + 1)))
        case 6: bytes.insert(contentsOf: [UInt8](repeating: interestingBytes[g.below(interestingBytes.count)], count: 1 + g.below(20_000)), at: g.below(bytes.count + 1))
        case 7 where !bytes.isEmpty: bytes[g.below(bytes.count)] = interestingBytes[g.below(interestingBytes.count)]
        default: bytes = (0..<g.below(256)).map { _ in UInt8(truncatingIfNeeded: g.next()) }
        }
    }
    return bytes
}
