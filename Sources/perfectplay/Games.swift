// The games this build of perfectplay knows. Each game module exports one GameDefinition.

import SolverKit
import Quarto

let catalog = GameCatalog([
    QuartoGame.self,
])
