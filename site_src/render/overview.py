"""What the home page, each game's overview page and each scenario's "At a glance" panel show,
computed from the checked content (and from gallery.py's galleries where that module exists).

Plain data only: the templates (home.md.j2, game.md.j2, scenario.md.j2) escape and lay it out.
Scenario facts come from the structured data (`mission` for Mechs vs. Minions missions, `play`
for playable scenarios, goals / preparation / coins / special rules for POWERUP scenarios), so a
number corrected in YAML is corrected in the panel.
"""

from __future__ import annotations

import importlib.util
import posixpath
import re
from dataclasses import dataclass, field

from ..model.content import Content, Game, source_order
from ..compile.playable import PLAYED_KINDS, play_context, playable_records

# Words of the generated parts of a page, per language of a game (content text stays as written).
LABELS = {
    "en": {
        "players": "Players",
        "language": "Language",
        "publisher": "Publisher",
        "year": "Year",
        "playable": "Playable",
        "play_here": "Play it here",
        "modes": "Modes",
        "rules": "Rules",
        "galleries": "Galleries",
        "scenarios": "Scenarios",
        "records": "Records",
        "components": "Components",
        "elements": "Elements",
        "random_card": "Random card",
        "nothing_playable": "Nothing of this game is playable yet: the rules engine does not "
        "support its scenarios. Everything else here is the complete reference.",
        "sections": "section",
        "sections_pl": "sections",
        "page": "page",
        "pages": "pages",
        "term": "term",
        "terms": "terms",
        "card": "card",
        "cards": "cards",
        "record": "record",
        "records_pl": "records",
        "scenario": "scenario",
        "scenarios_pl": "scenarios",
        "glossary_line": "{n} {terms} of {game}, in the source's order; sub-entries follow their entry.",
        "rules_line": "The rules in the source's order, with their sections:",
        "at_a_glance": "At a glance",
        "source_order": "in the source's order",
        "language_name": "English",
        "glossary_hint": "Point at a term on any page of this game to read its first sentence; "
        "the link leads here.",
        "index_label": "Index of terms",
        "also_written": "Also written:",
        "see_also": "See also:",
    },
    "es": {
        "players": "Jugadores",
        "language": "Idioma",
        "publisher": "Editorial",
        "year": "Año",
        "playable": "Jugable",
        "play_here": "Jugar aquí",
        "modes": "Modos",
        "rules": "Reglas",
        "galleries": "Galerías",
        "scenarios": "Escenarios",
        "records": "Registros",
        "components": "Componentes",
        "elements": "Elementos",
        "random_card": "Carta al azar",
        "nothing_playable": "Todavía no se puede jugar a este juego aquí: el motor de reglas no "
        "lo admite. Todo lo demás es la referencia completa.",
        "sections": "sección",
        "sections_pl": "secciones",
        "page": "página",
        "pages": "páginas",
        "term": "término",
        "terms": "términos",
        "card": "carta",
        "cards": "cartas",
        "record": "registro",
        "records_pl": "registros",
        "scenario": "escenario",
        "scenarios_pl": "escenarios",
        "glossary_line": "{n} {terms} de {game}, en el orden de la fuente; las subentradas siguen "
        "a su entrada.",
        "rules_line": "Las reglas en el orden de la fuente, con sus secciones:",
        "at_a_glance": "De un vistazo",
        "source_order": "en el orden de la fuente",
        "language_name": "español",
        "glossary_hint": "Señala un término en cualquier página de este juego para leer su primera "
        "frase; el enlace lleva aquí.",
        "index_label": "Índice de términos",
        "also_written": "También escrito:",
        "see_also": "Véase también:",
    },
}


def language(game: Game) -> str:
    return str(game.meta.get("language") or "en").split("-")[0]


def labels(game: Game | None) -> dict[str, str]:
    return LABELS.get(language(game) if game else "en", LABELS["en"])


def humanize(value: object) -> str:
    return str(value).replace("-", " ").replace("_", " ").strip().capitalize()


# ---------------------------------------------------------------------------- cards and galleries


