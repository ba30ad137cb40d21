// How hard the positions of a collection were to solve: nodes per solved position, as a
// min / median / max line for summary.md and a histogram (powers of 4) for index.html.
// Generated collections are read through it: the spread of the difficulty they were built for.

public struct DifficultySpread {
    /// Nodes of every solved position, ascending.
    public let nodes: [Int]

    public init(records: [ResultRecord]) {
        nodes = records.filter { $0.status == .solved }.map { Int($0.nodes) }.sorted()
    }

    /// "Nodes per solved position: 12 / 340 / 9,800 (min / median / max)", or nil when empty.
    public var line: String? {
        guard let low = nodes.first, let high = nodes.last else { return nil }
        return "Nodes per solved position: \(NumberFormat.grouped(low)) / \(NumberFormat.grouped(nodes[nodes.count / 2])) / "
            + "\(NumberFormat.grouped(high)) (min / median / max)."
    }

    /// Positions per bucket 4^k <= nodes < 4^(k+1), from the first to the last bucket used;
    /// nil for fewer than 8 positions (no spread worth a picture).
    public var chart: BarChart? {
        guard nodes.count >= 8, let high = nodes.last else { return nil }
        func bucket(_ n: Int) -> Int { n <= 1 ? 0 : (Int.bitWidth - 1 - n.leadingZeroBitCount) / 2 }
        let first = bucket(nodes[0]), last = bucket(high)
        var counts = [Int](repeating: 0, count: last - first + 1)
        for n in nodes { counts[bucket(n) - first] += 1 }
        let bars = counts.enumerated().map { (k, count) -> (String, Double) in
            ("\(NumberFormat.compact(Double(1 << (2 * (first + k)))))+", Double(count))
        }
        return BarChart(title: "Difficulty spread: nodes to solve each position", xLabel: "nodes (from)",
                        yLabel: "positions", bars: bars)
    }
}
