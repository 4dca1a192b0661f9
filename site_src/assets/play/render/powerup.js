// POWERUP renderer: draws what engine/powerup's view() says (docs-dev/CONTRACTS.md, "view() for POWERUP"):
// the header (objective, prompt, the turn card, a reaction window), the strip (the BUGs' Event and active
// BUGs, the POWERUP store), the side-view board and each BUGBUSTER's sheet. The shell (../shell.js) draws
// the toolbar, the outcome, the Choices and the log.

import { h, humanize } from "../dom.js";
import { fact, panel } from "../widgets.js";
import { renderBoard, squareName } from "./powerup/board.js";
import { diceText, renderSheets, weaponText } from "./powerup/sheets.js";

export const CHOICE_HEADINGS = {
  choose: "Choose your BUGBUSTER",
  place: "Place a piece (or click a highlighted square)",
  player: "Who plays this seat?",
  profession: "Choose a profession",
  order: "Who plays next?",
  move: "Move (or click a highlighted square)",
  jump: "Jump (or click a highlighted square)",
  flip: "Turn around",
  attack: "Attack",
  rest: "Rest",
  carry: "Pick up or throw",
  give: "Give to an adjacent partner",
  gateway: "Go through a gateway",
  glitch: "The GLITCH: get in or out, fly, fire",
  npc: "Move a non-player character",
  revive: "Revive a partner",
  pow: "Play a POW! card",
  epic: "Go EPIC",
  ability: "Profession ability",
  end: "End your turn",
  react: "REACTION: react now, or let the BUG go on?",
  reactions: "Reaction windows",
  assist: "Assist a partner's attack?",
  campaign: "One mission, or the whole Story?",
  facing: "Which way do you face?",
  pushed: "Pushed: which way?",
  "let-by": "A partner is in the way",
  store: "POWERUP store",
  relight: "Which POWERUP goes ON?",
  continue: "Pay a CONTINUE?",
  discard: "Too many POW! cards: discard one",
  mistress: "Who plays the BUGMISTRESS?",
  next: "Next step of the BUGs' turn",
  value: "Spend a BUG card for its SPAWN value",
  wave: "Activate a BUG wave",
  spawn: "Spawn a BUG (or click a highlighted square)",
  bug: "Move or attack with a BUG (or click a highlighted square)",
  card: "Play a BUG card",
  trick: "BUGMISTRESS: play a Trick?",
};

// The steps of a person's BUGs' turn (view.mistress.step), as the rulebook numbers them.
const MISTRESS_STEPS = {
  waves: "step 2 of 4, activate BUG waves",
  bugs: "step 3 of 4, BUGs move and attack",
  spawn: "step 4 of 4, spawn the BUGs",
};

/** The seats, coloured: the BUGBUSTERs by seat, a person BUGMISTRESS in the BUGs' colour (not the third
 *  seat's green, which the NPCs wear). Names and colours for the log and the Choices. */
export function seats(view) {
  const list = Array.isArray(view.seats) ? view.seats : [];
  const hers = view.mistress && Number.isInteger(view.mistress.seat) ? view.mistress.seat : null;
  return list.map((s) => ({ seat: s.seat, name: s.name, color: s.seat === hers ? "bugmistress" : `seat-${s.seat}` }));
}

/** What the game chose at the table that the form asks up front: a person in the BUGMISTRESS's seat. */
export function setupChosen(view) {
  return view.mistress ? { mistress: "person" } : null;
}

/** Once: the board's wide layout and the boxes' names. */
export function setup(area) {
  area.game.classList.add("tt-game--pu");
  area.mainBox.classList.add("tt-main--pu");
  area.missionBox.setAttribute("aria-label", "BUGs and store");
  area.seatsBox.setAttribute("aria-label", "BUGBUSTER sheets");
  return {};
}

/** Hot seat with a person as the BUGMISTRESS: her hand and choices wait behind a "pass the device" screen
 *  each time she comes to move, until she asks to see them (the table view holds her hand while she is to
 *  move: docs-dev/CONTRACTS.md). */
function mistressCovered(area, view, own) {
  if (own.gameNumber !== area.gameNumber) {
    own.gameNumber = area.gameNumber;
    own.mistressShown = false;
  }
  const m = view.mistress;
  if (!m || area.state.over || view.to_move !== m.seat) {
    own.mistressShown = false;
    return false;
  }
  return !own.mistressShown;
}

