// The field-filter query language over assets/data/search-index.json.
// Mirrors site_src/render/search_index.py (same names, same rules, same messages);
// tests/test_search.py runs both on the same queries and compares the answers.
// Pure functions, no DOM: imported by search.js in the browser and by Node in the tests.

export const FIELD_ALIASES = {
  g: "game", k: "kind", t: "type", o: "text", oracle: "text", n: "name",
  e: "element", v: "villain", s: "status",
};
export const BUILTIN_FIELDS = ["game", "kind", "gallery", "id", "name", "text", "is"];
const TRUE_WORDS = ["yes", "y", "true", "1", "on", "si"]; // "si": "sí", folded
const FALSE_WORDS = ["no", "n", "false", "0", "off"];
const NUMERIC_OPERATORS = ["<", "<=", ">", ">="];

export function fold(value) {
  const text = String(value)
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
  return text.toLowerCase().split(/\s+/).filter(Boolean).join(" ");
}

export function key(value) {
  return fold(value).replace(/[\s_-]+/g, "");
}

const NUMBER = /^-?[0-9]+(?:\.[0-9]+)?$/;
const LEADING_NUMBER = /^-?[0-9]+(?:\.[0-9]+)?/;
const FIELD_TOKEN = /^([A-Za-z][A-Za-z0-9_]*)(!=|<=|>=|:|=|<|>)([\s\S]*)$/;

export function number(text) {
  const t = String(text).trim();
  return NUMBER.test(t) ? parseFloat(t) : null;
}

export function leadingNumber(text) {
  const folded = fold(text);
  if (folded === "free") return 0;
  const match = LEADING_NUMBER.exec(folded);
  return match ? parseFloat(match[0]) : null;
}

export function truth(text) {
  const folded = fold(text);
  if (TRUE_WORDS.includes(folded)) return true;
  if (FALSE_WORDS.includes(folded)) return false;
  return null;
}

const hasWordChar = (text) => /[\p{L}\p{N}]/u.test(text);
const isSpace = (c) => /\s/.test(c);

export function tokenize(query) {
  const tokens = [];
  let i = 0;
  const n = query.length;
  while (i < n) {
    const c = query[i];
    if (isSpace(c)) {
      i += 1;
    } else if (c === "(") {
      tokens.push({ t: "lp" });
      i += 1;
    } else if (c === ")") {
      tokens.push({ t: "rp" });
      i += 1;
    } else if (c === "-" && i + 1 < n && !isSpace(query[i + 1]) && query[i + 1] !== ")") {
      tokens.push({ t: "neg" });
      i += 1;
    } else if (c === '"') {
      let end = query.indexOf('"', i + 1);
      if (end < 0) end = n;
      tokens.push({ t: "phrase", v: query.slice(i + 1, end) });
      i = end + 1;
    } else {
      let j = i;
      while (j < n && !isSpace(query[j]) && !'()"'.includes(query[j])) j += 1;
      const word = query.slice(i, j);
      i = j;
      const match = FIELD_TOKEN.exec(word);
      if (match && !match[3] && i < n && query[i] === '"') {
        let end = query.indexOf('"', i + 1);
        if (end < 0) end = n;
        tokens.push({ t: "field", f: match[1].toLowerCase(), op: match[2], v: query.slice(i + 1, end) });
        i = end + 1;
      } else if (match && match[3]) {
        tokens.push({ t: "field", f: match[1].toLowerCase(), op: match[2], v: match[3] });
      } else if (word.toLowerCase() === "or") {
        tokens.push({ t: "or" });
      } else if (word.toLowerCase() === "and") {
        tokens.push({ t: "and" });
      } else {
        tokens.push({ t: "word", v: word });
      }
    }
  }
  return tokens;
}

export function valueType(value) {
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return "number";
  if (Array.isArray(value)) return "range";
  return "text";
}

export function schema(entries) {
  const out = { fields: new Map(), kinds: new Set(), statuses: new Set(), games: new Map() };
  for (const entry of entries) {
    out.kinds.add(key(entry.kind));
    const fields = entry.fields || {};
    for (const [name, value] of Object.entries(fields)) {
      if (!out.fields.has(name)) out.fields.set(name, new Set());
      out.fields.get(name).add(valueType(value));
    }
    if (typeof fields.status === "string") out.statuses.add(key(fields.status));
    if (entry.kind === "game") {
      for (const alias of [entry.id, entry.name, fields.short_title]) {
        if (alias && !out.games.has(key(alias))) out.games.set(key(alias), entry.game);
      }
    }
  }
  return out;
}