@dataclass
class GalleryLink:
    title: str
    url: str  # relative to the site root
    count: int
    description: str = ""


def _galleries(content: Content) -> list | None:
    """gallery.galleries(content), once the gallery pages are drawn (gallery_pages.py exists)."""
    if importlib.util.find_spec(f"{__package__}.gallery_pages") is None:
        return None
    try:
        from . import gallery
    except ImportError:
        return None
    make = getattr(gallery, "galleries", None)
    if make is None:
        return None
    try:
        return list(make(content))
    except Exception:  # noqa: BLE001 - a gallery still under construction must not break the build
        return None


def _gallery_url(found) -> str | None:
    url = getattr(found, "url", None)
    if isinstance(url, str):
        return url
    items = getattr(found, "items", None) or []
    if items and isinstance(getattr(items[0], "url", None), str):
        return posixpath.dirname(items[0].url.rstrip("/")) + "/"
    return None


class Cards:
    """Card (item) pages per game: from gallery.galleries() when it exists, else the cards of
    each game's decks on its Cards page."""

    def __init__(self, content: Content):
        self.urls: dict[str, list[str]] = {g: [] for g in content.games}
        self.galleries: dict[str, list[GalleryLink]] = {g: [] for g in content.games}
        found = _galleries(content)
        if found:
            for gal in found:
                game = getattr(gal, "game", None)
                if game not in self.urls:
                    continue
                items = list(getattr(gal, "items", None) or [])
                self.urls[game] += [item.url for item in items if isinstance(getattr(item, "url", None), str)]
                url = _gallery_url(gal)
                if url:
                    self.galleries[game].append(
                        GalleryLink(
                            str(getattr(gal, "title", "") or humanize(getattr(gal, "id", "cards"))),
                            url,
                            len(items),
                            str(getattr(gal, "description", "") or ""),
                        )
                    )
        else:
            for game_id, game in content.games.items():
                decks = game.sorted_decks()
                for deck in decks:
                    cards = deck.data.get("cards")
                    for card in cards if isinstance(cards, list) else []:
                        if isinstance(card, dict) and isinstance(card.get("id"), str):
                            self.urls[game_id].append(f"{game_id}/cards/#{card['id']}")
                if decks:
                    self.galleries[game_id].append(
                        GalleryLink(
                            "Cards",
                            f"{game_id}/cards/",
                            len(self.urls[game_id]),
                            ", ".join(str(d.data.get("name") or d.file.stem) for d in decks),
                        )
                    )
        self.urls = {g: list(dict.fromkeys(u)) for g, u in self.urls.items()}

    def count(self, game_id: str) -> int:
        return len(self.urls.get(game_id, []))

    def all_urls(self) -> list[str]:
        return [url for game in sorted(self.urls) for url in self.urls[game]]


# ---------------------------------------------------------------------------- home and overview


def rules_sections(game: Game) -> list[tuple[object, list]]:
    """(rules page, its ## headings) in source order."""
    return [(page, [h for h in page.headings if h.level == 2]) for page in game.sorted_rules()]


def scenario_url(game: Game, scenario: dict) -> str:
    return f"{game.id}/scenarios/{scenario['id']}/"


@dataclass
class GameSummary:
    game: Game
    labels: dict
    counts: dict
    rules: list  # (page, [## headings])
    playable: list[dict]  # scenario records the engine supports
    scenarios: list[dict]
    played: list[dict]  # other records the engine plays (Marvel United's villains): id, kind, title, players
    modes: list[tuple[str, list[dict]]]  # (mode, scenarios) where scenarios have a `mode`
    galleries: list[GalleryLink]
    kinds: list[tuple[str, int]]  # record kinds drawn by records.py: (kind, count)
    card_urls: list[str] = field(default_factory=list)

    @property
    def first_playable_url(self) -> str | None:
        if self.playable:
            return scenario_url(self.game, self.playable[0])
        return f"{self.game.id}/{self.played[0]['kind']}/{self.played[0]['id']}/" if self.played else None