function mistressCover(area, own) {
  const button = h("button", {
    type: "button",
    class: "md-button md-button--primary tt-pu-cover__show",
    onclick: () => {
      own.mistressShown = true;
      area.render();
      const first = area.actionsBox.querySelector("button");
      if (first) first.focus();
    },
  }, "I am the BUGMISTRESS: show my cards");
  queueMicrotask(() => button.isConnected && button.focus());
  return h(
    "div",
    { class: "tt-pu-cover", role: "region", "aria-label": "Pass the device" },
    h("h3", { class: "tt-pu-cover__title", text: "Pass the device to the BUGMISTRESS" }),
    h("p", { text: "BUGBUSTERs, look away: her BUG cards and her choices appear when she presses the button." }),
    button,
  );
}

export function render(area, own) {
  const view = area.state.view || {};
  own = own || {};
  const covered = mistressCovered(area, view, own);
  own.covered = covered;
  area.actionsBox.hidden = covered;
  renderHeader(area, view);
  if (covered) area.headerBox.append(mistressCover(area, own));
  renderStrip(area, view, own);
  renderBoard(area, covered);
  renderSheets(area);
}

// ---------------------------------------------------------------- header

function turnText(turn) {
  if (!turn || !turn.turn) return "Setup";
  const limit = turn.limit_rounds ? ` of ${turn.limit_rounds}` : "";
  const deadline = turn.deadline ? ` (turn ${turn.turn}: ${turn.deadline})` : "";
  return `Turn ${turn.in_round} of ${turn.per_round}, round ${turn.round}${limit}${deadline}`;
}

/** "RED TEAM 1, BLU TEAM 0 (first to 2)". */
function scoreText(dm) {
  const teams = Array.isArray(dm.teams) ? dm.teams : [];
  return `${teams.map((t) => `${t.name} ${t.score}`).join(", ")} (first to ${dm.scores_to_win})`;
}

function where(at) {
  return Array.isArray(at) && at.length === 2 ? squareName(at[0], at[1]) : "";
}

/** The reaction window: whose reaction, and which attack is coming. */
function reactionBox(area, view) {
  const r = view.reaction;
  if (!r) return null;
  const how = r.mode === "ranged" ? "shoot" : r.mode === "melee" ? "hit" : "attack";
  const attacker = r.attacker_name ? `${r.attacker_name}${r.attacker_at ? ` at ${where(r.attacker_at)}` : ""}` : "A BUG";
  return h(
    "div",
    { class: `tt-pu-reaction tt-c-${area.seatColor(r.seat)}`, role: "alert", "data-seat": r.seat },
    h("strong", { class: "tt-pu-reaction__title", text: `Reaction window: ${r.name}` }),
    h("span", {
      text: r.about === "action"
        ? `${attacker} is about to act. `
        : `${attacker} is about to ${how} ${r.name}${r.at ? ` at ${where(r.at)}` : ""}. `,
    }),
    h("span", { text: `${r.name} has ${r.reaction} reaction point${r.reaction === 1 ? "" : "s"}. ${reactionOptions(area, r)}` }),
  );
}

/** What the reaction choices offer, in words. */
function reactionOptions(area, r) {
  const ids = (area.state.legal || []).filter((a) => a.kind === "react").map((a) => String(a.id));
  if (r && r.about === "action") {
    return ids.some((id) => id.startsWith("react:act:") || id.startsWith("react:step:"))
      ? "Spend them to act now, before the BUG, or let it act."
      : "Nothing to do with them now: let the BUG act.";
  }
  const dodge = ids.some((id) => id.startsWith("react:step:"));
  const roll = ids.some((id) => id.startsWith("react:roll:"));
  const act = ids.some((id) => id.startsWith("react:act:"));
  if (!dodge && !roll && !act) return "No reaction is possible here: take the attack.";
  const ways = [
    dodge ? "step aside to dodge" : null,
    roll ? "roll yellow dice against the hits" : null,
    act ? "take one of your actions first" : null,
  ].filter(Boolean);
  const listed = ways.length > 1 ? `${ways.slice(0, -1).join(", ")} or ${ways[ways.length - 1]}` : ways[0];
  return `Spend them to ${listed}, or take the attack.`;
}

function storeLine(view) {
  const s = view.store_open;
  if (!s) return null;
  const buster = (view.busters || []).find((b) => b.seat === s.seat);
  return h(
    "p",
    { class: "tt-pu-storeline" },
    h("strong", { text: `${s.name} is in the POWERUP store` }),
    s.where ? ` at ${s.where}` : "",
    buster ? ` with ${buster.coins} coin${buster.coins === 1 ? "" : "s"}.` : ".",
  );
}

