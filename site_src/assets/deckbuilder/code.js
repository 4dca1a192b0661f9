// The deck in the builder's URL query string, short and stable (site_src/render/deck_builder.py deck_query
// writes the ready decks' links in the same format; a query, like the galleries' filters, so the site's
// links keep fragments for anchors):
//
//   ?cartas=<id>:<copias>,<id>:<copias>,...&heroes=<id>,<id>,...
//
// Card ids are kebab-case, so nothing needs escaping. A link without `heroes` gives `heroes: null`: the
// builder starts such a deck with every Hero («Precargado con los 12 Héroes»), as it starts an empty one. The same deck always gives the same text: the
// cards in the order the deck lists them, the Heroes likewise.

const ID = /^[a-z0-9][a-z0-9-]{0,79}$/;
const MAX_LENGTH = 4000;
const MAX_COPIES = 999;

export function encodeDeck(deck) {
  const cartas = deck.cartas.map((e) => `${e.carta}:${e.copias}`).join(",");
  return `?cartas=${cartas}&heroes=${deck.heroes.join(",")}`;
}

/** null when the query string holds no deck; else {deck} or {error} (a Spanish sentence). */
export function decodeDeck(search) {
  const text = String(search || "").replace(/^\?/, "");
  if (!/(^|&)cartas=/.test(text)) return null;
  if (text.length > MAX_LENGTH) return { error: "El enlace del mazo es demasiado largo." };
  const fields = new Map();
  for (const part of text.split("&")) {
    const at = part.indexOf("=");
    if (at > 0) fields.set(part.slice(0, at), part.slice(at + 1));
  }
  const cartas = [];
  const raw = fields.get("cartas");
  for (const item of raw ? raw.split(",") : []) {
    const [id, n, ...rest] = item.split(":");
    if (rest.length || !ID.test(id || "") || !/^\d{1,3}$/.test(n || "") || Number(n) > MAX_COPIES) {
      return { error: `El enlace del mazo no se puede leer: «${item.slice(0, 40)}» no es una carta con sus copias (id:copias).` };
    }
    cartas.push({ carta: id, copias: Number(n) });
  }
  const heroes = fields.has("heroes") ? [] : null;
  const rawHeroes = fields.get("heroes");
  for (const id of rawHeroes ? rawHeroes.split(",") : []) {
    if (!ID.test(id)) return { error: `El enlace del mazo no se puede leer: «${id.slice(0, 40)}» no es el id de un Héroe.` };
    heroes.push(id);
  }
  return { deck: { heroes, cartas } };
}
