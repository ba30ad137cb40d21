// The games this build of perfectplay knows. Each game module exports one GameDefinition.

import SolverKit
import PegSolitaire

let catalog = GameCatalog([
    PegSolitaireGame.self,
])