/** A line above the choices when the engine gives none (the BUGBUSTERs choosing who plays next). */
function fallbackPrompt(area) {
  const first = (area.state.legal || [])[0];
  return first ? CHOICE_HEADINGS[first.kind] || humanize(first.kind) : "";
}

/** Between two Story missions: the one in play is won, the next not yet set up. */
function betweenMissions(camp) {
  return (camp.won || []).includes(camp.current) && camp.mission < camp.of;
}

function campaignText(camp) {
  const title = (n) => (camp.missions[n - 1] || {}).title || "";
  if (betweenMissions(camp)) return `${title(camp.mission)} won; next, mission ${camp.mission + 1} of ${camp.of}: ${title(camp.mission + 1)}`;
  return `mission ${camp.mission} of ${camp.of}: ${title(camp.mission)}`;
}

function renderHeader(area, view) {
  const facts = h("dl", { class: "tt-facts" });
  const add = (name, value, key = null, extraClass = "") => {
    const item = fact(name, value, { key, extraClass });
    if (item) facts.append(item);
  };
  const camp = view.campaign;
  if (camp) add("Story campaign", campaignText(camp), "campaign", betweenMissions(camp) ? "tt-fact--hot" : "");
  add("Turn card", turnText(view.turn), "turn");
  if (view.deathmatch) add("Score", scoreText(view.deathmatch), "score", "tt-fact--hot");
  if (view.restarts) add("Restarts used", `${view.restarts.used} of ${view.restarts.max}`, "restarts");
  if (view.continues) add("CONTINUEs paid", view.continues, "continues");
  if (view.event) add("Event", view.event.name, "event", "tt-fact--hot");
  const parts = [
    view.objective ? h("p", { class: "tt-objective" }, h("strong", { text: "Goal: " }), view.objective) : null,
    h("p", { class: "tt-prompt", "aria-live": "polite", text: area.state.over ? "The game is over." : view.prompt || fallbackPrompt(area) }),
    reactionBox(area, view),
    storeLine(view),
    facts,
  ];
  area.headerBox.replaceChildren(...parts.filter(Boolean));
}

// ---------------------------------------------------------------- the BUGs and the store

// What became of each BUG card the BUGs drew this turn (view.bug_cards[].use).
const CARD_USES = {
  used: "played",
  "spawn-value": "its SPAWN value towards a new wave",
  discarded: "an Event, discarded",
  "two-cards": "two cards instead of this one",
};

/** The BUG cards the BUGs drew this turn, with what each did. */
function bugCardsPlayed(view) {
  const cards = Array.isArray(view.bug_cards) ? view.bug_cards : [];
  if (!cards.length) return null;
  return h(
    "div",
    { class: "tt-pu-bugcards" },
    h("strong", { text: "BUG cards this turn" }),
    h(
      "ul",
      {},
      cards.map((c) => {
        // a person's SPAWN points pay waves and spawns alike, this turn only
        const use = view.mistress && c.use === "spawn-value" ? "spent for its SPAWN points" : CARD_USES[c.use] || "drawn";
        return h("li", { title: c.text || c.name }, h("span", { text: c.name }), ` (${use})`);
      }),
    ),
    view.wave_pool ? h("p", { class: "tt-muted", text: `SPAWN points saved towards the next wave: ${view.wave_pool}` }) : null,
  );
}

const CARD_TYPES = { special: "Special", trick: "Trick", event: "Event" };

/** A person's BUGMISTRESS: the step of her turn, her SPAWN points, and her hand (only while she is shown
 *  it: the view holds it while she is to move, the cover hides it until she asks). */
function mistressPart(view, own) {
  const m = view.mistress;
  if (!m) return null;
  const step = m.step ? MISTRESS_STEPS[m.step] : null;
  const cards = Array.isArray(m.hand) && !own.covered ? m.hand : null;
  return h(
    "div",
    { class: "tt-pu-mistress" },
    h("p", {}, h("strong", { text: "BUGMISTRESS: " }), "played by a person", step ? `; her turn, ${step}` : "", "."),
    h("p", { text: `${m.hand_count} BUG card${m.hand_count === 1 ? "" : "s"} in her hand${m.pool ? `; ${m.pool} SPAWN point${m.pool === 1 ? "" : "s"} to spend this turn` : ""}.` }),
    cards && cards.length
      ? h(
        "ul",
        { class: "tt-pu-hand", "aria-label": "The BUGMISTRESS's hand" },
        cards.map((c) =>
          h(
            "li",
            { "data-card": c.id },
            h("strong", { text: c.name }),
            ` (${CARD_TYPES[c.type] || c.type}, SPAWN ${c.spawn})`,
            c.text ? h("span", { class: "tt-muted", text: ` — ${c.text}` }) : null,
          ),
        ),
      )
      : null,
  );
}

