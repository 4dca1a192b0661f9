// The sample opening hand ("Robar mano de prueba") and its RD (Redraw), with the numbers of game.yaml:
// «Cada jugador inicia con 5 cartas» (starting_hand_size) and «RD (Redraw): Opcional 1 sola vez … apartas de
// 1 a 5 cartas de tu Mano, robas la misma cantidad de tu Mazo y barajas las apartadas en tu Mazo»
// (redraw_uses, redraw_min_cards, redraw_max_cards; content/heroes-tcg/rules/reglas.md #ruling-redraw:
// the set-aside cards are shuffled back after the draw, so they cannot be drawn again).

/** A shuffled copy (Fisher-Yates); `random` returns a number in [0, 1). */
export function shuffled(cards, random = Math.random) {
  const out = cards.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A new sample: the Mazo shuffled, the opening hand drawn from its top. */
export function openingHand(cards, constants, random = Math.random) {
  const deck = shuffled(cards, random);
  const hand = deck.splice(0, constants.starting_hand_size);
  return { hand, deck, redraws: 0 };
}

/** Whether the RD may set aside `count` cards now. */
export function canRedraw(sample, count, constants) {
  return sample.redraws < constants.redraw_uses && count >= constants.redraw_min_cards &&
    count <= constants.redraw_max_cards && count <= sample.hand.length;
}

/** The RD: set aside the cards at `picked` (hand positions), draw as many, shuffle the set-aside ones back. */
export function redraw(sample, picked, constants, random = Math.random) {
  const chosen = new Set(picked);
  if (chosen.size !== picked.length || !canRedraw(sample, chosen.size, constants)) return sample;
  const aside = sample.hand.filter((_, i) => chosen.has(i));
  const kept = sample.hand.filter((_, i) => !chosen.has(i));
  const deck = sample.deck.slice();
  const drawn = deck.splice(0, aside.length);
  return { hand: [...kept, ...drawn], deck: shuffled([...deck, ...aside], random), redraws: sample.redraws + 1 };
}
