// The games this build of perfectplay knows. Each game module exports one GameDefinition.

import SolverKit
import PegSolitaire
import Reversi
import Quarto
import Battleship
import Shogi

let catalog = GameCatalog([
    PegSolitaireGame.self,
    ReversiGame.self,
    QuartoGame.self,
    BattleshipGame.self,
    ShogiGame.self,
])