/** Deathmatch: each team's players, score and robot, and the store's four options. */
function renderTeams(area, view) {
  const dm = view.deathmatch;
  const names = new Map((view.seats || []).map((s) => [s.seat, s.name]));
  const teams = panel(
    "tt-pu-teams",
    "The teams",
    h(
      "ul",
      { class: "tt-pu-teams__list" },
      (dm.teams || []).map((t) =>
        h(
          "li",
          { "data-team": t.id },
          h("strong", { text: `${t.name}: ${t.score} point${t.score === 1 ? "" : "s"}` }),
          ` — ${(t.seats || []).map((s) => names.get(s) || "").filter(Boolean).join(" and ")}; robot ${t.robot}`,
        ),
      ),
    ),
    dm.people < (view.seats || []).length
      ? h("p", { class: "tt-muted", text: `${dm.people} players for ${(view.seats || []).length} characters: one player manages two.` })
      : null,
  );
  const store = panel(
    "tt-pu-store",
    "Deathmatch store (enter a POWERUP that is ON, take one)",
    h("ul", { class: "tt-pu-store__list" }, (dm.store || []).map((text) => h("li", { text }))),
  );
  const bugs = Array.isArray(view.chars) ? view.chars.filter((c) => c.side === "bug") : [];
  const bugPanel = bugs.length
    ? panel("tt-pu-bugs", "The BUGs", h("p", { class: "tt-pu-active", text: `A Buggie Trap let out ${bugs.map((b) => b.name).join(", ")}: it attacks both teams.` }))
    : null;
  area.missionBox.hidden = false;
  area.missionBox.replaceChildren(...[teams, store, bugPanel].filter(Boolean));
}

function renderStrip(area, view, own) {
  if (view.deathmatch) return renderTeams(area, view);
  const bugs = Array.isArray(view.active_bugs) ? view.active_bugs : [];
  const event = view.event;
  const bugPanel = panel(
    "tt-pu-bugs",
    "The BUGs",
    h("p", { class: "tt-pu-active" }, h("strong", { text: "Active: " }), bugs.length ? bugs.map((b) => b.name).join(", ") : "none"),
    event
      ? h("p", { class: "tt-pu-event" }, h("strong", { text: `Event: ${event.name}` }), event.text ? ` — ${event.text}` : "")
      : h("p", { class: "tt-muted", text: "No Event in play." }),
    mistressPart(view, own),
    bugCardsPlayed(view),
    view.decks ? h("p", { class: "tt-muted", text: `Decks: ${view.decks.bug} BUG cards, ${view.decks.pow} POW! cards, ${view.decks.equipment} equipment cards` }) : null,
  );
  const store = Array.isArray(view.store) ? view.store : [];
  const open = view.store_open;
  const list = store.length
    ? h(
      "ul",
      { class: "tt-pu-store__list" },
      store.map((c) =>
        h(
          "li",
          { "data-card": c.id },
          h("strong", { text: c.name }),
          ` — ${c.cost} coin${c.cost === 1 ? "" : "s"}`,
          c.weapon ? h("span", { class: "tt-muted", text: ` (${weaponWords(c.weapon)})` }) : null,
        ),
      ),
    )
    : h("p", { class: "tt-muted", text: "No equipment on offer." });
  // Closed unless a BUGBUSTER is shopping: the list is long and matters only then.
  const details = h(
    "details",
    {
      class: "tt-pu-store__details",
      open: open || own.storeShown ? true : null,
      ontoggle: (event) => {
        if (!open) own.storeShown = event.target.open;
      },
    },
    h("summary", { text: `${store.length} equipment card${store.length === 1 ? "" : "s"} on offer` }),
    list,
  );
  const storePanel = panel(
    `tt-pu-store${open ? " tt-pu-store--open" : ""}`,
    open ? `POWERUP store: open for ${open.name}` : "POWERUP store (enter a POWERUP that is ON)",
    details,
  );
  area.missionBox.hidden = false;
  area.missionBox.replaceChildren(bugPanel, storePanel);
}

