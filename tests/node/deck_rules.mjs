#!/usr/bin/env node
// The deck builder's modules under Node (tests/test_tcg_deckbuilder.py): the deck rules, the URL format
// and the sample hand with its RD, on the cases the test sends.
//
//   node tests/node/deck_rules.mjs < cases.json > results.json
//
// cases.json: {"data": <the page's data block>, "validate": [deck, ...], "decode": [fragment, ...],
//              "encode": [deck, ...], "hands": [{"cards": [ids], "picks": [[hand positions], ...], "seed": n}]}
// Prints {"validate": [[messages], ...], "broken": [[[rule, message], ...], ...], "decode": [{deck}|{error}|null, ...], "encode": [fragment, ...],
//         "hands": [[{hand, deck, redraws} after the opening and after each RD], ...]}.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const here = path.dirname(new URL(import.meta.url).pathname);
const assets = path.join(here, "..", "..", "site_src", "assets", "deckbuilder");
const load = (name) => import(pathToFileURL(path.join(assets, name)).href);
const { broken, validate } = await load("rules.js");
const { decodeDeck, encodeDeck } = await load("code.js");
const { openingHand, redraw } = await load("hand.js");

// A seeded [0, 1) source, so a case's shuffles repeat.
function random(seed) {
  let state = BigInt(seed) & 0x7fffffffn;
  return () => {
    state = (state * 1103515245n + 12345n) % 2147483648n;
    return Number(state) / 2147483648;
  };
}

const cases = JSON.parse(readFileSync(0, "utf8"));
const { data } = cases;
const out = {
  validate: (cases.validate || []).map((deck) => validate(deck, data)),
  broken: (cases.validate || []).map((deck) => broken(deck, data).map((b) => [b.rule, b.message])),
  decode: (cases.decode || []).map((hash) => decodeDeck(hash)),
  encode: (cases.encode || []).map((deck) => encodeDeck(deck)),
  hands: (cases.hands || []).map(({ cards, picks, seed }) => {
    const rng = random(seed);
    let sample = openingHand(cards, data.constants, rng);
    const steps = [sample];
    for (const picked of picks) {
      sample = redraw(sample, picked, data.constants, rng);
      steps.push(sample);
    }
    return steps;
  }),
};
process.stdout.write(JSON.stringify(out));
