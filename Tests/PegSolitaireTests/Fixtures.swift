// Finds the bundled puzzles from a test (via #filePath) and parses boards given as text.
import Foundation
@testable import PegSolitaire

enum Fixtures {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }()

    static func puzzles(_ name: String) -> [PegProblem] {
        let url = root.appendingPathComponent("Puzzles/peg/tour/\(name)")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return PegFile.parse(text: text, file: name).compactMap { try? $0.get() }
    }

    static func problem(_ text: String) -> PegProblem {
        try! PegFile.parse(text: text, file: "test.peg")[0].get()
    }

    /// The 15-hole triangle with one vacancy (hole numbers 1...15).
    static func triangle(side: Int, vacancy: Int) -> PegProblem {
        problem(PegFile.triangle(side: side, vacancy: vacancy))
    }

    static let english = """
    target: d4
      ooo
      ooo
    ooooooo
    ooo.ooo
    ooooooo
      ooo
      ooo
    """
}