/** "Distance: range 3, piercing damage"; an armor card needs no category word ("+1 armor"). */
function weaponWords(w) {
  const stats = weaponText(w);
  if (w.category === "armor") return stats || "Armor";
  return `${humanize(w.category || "equipment")}${stats ? `: ${stats}` : ""}`;
}

// ---------------------------------------------------------------- the Choices box

export function choicesIntro(area) {
  const view = area.state.view || {};
  if (view.reaction) {
    const r = view.reaction;
    return h("p", { class: "tt-asking tt-pu-asking--react" }, h("strong", { text: `${r.name}, react now?` }), ` ${r.attacker_name || "A BUG"} attacks.`);
  }
  if (view.store_open) return storeLine(view);
  return null;
}

/** A card a hand holds (the BUGMISTRESS's BUG cards, a BUGBUSTER's POW! cards), by its id. */
function handCard(view, cardId) {
  const hands = [view.mistress && view.mistress.hand, ...(view.busters || []).map((b) => b.hand)];
  for (const hand of hands) {
    const card = (Array.isArray(hand) ? hand : []).find((c) => c.id === cardId);
    if (card) return card;
  }
  return null;
}

/** The card above the choices it offers (several targets for one card): its name, and its text when the
 *  buttons do not say it. */
export function choiceCard(area, cardId, withText) {
  const view = area.state.view || {};
  const bug = (view.chars || []).find((c) => c.id === cardId && c.side === "bug");
  if (bug) return bugCard(bug, ((view.mistress || {}).actions_left || {})[bug.id]);
  const card = handCard(view, cardId);
  const name = card ? card.name : String(cardId).split("#")[0];
  return h(
    "span",
    { class: "tt-card tt-c-none", title: card && card.text ? card.text : name, "data-card": cardId },
    h("span", { class: "tt-card__name", text: name }),
    card && card.text && !withText ? h("span", { class: "tt-muted", text: ` — ${card.text}` }) : null,
  );
}

/** One of her BUGs, picked before its action: its name, square, lives and actions left this turn. */
function bugCard(bug, left) {
  const at = where(bug.at);
  const actions = Number.isInteger(left) ? `, ${left} action${left === 1 ? "" : "s"} left` : "";
  return h(
    "span",
    { class: "tt-card tt-c-none tt-pu-bugcard", "data-card": bug.id, title: `${bug.name} at ${at}` },
    h("span", { class: "tt-card__name", text: bug.name }),
    h("span", { class: "tt-muted", text: `${at}, ${bug.lives}/${bug.max_lives} ${bug.max_lives === 1 ? "life" : "lives"}${actions}` }),
  );
}

/** Her BUGs act in two steps: a BUG, then what it does. */
export function twoStep(kind) {
  return kind === "bug" ? { card: "1. Choose a BUG", choice: "2. Choose what it does" } : null;
}

/** Text written on a button: a BUGBUSTER's sheet, a POW! card's text, an equipment card's stats. */
export function choiceDetail(area, action, kind) {
  const view = area.state.view || {};
  if (kind === "choose" && Array.isArray(view.choosable)) {
    const id = String(action.id).split(":").pop();
    const b = view.choosable.find((x) => x.id === id);
    if (!b) return null;
    const weapons = (b.weapons || []).map((w) => w.name).join(", ");
    return `Melee ${diceText(b.melee)}, ranged ${diceText(b.ranged)}; ${b.ammo} ammo, ${b.reaction} RP, armor ${b.armor}${weapons ? `; ${weapons}` : ""}`;
  }
  if (kind === "profession" && Array.isArray(view.choosable_professions)) {
    const id = String(action.id).split(":").pop();
    const p = view.choosable_professions.find((x) => x.id === id);
    return p ? [p.description, p.text ? `${p.ability}: ${p.text}` : ""].filter(Boolean).join(" ") || null : null;
  }
  if (["pow", "card", "trick", "value"].includes(kind) && action.card) {
    const card = handCard(view, action.card); // a POW! card, or one of the BUGMISTRESS's
    if (card) return card.text || null;
  }
  if (kind === "store") {
    const card = (view.store || []).find((c) => String(action.id) === `store:buy:${c.id}`);
    if (card && card.weapon) return weaponText(card.weapon) || null;
  }
  return null;
}
