// tabletome Play area: which renderer draws which game, by the id in the view's `game` field.
// Adding a game to the Play area = one module under render/ and one line here (docs-dev/CONTRACTS.md
// lists what a renderer module exports).

import * as heroesTcg from "./render/heroes-tcg.js";
import * as marvelUnitedPromos from "./render/marvel-united-promos.js";
import * as mechsVsMinions from "./render/mechs-vs-minions.js";
import * as powerup from "./render/powerup.js";

const RENDERERS = {
  "heroes-tcg": heroesTcg,
  "marvel-united-promos": marvelUnitedPromos,
  "mechs-vs-minions": mechsVsMinions,
  powerup: powerup,
};

/** The renderer module of a game id, or null when the page cannot draw that game. */
export function rendererFor(game) {
  return typeof game === "string" && Object.hasOwn(RENDERERS, game) ? RENDERERS[game] : null;
}
