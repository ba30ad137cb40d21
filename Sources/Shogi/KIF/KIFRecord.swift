// A KIF record as a tree: the header, the starting position, and the moves from it, each with
// the moves that may follow (the first one continues the line, the others are its 変化,
// variations). What the writer prints and the reader builds. The tree is an array of nodes
// addressed by index, so that lines 1,500 moves long are walked without deep recursion.

import SolverKit

struct KIFRecord: Sendable {
    struct Node: Sendable {
        var move: Move
        var parent: Int
        /// The moves that may follow, by index; the first one continues this line.
        var children: [Int] = []
        /// The line ends here with a special move (`詰み`, `投了`, ...), or nil.
        var end: String? = nil
    }

    /// `key：value` header lines, in order (作品名, 先手, 後手, ...).
    var header: [(key: String, value: String)] = []
    var start: Position
    /// nodes[0] stands for the starting position (its move is unused); every other node is a move.
    var nodes: [Node] = [Node(move: .none, parent: -1)]
    static let root = 0

    init(start: Position) { self.start = start }

    /// The first value of a header key.
    func value(_ key: String) -> String? { header.first { $0.key == key }?.value }

    /// Adds `move` after node `parent` as its last alternative; returns the new node.
    @discardableResult
    mutating func add(_ move: Move, after parent: Int) -> Int {
        nodes.append(Node(move: move, parent: parent))
        nodes[parent].children.append(nodes.count - 1)
        return nodes.count - 1
    }

    /// The nodes of the line that follows `node` by first children (node itself excluded).
    func lineNodes(after node: Int) -> [Int] {
        var out: [Int] = []
        var at = node
        while let next = nodes[at].children.first { out.append(next); at = next }
        return out
    }

    /// The main line: the first move at every step.
    var mainLine: [Move] { lineNodes(after: KIFRecord.root).map { nodes[$0].move } }

    /// The special move ending the main line, if any.
    var mainLineEnd: String? { nodes[lineNodes(after: KIFRecord.root).last ?? KIFRecord.root].end }

    /// The moves from the start to `node`.
    func path(to node: Int) -> [Move] {
        var out: [Move] = []
        var at = node
        while at != KIFRecord.root { out.append(nodes[at].move); at = nodes[at].parent }
        return out.reversed()
    }

    /// Every line from the start to a leaf, each as its moves, main line first (depth first,
    /// first child first).
    var lines: [[Move]] {
        var out: [[Move]] = []
        var stack = [KIFRecord.root]
        while let node = stack.popLast() {
            if nodes[node].children.isEmpty, node != KIFRecord.root { out.append(path(to: node)) }
            stack += nodes[node].children.reversed()
        }
        return out
    }

    /// Adds a line of moves from the start, sharing the moves already there; a new move becomes
    /// the last alternative at its ply.
    mutating func insert(_ line: [Move]) {
        var at = KIFRecord.root
        for m in line {
            if let existing = nodes[at].children.first(where: { nodes[$0].move == m }) { at = existing }
            else { at = add(m, after: at) }
        }
    }

    /// Marks with `詰み` every line whose last move leaves the side to move mated.
    mutating func markMates() {
        var stack: [(Int, Position)] = [(KIFRecord.root, start)]
        while let (node, position) = stack.popLast() {
            for child in nodes[node].children {
                var p = position
                p.play(nodes[child].move)
                if nodes[child].children.isEmpty {
                    if nodes[child].end == nil, p.inCheck, !p.hasLegalMove() { nodes[child].end = "詰み" }
                } else {
                    stack.append((child, p))
                }
            }
        }
    }

    /// Same header, start (move number aside), moves, alternatives in the same order and special endings.
    func sameRecord(as other: KIFRecord) -> Bool {
        func position(_ p: Position) -> [Substring] { Array(p.sfen.split(separator: " ").prefix(3)) }
        guard header.map({ [$0.key, $0.value] }) == other.header.map({ [$0.key, $0.value] }),
              position(start) == position(other.start) else { return false }
        var stack = [(KIFRecord.root, KIFRecord.root)]
        while let (a, b) = stack.popLast() {
            let x = nodes[a], y = other.nodes[b]
            guard x.children.count == y.children.count, x.end == y.end, a == KIFRecord.root || x.move == y.move else { return false }
            stack += zip(x.children, y.children).map { ($0, $1) }
        }
        return true
    }
}
