// ShotRecord: what the shooter knows about one Battleship board: size, fleet, misses, hits, and
// the sunk announcements (which ship, sunk by the shot at which cell), as the standard rules give.

/// One ship of the fleet: its length and the letter the format uses (A, B, C, ... in fleet order).
struct SunkAnnouncement: Sendable, Hashable {
    /// Index into `ShotRecord.fleet`.
    var ship: Int
    /// The cell whose shot sank it (a hit cell).
    var cell: Int
    /// The hits when it sank (the sinking shot included), when the order of the shots is
    /// known: the ship lies on these, never on a cell hit later. nil: on any hit (a position
    /// read from a file carries no shot order).
    var hitsThen: UInt128?
    init(ship: Int, cell: Int, hitsThen: UInt128? = nil) { self.ship = ship; self.cell = cell; self.hitsThen = hitsThen }
}

struct ShotRecord: Sendable, Hashable {
    var shape: BoardShape
    /// Ship lengths; ships are distinct even when lengths repeat.
    var fleet: [Int]
    var misses: UInt128 = 0
    var hits: UInt128 = 0
    var sunk: [SunkAnnouncement] = []

    static let standardFleet = [5, 4, 3, 3, 2]

    init(shape: BoardShape, fleet: [Int] = ShotRecord.standardFleet) {
        self.shape = shape
        self.fleet = fleet
    }

    var unknown: UInt128 { shape.fullMask & ~misses & ~hits }

    /// Letter naming ship i in the format and reports: A, B, C, ...
    static func letter(ofShip i: Int) -> String { String(UnicodeScalar(UInt8(65 + i))) }
}