def summarize(game: Game, cards: Cards, kinds: list[tuple[str, int]]) -> GameSummary:
    scenarios = [record.data for record in game.sorted_scenarios()]
    playable = [s for s in scenarios if isinstance(s.get("play"), dict)]
    modes: dict[str, list[dict]] = {}
    for scenario in scenarios:
        if isinstance(scenario.get("mode"), str):
            modes.setdefault(scenario["mode"], []).append(scenario)
    rules = rules_sections(game)
    counts = dict(game.counts())
    counts["sections"] = sum(len(headings) for _page, headings in rules)
    counts["cards"] = cards.count(game.id)
    counts["records"] = sum(n for _kind, n in kinds)
    played = []
    for kind in PLAYED_KINDS:
        offered = playable_records(game, kind)
        for record in sorted(game.kinds.get(kind, {}).values(), key=source_order):
            if record.file.stem in offered:
                ctx = play_context(game, record.data)
                played.append({"id": record.file.stem, "kind": kind, "title": ctx["title"],
                               "players_min": ctx["players_min"], "players_max": ctx["players_max"],
                               "players_word": ctx["players_word"]})
    counts["played"] = len(played)
    return GameSummary(
        game=game,
        labels=labels(game),
        counts=counts,
        rules=rules,
        playable=playable,
        scenarios=scenarios,
        played=played,
        modes=list(modes.items()),
        galleries=cards.galleries.get(game.id, []),
        kinds=kinds,
        card_urls=cards.urls.get(game.id, []),
    )


def other_kinds(game: Game, with_templates: set[str]) -> list[tuple[str, int]]:
    return [(k, len(game.kinds[k])) for k in sorted(set(game.kinds) - with_templates)]


def records_of(game: Game, kind: str) -> list[tuple[str, str]]:
    """(stem, title) of a kind's records in source order."""
    out = []
    for record in sorted(game.kinds.get(kind, {}).values(), key=source_order):
        data = record.data
        title = data.get("name") or data.get("title") or humanize(record.file.stem)
        out.append((record.file.stem, str(title)))
    return out


# ---------------------------------------------------------------------------- scenario: at a glance


@dataclass
class Row:
    key: str  # stable, for tests and styling: doom-tracker, win, loss, ez-mode, ...
    label: str
    value: str = ""  # a short structured phrase, drawn from the numbers
    items: list[str] = field(default_factory=list)  # printed sentences or steps
    ordered: bool = False
    rule: str | None = None  # where the source says it (a rule id of this game)
    links: list[tuple[str, str]] = field(default_factory=list)  # (text, rule id)
    note: bool = False  # items are what the source lacks


def _texts(value) -> list[str]:
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, list):
        return [str(v) for v in value if isinstance(v, (str, int)) and str(v).strip()]
    return []


def _n(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else plural or word + 's'}"


def _toward(direction: str) -> str:
    if direction == "rune-die":
        return "in the Crystal Compass direction of the Rune Die's colour"
    if direction.startswith("toward-"):
        return "toward the " + direction.removeprefix("toward-").replace("-", " ").title()
    return humanize(direction).lower()


_BOMB_DAMAGE = {
    "stomps-minion": "for each Minion it stomps",
    "minion-attack": "for each Minion attack",
    "lava-wall": "for each space the Lava Wall pushes it",
    "lava-pool": "on a Lava Pool",
    "rune-die-red-or-yellow": "when the Rune Die rolls red or yellow",
}


