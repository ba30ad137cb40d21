// The games this build of perfectplay knows. Each game module exports one GameDefinition.

import SolverKit
import PegSolitaire
import Reversi
import Shogi
import Quarto
import Battleship

let catalog = GameCatalog([
    PegSolitaireGame.self,
    ReversiGame.self,
    ShogiGame.self,
    QuartoGame.self,
    BattleshipGame.self,
])
