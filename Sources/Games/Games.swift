// The games this build of PerfectPlay knows: the one list every executable (perfectplay, the
// fuzzer) and the tests use. Each game module exports one GameDefinition.

import SolverKit
import PegSolitaire
import Reversi
import Shogi
import Quarto
import Battleship

public let catalog = GameCatalog([
    PegSolitaireGame.self,
    ReversiGame.self,
    ShogiGame.self,
    QuartoGame.self,
    BattleshipGame.self,
])