def _mvm_rows(scenario: dict) -> list[Row]:
    mission = scenario.get("mission") if isinstance(scenario.get("mission"), dict) else {}
    play = scenario.get("play") if isinstance(scenario.get("play"), dict) else {}
    rows: list[Row] = []
    ez: list[str] = []

    setup = mission.get("setup") or {}
    if setup.get("steps"):
        value = _n(len(setup["steps"]), "step")
        rows.append(Row("setup", "Setup", value, rule=setup.get("rule")))
    shards = mission.get("crystal_shards") or play.get("crystal_shards") or {}
    if shards:
        count = shards.get("count", len(shards.get("squares") or []))
        bits = [f"{count} Crystal Shard{'s' if count != 1 else ''}" if count else "Crystal Shards"]
        if shards.get("breakable") is True:
            bits.append("breakable")
        if shards.get("carried") is True:
            bits.append("carried by Mechs")
        rows.append(
            Row(
                "crystal-shards",
                "Crystal Shards",
                ", ".join(bits),
                _texts(shards.get("placed")),
                rule=shards.get("rule"),
            )
        )
    bomb = mission.get("bomb") or {}
    if bomb:
        hurts = [
            f"{d['amount']} {_BOMB_DAMAGE.get(str(d.get('when', '')), humanize(d.get('when', '')).lower())}"
            for d in bomb.get("damage") or []
            if isinstance(d, dict) and "amount" in d
        ]
        value = "loses " + "; ".join(hurts) if hurts else ""
        if bomb.get("heal_on_repair_pad"):
            value += f"{'; ' if value else ''}heals {bomb['heal_on_repair_pad']} on a Repair Pad"
        name = str(bomb.get("name") or "The Bomb")
        rows.append(
            Row(
                "bomb",
                name[:1].upper() + name[1:],
                value,
                _texts(bomb.get("placed")),
                rule=bomb.get("rule"),
            )
        )
    gates = mission.get("rune_gates") or {}
    if gates:
        bits = []
        if gates.get("count"):
            bits.append(_n(gates["count"], "Rune Gate"))
        if gates.get("start"):
            bits.append(f"start {gates['start']}")
        rows.append(Row("rune-gates", "Rune Gates", ", ".join(bits), rule=gates.get("rule")))

    doom = mission.get("doom_tracker") or {}
    if doom:
        tracks = humanize(doom.get("tracks", "value"))
        value = f"{tracks}: starts at {doom['start']}" if "start" in doom else tracks
        if "max" in doom:
            value += f" (at most {doom['max']})"
        if "ez_mode" in doom:
            value += f" · EZ-MODE: {doom['ez_mode']}"
            ez += _texts(doom.get("ez_text")) or [f"{tracks} starts at {doom['ez_mode']}."]
        rows.append(Row("doom-tracker", "Doom Tracker", value, rule=doom.get("rule")))

    draft = mission.get("draft") or {}
    if draft:
        bits = []
        first = draft.get("first") or {}
        if first.get("kind") == "double":
            bits.append("Double Draft in the first Round")
        timed = draft.get("timed") or {}
        if timed.get("from") == "start":
            bits.append("timed with Zhonya's Minuteglass from the start")
        elif timed.get("from"):
            bits.append(f"timed from the {str(timed['from']).replace('-', ' ')} on")
        rows.append(
            Row(
                "draft", "Draft", "; ".join(bits) or "as usual", rule=(first.get("rule") or timed.get("rule"))
            )
        )
    elif play.get("first_draft"):
        rows.append(Row("draft", "Draft", f"first draft: {play['first_draft']}"))

    minions = mission.get("minion_phase") or play.get("minion_phase") or {}
    if minions:
        move = minions.get("movement") or {}
        spawn = minions.get("spawn") or {}
        attack = minions.get("attack") or {}
        bits = []
        if move:
            direction = move.get("direction") or move.get("by")
            spaces = move.get("spaces")
            phrase = "move"
            if spaces:
                phrase += f" {_n(spaces, 'space')}"
            if direction:
                phrase += f" {_toward(str(direction))}"
            if move.get("prefer"):
                phrase += f" (ties: {', '.join(move['prefer'])})"
            bits.append(phrase)
            if move.get("ez_spaces"):
                ez.append(f"Minions move {_n(move['ez_spaces'], 'space')} instead of {spaces}.")
        if spawn:
            where = spawn.get("where") or spawn.get("kind")
            phrase = "no spawning" if where == "none" else f"spawn on {humanize(where).lower()}"
            if spawn.get("rows"):
                phrase += f" ({_n(spawn['rows'], 'full row')})"
            bits.append(phrase)
        if attack:
            targets = ", ".join(humanize(t) for t in attack.get("targets") or []) or "adjacent Mechs"
            bits.append(f"attack: {attack.get('damage', 1)} damage to {targets}")
        rule = move.get("rule") or spawn.get("rule") or attack.get("rule")
        rows.append(Row("minion-phase", "Minion Phase", "; ".join(bits), rule=rule))

    escalations = mission.get("escalations") or play.get("escalations") or []
    if escalations:
        items, rule = [], None
        for esc in escalations:
            if not isinstance(esc, dict):
                continue
            rule = rule or esc.get("rule")
            trigger = str(esc.get("trigger", ""))
            then = esc.get("then") or []
            if isinstance(then, list) and then and all(isinstance(t, str) for t in then):
                items.append(f"{trigger.rstrip(':')}: {then[0]}")
            else:
                objective = next(
                    (t["objective"] for t in then if isinstance(t, dict) and "objective" in t), None
                )
                items.append(f"When {trigger.replace('-', ' ')}: {objective or humanize(esc.get('id', ''))}")
            if esc.get("ez_trigger"):
                ez.append(str(esc["ez_trigger"]))
        rows.append(
            Row("escalations", "Escalations" if len(items) > 1 else "Escalation", items=items, rule=rule)
        )

    danger = mission.get("danger_phase") or {}
    if danger:
        kind = str(danger.get("kind", ""))
        bits = []
        boss = danger.get("boss") or {}
        if boss:
            if boss.get("command_line_slots"):
                bits.append(f"{boss['command_line_slots']}-slot Boss Command Line")
            if boss.get("deal"):
                bits.append(f"deal {boss['deal']}, pick {boss.get('pick', 1)} Boss Cards")
            if boss.get("doom_cannon_power"):
                bits.append(f"GG-101 Doom Cannon at {boss['doom_cannon_power']} Power")
            if boss.get("rune_shields"):
                bits.append(_n(boss["rune_shields"], "Rune Shield"))
        lava = danger.get("lava_wall") or {}
        if lava:
            if lava.get("first_round"):
                bits.append(f"the Lava Wall first moves in Round {lava['first_round']}")
            if lava.get("spaces"):
                bits.append(f"{_n(lava['spaces'], 'space')} each Danger Phase")
            if lava.get("damage_per_space"):
                bits.append(f"{lava['damage_per_space']} damage per space it pushes")
            if lava.get("ez_text"):
                ez.append(str(lava["ez_text"]))
        label = {"boss": "The Boss acts", "lava-wall": "The Lava Wall moves"}.get(kind, humanize(kind))
        rows.append(
            Row(
                "danger-phase",
                "Danger Phase",
                f"{label}: {'; '.join(bits)}" if bits else label,
                rule=danger.get("rule"),
            )
        )

    losses = mission.get("loss") or []
    if losses:
        items = [t for loss in losses if isinstance(loss, dict) for t in _texts(loss.get("text"))[-1:]]
        rule = next((x.get("rule") for x in losses if isinstance(x, dict) and x.get("rule")), None)
        rows.append(Row("loss", "Loss", items=list(dict.fromkeys(items)), rule=rule))
    win = mission.get("win") or {}
    if win:
        rows.append(Row("win", "Victory", items=_texts(win.get("text"))[-1:], rule=win.get("rule")))
    elif play.get("victory"):
        victory = play["victory"]
        rows.append(
            Row("win", "Victory", str(victory.get("when", "")).replace("-", " "), rule=victory.get("rule"))
        )
    if ez:
        rows.append(Row("ez-mode", "EZ-MODE", items=list(dict.fromkeys(ez))))
    introduces = [i for i in mission.get("introduces") or [] if isinstance(i, dict) and i.get("name")]
    if introduces:
        rows.append(
            Row(
                "introduces",
                "New in this mission",
                links=[(str(i["name"]), str(i.get("rule") or "")) for i in introduces],
            )
        )
    nxt = mission.get("next") or {}
    if nxt.get("envelope"):
        value = str(nxt["envelope"]) + (f" (Mission {nxt['mission']})" if nxt.get("mission") else "")
        rows.append(Row("next", "Next", value, rule=nxt.get("rule")))
    return rows


