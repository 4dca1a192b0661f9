// The words the TCG duel's renderer writes. The game exists only in Spanish (its section is the Spanish
// mkdocs project), so these are one table, not one per page language: the shell's own words (Choices, log,
// "¿por qué?") come from assets/labels.js.

export const HEADINGS = {
  bot: "Nivel de la Computadora",
  mazo: "Elige tu mazo",
  heroe: "Elige tu Héroe",
  rd: "RD (Redraw): aparta cartas o juega con tu Mano",
  cfe: "CFE",
  fase: "Pasar de fase",
  amigo: "Bajar un Amigo al campo",
  ayuda: "Usar una Ayuda",
  objeto: "Equipar un Objeto",
  esp: "Especialidades",
  atacar: "Atacar",
  fin: "Terminar el turno",
  objetivo: "Elige el objetivo",
};

export const TYPES = { amigo: "Amigo", ayuda: "Ayuda", objeto: "Objeto", cfe: "CFE", heroe: "Héroe" };

export const ELEMENTS = { fuego: "Fuego", agua: "Agua", tierra: "Tierra", incoloro: "Incoloro" };

export const LEVELS = { facil: "Fácil", normal: "Normal" };

/** A count with its noun: plural(1, "carta", "cartas") -> "1 carta". */
export function plural(n, one, other) {
  return `${n} ${n === 1 ? one : other}`;
}
