// The words the deck builder writes. Only the hero TCG has ready decks, and its section is the Spanish mkdocs
// project, so this is one table (like the duel renderer's play/render/heroes-tcg/words.js, whose card-type
// words it shares).

export const W = {
  pool: "Cartas del juego",
  pool_count: "{shown} de {n} cartas",
  search: "Buscar",
  search_placeholder: "nombre o texto",
  tipo: "Tipo",
  elemento: "Elemento",
  coste: "Coste",
  any: "Todos",
  heroes: "Mazo de Héroes",
  heroes_note: "«Precargado con los 12 Héroes»: pulsa un Héroe para quitarlo del mazo o volver a ponerlo.",
  hero_in: "en el mazo",
  hero_out: "fuera del mazo",
  level: "Nivel {n}",
  main: "Mazo Principal",
  main_empty: "Todavía no hay cartas: añádelas con «+» en las cartas del juego.",
  totals: "Mazo Principal: {main} de {size} cartas · Mazo de Héroes: {heroes} de {hsize}",
  group_total: "{name} ({n})",
  curve: "Curva de coste",
  curve_bar: "Coste {coste}: {n}",
  valid: "El mazo cumple todas las reglas de composición de mazos.",
  invalid: "El mazo todavía no cumple estas reglas:",
  why: "¿por qué?",
  add: "Añadir una copia de {name}",
  remove: "Quitar una copia de {name}",
  copies: "{n} en el mazo",
  at_limit: "Máximo {n} copias",
  clear: "Vaciar el Mazo Principal",
  copy_link: "Copiar enlace",
  copied: "Enlace copiado.",
  copy_by_hand: "Copia la dirección de la barra del navegador para compartir el mazo.",
  play: "Jugar con este mazo",
  play_disabled: "Solo se puede jugar con un mazo que cumple todas las reglas.",
  sample: "Mano de prueba",
  draw: "Robar mano de prueba",
  draw_note: "Baraja el Mazo Principal y roba {n} cartas, como al empezar la partida.",
  draw_needs: "Hacen falta al menos {n} cartas en el Mazo Principal para robar una mano de prueba.",
  redraw: "Mulligan / RD (Redraw)",
  redraw_note: "RD: elige de {min} a {max} cartas de la Mano; robas las mismas y las apartadas vuelven barajadas al Mazo. Solo 1 vez.",
  redraw_used: "Ya usaste el RD de esta mano: roba otra mano de prueba para volver a probar.",
  picked: "apartada para el RD",
  left: "Quedan {n} cartas en el Mazo.",
  unknown: "carta desconocida",
  bad_link: "No se pudo abrir el mazo del enlace: {error}",
  bad_storage: "No se pudo leer el mazo guardado en este navegador: empieza un mazo nuevo.",
};

/** W[key] with {name} replaced by values.name. */
export function say(key, values = {}) {
  return W[key].replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