def _section(scenario: dict, *words: str) -> str | None:
    """The id of the first text section whose title contains one of the words."""
    for section in scenario.get("sections") or []:
        title = str(section.get("title", "")).lower()
        if any(word in title for word in words):
            return section.get("id")
    return None


def _powerup_rows(scenario: dict, names: dict[str, str]) -> list[Row]:
    rows: list[Row] = []
    mode = scenario.get("mode")
    if mode:
        value = humanize(mode)
        if scenario.get("number"):
            value += f", Mission {scenario['number']}"
        rows.append(Row("mode", "Mode", value))
    goals = _texts(scenario.get("goals")) or _texts(scenario.get("objective"))
    if goals:
        rows.append(
            Row(
                "goal",
                "Goal" if len(goals) == 1 else "Goals",
                items=goals,
                rule=_section(scenario, "goal", "objective", "scoring"),
            )
        )
    if scenario.get("reward"):
        rows.append(
            Row("reward", "Reward", items=_texts(scenario["reward"]), rule=_section(scenario, "reward"))
        )
    limit = scenario.get("time_limit") or {}
    if limit:
        value = (
            "no time limit"
            if limit.get("none")
            else _n(limit["turn_sequences"], "turn sequence")
            if limit.get("turn_sequences")
            else ""
        )
        rows.append(Row("time-limit", "Time limit", value, items=_texts(limit.get("printed"))))
    coins = scenario.get("initial_coins") or {}
    if coins:
        rows.append(
            Row(
                "initial-coins",
                "Initial coins",
                f"{coins.get('per_player')} per player",
                rule=_section(scenario, "coins"),
            )
        )
    setup = scenario.get("setup") or {}
    bits = []
    if setup.get("tiles"):
        board = f" in a {setup['board']} board" if setup.get("board") else ""
        bits.append(_n(setup["tiles"], "tile") + board)
    if setup.get("tile_numbers"):
        bits.append("tiles " + ", ".join(str(n) for n in setup["tile_numbers"]))
    for piece in setup.get("pieces") or []:
        if not isinstance(piece, dict):
            continue
        name = names.get(str(piece.get("piece", ""))) or humanize(piece.get("piece", ""))
        if "count" in piece:
            per = f" per {names.get(piece['per']) or piece['per']}" if piece.get("per") else ""
            less = f" minus {piece['minus']}" if piece.get("minus") else ""
            bits.append(f"{name} × {piece['count']}{per}{less}")
        else:
            bits.append(name)
    preparation = _texts(scenario.get("preparation"))
    if bits or preparation:
        rows.append(
            Row(
                "preparation",
                "Preparation",
                "; ".join(bits),
                items=preparation,
                ordered=True,
                rule=_section(scenario, "preparation", "set-up", "setup"),
            )
        )
    special = _texts(scenario.get("special_rules"))
    if special:
        rows.append(
            Row(
                "special-rules",
                "Special rules",
                items=special,
                rule=_section(scenario, "special rules", "rules"),
            )
        )
    missing = _texts(scenario.get("missing"))
    if missing:
        rows.append(Row("missing", "Not in the source", items=missing, note=True))
    return rows


def glance(scenario: dict, names: dict[str, str] | None = None) -> list[Row]:
    """The rows of a scenario's "At a glance" panel (empty when the data says nothing more).
    `names`: the game's glossary, term id -> term, to name pieces as the source does."""
    names = names or {}
    names = {**{re.sub(r"[^a-z0-9]+", "-", v.lower()).strip("-"): v for v in names.values()}, **names}
    players = scenario.get("players") or {}
    rows: list[Row] = []
    if players:
        low, high = players.get("min"), players.get("max")
        rows.append(Row("players", "Players", f"{low}" if low == high else f"{low}–{high}"))
    if isinstance(scenario.get("mission"), dict) or isinstance(scenario.get("play"), dict):
        rows += _mvm_rows(scenario)
    rows += _powerup_rows(scenario, names)
    return rows if len(rows) > 1 else []