export function parse(query, sch) {
  const tokens = tokenize(query);
  const warnings = [];
  let pos = 0;
  const peek = () => (pos < tokens.length ? tokens[pos].t : null);

  function fieldNode(tok) {
    const name = FIELD_ALIASES[tok.f] || tok.f;
    const { op } = tok;
    const value = tok.v;
    const label = `${tok.f}${op}${value}`;
    if (!BUILTIN_FIELDS.includes(name) && !sch.fields.has(name)) {
      warnings.push({ w: "unknown_field", field: tok.f, term: label });
      return null;
    }
    if (!value.trim()) {
      warnings.push({ w: "no_value", term: label });
      return null;
    }
    const types = sch.fields.get(name) || new Set(["text"]);
    if (name === "is") {
      if (op !== ":" && op !== "=") {
        warnings.push({ w: "is_colon", term: label });
        return null;
      }
      const v = key(value);
      const bools = sch.fields.get(v);
      if (!(sch.kinds.has(v) || sch.statuses.has(v) || (bools && bools.has("bool")))) {
        warnings.push({ w: "unknown_value", value, term: label });
        return null;
      }
    } else if (NUMERIC_OPERATORS.includes(op) && number(value) === null) {
      warnings.push({ w: "needs_number", op, term: label });
      return null;
    } else if (types.size === 1 && types.has("bool") && truth(value) === null) {
      warnings.push({ w: "yes_or_no", field: tok.f, term: label });
      return null;
    } else if (name === "game" && op !== "!=" &&
               ![...sch.games.keys()].some((a) => a === key(value) || (op === ":" && a.startsWith(key(value))))) {
      warnings.push({ w: "unknown_game", value, term: label });
    }
    return { t: "field", f: name, op, v: value };
  }

  function unary(depth) {
    const tok = tokens[pos];
    pos += 1;
    const kind = tok.t;
    if (kind === "neg") {
      if ([null, "rp", "or", "and"].includes(peek())) return null;
      const inner = unary(depth);
      return inner ? { t: "not", item: inner } : null;
    }
    if (kind === "lp") {
      const inner = orExpr(depth + 1);
      if (peek() === "rp") pos += 1;
      return inner;
    }
    if (kind === "field") return fieldNode(tok);
    const text = fold(tok.v);
    if (!hasWordChar(text)) return null;
    return { t: "word", v: text };
  }

  function andExpr(depth) {
    const items = [];
    while (pos < tokens.length) {
      const kind = peek();
      if (kind === "or") break;
      if (kind === "rp") {
        if (depth > 0) break;
        pos += 1;
        continue;
      }
      if (kind === "and") {
        pos += 1;
        continue;
      }
      const node = unary(depth);
      if (node) items.push(node);
    }
    if (items.length === 1) return items[0];
    return items.length ? { t: "and", items } : null;
  }

  function orExpr(depth) {
    const items = [];
    let node = andExpr(depth);
    if (node) items.push(node);
    while (peek() === "or") {
      pos += 1;
      node = andExpr(depth);
      if (node) items.push(node);
    }
    if (items.length === 1) return items[0];
    return items.length ? { t: "or", items } : null;
  }

  const node = orExpr(0);
  return { node, warnings, hasField: tokens.some((t) => t.t === "field") };
}

function compare(value, op, query) {
  if (value === null || value === undefined) return false;
  let v;
  let q;
  if (Array.isArray(value)) {
    q = number(query);
    if (q === null || value.length !== 2) return false;
    const [low, high] = value;
    return {
      ":": low <= q && q <= high, "=": low <= q && q <= high, "!=": !(low <= q && q <= high),
      "<": low < q, "<=": low <= q, ">": high > q, ">=": high >= q,
    }[op];
  }
  if (typeof value === "boolean") {
    q = truth(query);
    if (q === null || ![":", "=", "!="].includes(op)) return false;
    return op !== "!=" ? value === q : value !== q;
  }
  if (typeof value === "number") {
    q = number(query);
    if (q === null) return false;
    v = value;
  } else {
    const text = String(value);
    if (NUMERIC_OPERATORS.includes(op)) {
      v = leadingNumber(text);
      q = number(query);
      if (v === null || q === null) return false;
    } else if (op === ":") {
      return key(text).includes(key(query));
    } else if (op === "=") {
      return key(query) === key(text);
    } else {
      return key(query) !== key(text);
    }
  }
  return { ":": v === q, "=": v === q, "!=": v !== q, "<": v < q, "<=": v <= q, ">": v > q, ">=": v >= q }[op];
}

export class Matcher {
  constructor(entries) {
    this.entries = entries;
    this.schema = schema(entries);
    this.hay = entries.map((e) => fold(`${e.name} ${e.text}`));
    this.aliases = new Map();
    for (const [alias, game] of this.schema.games) {
      if (!this.aliases.has(game)) this.aliases.set(game, []);
      this.aliases.get(game).push(alias);
    }
  }

  parse(query) {
    return parse(query, this.schema);
  }

  test(node, index) {
    switch (node.t) {
      case "and": return node.items.every((n) => this.test(n, index));
      case "or": return node.items.some((n) => this.test(n, index));
      case "not": return !this.test(node.item, index);
      case "word": return this.hay[index].includes(node.v);
      default: return this.testField(node, this.entries[index]);
    }
  }

  testField(node, entry) {
    const { f: name, op, v: value } = node;
    const fields = entry.fields || {};
    if (name === "game") {
      const aliases = this.aliases.get(entry.game) || [];
      const q = key(value);
      const hit = aliases.some((a) => a === q || (op === ":" && a.startsWith(q)));
      if (op === "!=") return !hit;
      return op === ":" || op === "=" ? hit : false;
    }
    if (name === "is") {
      const v = key(value);
      return key(entry.kind) === v || key(fields.status || "") === v ||
        Object.entries(fields).some(([k, f]) => key(k) === v && f === true);
    }
    if (name === "text") {
      if (op === ":") return fold(entry.text || "").includes(fold(value));
      return compare(entry.text, op, value);
    }
    if (["kind", "gallery", "id", "name"].includes(name)) return compare(entry[name], op, value);
    return compare(fields[name], op, value);
  }

  search(query) {
    const parsed = this.parse(query);
    if (!parsed.node) return { found: [], parsed };
    const found = [];
    this.entries.forEach((entry, i) => {
      if (this.test(parsed.node, i)) found.push(entry);
    });
    return { found, parsed };
  }
}
