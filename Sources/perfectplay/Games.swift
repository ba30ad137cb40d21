// The games this build of perfectplay knows. Each game module exports one GameDefinition.

import SolverKit
import Reversi
import Battleship

let catalog = GameCatalog([
    ReversiGame.self,
    BattleshipGame.self,
])
