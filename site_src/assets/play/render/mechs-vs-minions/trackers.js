// Mechs vs. Minions renderer: the strip under the header (the Doom Tracker, the Runes, the rolled
// Rune Die, the Lava Wall, Overdrive) and the coins of the Runes, shared with the Boss's Rune Shields.

import { h, humanize, token } from "../../dom.js";
import { meter, panel } from "../../widgets.js";

export function renderTrackers(area) {
  const view = area.state.view || {};
  const panels = [
    doomPanel(view.doom),
    runesPanel(view.runes, view.runes_locked),
    runeRollPanel(view.rune_roll),
    lavaPanel(view.lava_wall),
    view.overdrive === true
      ? panel("tt-overdrive", "Overdrive!", h("span", { text: "Every Mech's Overdrive ability is unlocked (bottom of its Command Line)." }))
      : null,
  ].filter(Boolean);
  area.missionBox.hidden = !panels.length;
  area.missionBox.replaceChildren(...panels);
}

function doomPanel(doom) {
  if (!doom || typeof doom !== "object") return null;
  const value = Number(doom.value);
  if (!Number.isFinite(value)) return null;
  const max = Number(doom.max);
  const hasMax = Number.isFinite(max) && max > 0;
  const tracks = doom.tracks ? String(doom.tracks) : "";
  const low = hasMax ? value <= Math.max(1, Math.floor(max / 4)) : value <= 1; // drawn in the warning colour
  const text = hasMax ? `${value} / ${max}` : String(value);
  const box = panel(
    `tt-doom${low ? " tt-doom--low" : ""}`,
    "Doom Tracker",
    tracks ? h("span", { class: "tt-doom__tracks", text: tracks }) : null,
    h("span", { class: "tt-doom__value", text }),
    hasMax ? meter(value, max, `Doom Tracker${tracks ? ` (${tracks})` : ""}: ${value} of ${max}`) : null,
  );
  box.dataset.value = String(value);
  if (hasMax) box.dataset.max = String(max);
  return box;
}

function runeCoin(color, on, onText, offText) {
  const label = `${humanize(color)} ${on ? onText : offText}`;
  return h(
    "li",
    {
      class: `tt-rune tt-c-${token(color)} tt-rune--${on ? "on" : "off"}`,
      "data-rune": color,
      "data-on": on ? "true" : "false",
      title: label,
    },
    h("span", { class: "tt-rune__coin", "aria-hidden": "true" }),
    h("span", { class: "tt-rune__text", text: label }),
  );
}

/** The Runes of a {colour: on} map, in the view's order. */
export function runeList(map, onText, offText) {
  return h("ul", { class: "tt-runes" }, Object.keys(map).map((c) => runeCoin(c, map[c] === true, onText, offText)));
}

function runesPanel(runes, locked) {
  if (!runes || typeof runes !== "object" || Array.isArray(runes)) return null;
  const list = runeList(runes, "active", "disabled");
  for (const color of Array.isArray(locked) ? locked : []) {
    const coin = [...list.children].find((li) => li.dataset.rune === color);
    if (!coin) continue;
    coin.classList.add("tt-rune--locked");
    coin.dataset.locked = "true";
    coin.querySelector(".tt-rune__text").textContent += " for good (a Crystal Shard is locked on it)";
    coin.title = coin.querySelector(".tt-rune__text").textContent;
  }
  return panel(
    "tt-runes-panel",
    "Runes",
    list,
    h("span", { class: "tt-panel__note", text: "Active: its Rune Gates are closed and the Boss's Rune Shield is up." }),
  );
}

function runeRollPanel(color) {
  if (typeof color !== "string" || !color) return null;
  const box = panel(
    "tt-rune-roll",
    "Rune Die",
    h(
      "span",
      { class: `tt-rune tt-rune--on tt-c-${token(color)}` },
      h("span", { class: "tt-rune__coin", "aria-hidden": "true" }),
      h("span", { class: "tt-rune__text", text: `rolled ${color}` }),
    ),
  );
  box.dataset.color = color;
  return box;
}

function lavaPanel(lava) {
  if (!lava || typeof lava !== "object") return null;
  const covered = Array.isArray(lava.covered) ? lava.covered.length : 0;
  const speed = Number(lava.speed);
  const facts = [];
  if (lava.active === true) {
    facts.push(`moving ${lava.direction ? String(lava.direction) : ""}`.trim());
  } else facts.push("not moving yet");
  if (Number.isFinite(speed)) facts.push(`speed ${speed} space${speed === 1 ? "" : "s"} per Danger Phase`);
  facts.push(`${covered} space${covered === 1 ? "" : "s"} covered`);
  const box = panel(
    `tt-lava-panel${lava.active === true ? " tt-lava-panel--active" : ""}`,
    "Lava Wall",
    h("span", { class: "tt-lava-panel__swatch", "aria-hidden": "true" }),
    h("span", { class: "tt-lava-panel__text", text: facts.join(" · ") }),
  );
  box.dataset.active = lava.active === true ? "true" : "false";
  return box;
}
