// The deck rules of the hero TCG («2. Composición de Mazos») in the page: the same rules, in the same order
// and with the same Spanish messages as engine/heroes_tcg/decks.py, which this module follows line by line.
//
//   validate(deck, data) -> ["El Mazo Principal debe tener 40 cartas exactas: tiene 38.", ...]   ([] = valid)
//   broken(deck, data)   -> [{rule, message}, ...]   (the same, with the rules-page heading each breaks)
//
// `deck` is {heroes: [hero ids], cartas: [{carta, copias}]}; `data` is the page's data block
// (site_src/render/deck_builder.py page_data): {constants, cards: [{id, tipo, nombre, nivel, ...}]}. Every
// number is a game.yaml constant read from `data.constants`; the card types are the card files' `tipo`.
//
// Why a JavaScript twin of decks.py and not decks.py itself: the page could run decks.py in Pyodide, but the
// runtime takes seconds to start and downloads about 12 MB, and the builder validates at every click from the
// moment the page opens. The twin is kept honest by tests/test_tcg_deckbuilder.py, which feeds one table of
// decks (valid, 39 and 41 cards, 4 copies, a missing level, a repeated Hero, an unknown card, CFE ×37 ...) to
// both and asserts the same messages in the same order. The duel still checks a built deck with decks.py.

const MAIN_TYPES = new Set(["amigo", "ayuda", "objeto", "cfe"]); // «Compuesto por Amigos, Ayudas, Objetos y CFEs»
const UNLIMITED = "cfe"; // «(CFEs sin límite)»
const HERO = "heroe";

const isInt = (n) => typeof n === "number" && Number.isInteger(n);
const isDict = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Card id -> {tipo, card}, for every card of the pool. */
export function cardIndex(data) {
  const index = new Map();
  for (const card of data.cards || []) {
    if (isDict(card) && typeof card.id === "string") index.set(card.id, { tipo: card.tipo, card });
  }
  return index;
}

/** How a message names a card: its Spanish name, else the id the deck gives (decks.py _name). */
function cardName(index, id) {
  if (typeof id !== "string" || !id) return "Una carta sin id";
  const found = index.get(id);
  return `«${(found && found.card.nombre) || id}»`;
}

/** Every broken deck rule, Mazo Principal first, then Mazo de Héroes: {rule, message} (decks.py broken). */
export function broken(deck, data, index = cardIndex(data)) {
  const constants = data.constants;
  if (!isDict(deck)) return [{ rule: "composicion-de-mazos", message: "Un mazo tiene un Mazo de Héroes y un Mazo Principal." }];
  const of = (rule) => (message) => ({ rule, message });
  return [
    ...mainDeck(deck.cartas, index, constants).map(of("composicion-mazo-principal")),
    ...heroDeck(deck.heroes, index, constants).map(of("composicion-mazo-de-heroes")),
  ];
}

/** The Spanish message of every broken deck rule; [] when the deck is valid. */
export function validate(deck, data, index = cardIndex(data)) {
  return broken(deck, data, index).map((b) => b.message);
}

function mainDeck(cartas, index, c) {
  if (!Array.isArray(cartas)) return ["Falta el Mazo Principal: una lista de cartas con sus copias."];
  const out = [];
  const copies = new Map();
  let total = 0;
  for (const entry of cartas) {
    const id = isDict(entry) ? entry.carta : undefined;
    const n = isDict(entry) ? entry.copias : undefined;
    const name = cardName(index, id);
    if (!isInt(n) || n < 1) {
      out.push(`${name}: las copias deben ser un número entero de 1 o más.`);
      continue;
    }
    total += n;
    if (typeof id !== "string" || !index.has(id)) out.push(`${name} no es una carta del juego.`);
    else if (!MAIN_TYPES.has(index.get(id).tipo)) {
      out.push(`${name} es un Héroe: el Mazo Principal se compone de Amigos, Ayudas, Objetos y CFEs.`);
    } else copies.set(id, (copies.get(id) || 0) + n);
  }
  const size = c.main_deck_size;
  if (total !== size) out.unshift(`El Mazo Principal debe tener ${size} cartas exactas: tiene ${total}.`);
  const limit = c.max_copies_per_card;
  for (const [id, n] of copies) {
    if (n > limit && index.get(id).tipo !== UNLIMITED) {
      out.push(`Máximo ${limit} copias por carta (CFEs sin límite): ${cardName(index, id)} tiene ${n}.`);
    }
  }
  return out;
}

function heroDeck(heroes, index, c) {
  if (!Array.isArray(heroes)) return ["Falta el Mazo de Héroes: una lista de Héroes."];
  const out = [];
  const seen = new Map();
  const levels = new Map();
  for (const id of heroes) {
    if (typeof id !== "string" || !index.has(id) || index.get(id).tipo !== HERO) {
      out.push(`${cardName(index, id)} no es un Héroe: el Mazo de Héroes solo lleva Héroes.`);
      continue;
    }
    seen.set(id, (seen.get(id) || 0) + 1);
    const level = index.get(id).card.nivel;
    if (isInt(level)) levels.set(level, (levels.get(level) || 0) + 1);
  }
  const size = c.hero_deck_size;
  if (heroes.length !== size) out.unshift(`El Mazo de Héroes debe tener los ${size} Héroes: tiene ${heroes.length}.`);
  const limit = c.max_copies_per_hero;
  for (const [id, n] of seen) {
    if (n > limit) {
      const copia = limit === 1 ? "copia" : "copias";
      out.push(`Máximo ${limit} ${copia} de cada Héroe: ${cardName(index, id)} está ${n} veces.`);
    }
  }
  const least = c.min_heroes_per_level;
  const heroe = least === 1 ? "Héroe" : "Héroes";
  for (let level = 1; level <= c.max_hero_level; level++) {
    if ((levels.get(level) || 0) < least) {
      out.push(`El Mazo de Héroes debe incluir al menos ${least} ${heroe} de Nivel ${level}.`);
    }
  }
  return out;
}

/** The Mazo Principal as a list of card ids, one per copy (for the sample hand). */
export function mainCards(deck, index) {
  const out = [];
  for (const { carta, copias } of deck.cartas) {
    if (index.has(carta) && MAIN_TYPES.has(index.get(carta).tipo)) for (let i = 0; i < copias; i++) out.push(carta);
  }
  return out;
}

/** The copy limit of a card in the builder: none for the CFE, max_copies_per_card for the others. */
export function copyLimit(tipo, constants) {
  return tipo === UNLIMITED ? Infinity : constants.max_copies_per_card;
}

export const isHero = (card) => card.tipo === HERO;
