"""POWERUP's rulings, tied together in three places by one anchor id `#ruling-<name>`
(docs-dev/POWERUP.md, "Rulings the engine makes"):

- the docstring in engine/powerup/*.py where the code makes the ruling ("Ruling #ruling-jumps");
- the list in docs-dev/POWERUP.md, one entry linking to the box;
- an "Our ruling: <title>" box on a POWERUP rules page (content/powerup/rules/*.md), styled like the other
  games' (`!!! note "Our ruling: ..."`, Mechs vs. Minions' How to Play), its anchor set with attr_list on the
  box's first paragraph (`{: #ruling-jumps }`).

The checks fail when an anchor named in a docstring or in the dev list has no box, when a box's anchor is
named in no docstring or is missing from the dev list, when the dev list holds an entry without its anchor
(or under the wrong page's group), and when the built rules pages do not show a box with its anchor."""

from __future__ import annotations

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RULES = REPO / "content" / "powerup" / "rules"
ENGINE = REPO / "engine" / "powerup"
DEV_DOC = REPO / "docs-dev" / "POWERUP.md"

ANCHOR = re.compile(r"#(ruling-[a-z0-9]+(?:-[a-z0-9]+)*)")
BOX_OPEN = re.compile(r'^!!! note "Our ruling: (?P<title>.+)"\s*$')
BOX_ANCHOR = re.compile(r"^ {4}\{:\s*#(?P<anchor>ruling-[a-z0-9-]+)\s*\}\s*$")
ANY_RULING_ATTR = re.compile(r"\{:?[^}]*#ruling-")
DEV_LINK = re.compile(
    r"\]\(\.\./content/powerup/rules/(?P<page>[a-z0-9-]+)\.md#(?P<anchor>ruling-[a-z0-9-]+)\)"
)


# ---------------------------------------------------------------------------- the three places


def engine_anchors(folder: Path = ENGINE) -> dict[str, list[str]]:
    """Each ruling anchor named in an engine/powerup docstring: anchor -> ["<module> <Class.function>"]."""
    found: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        stack = [(tree, "")]
        while stack:
            node, qual = stack.pop()
            doc = ast.get_docstring(node, clean=False) or ""
            for anchor in ANCHOR.findall(doc):
                found.setdefault(anchor, []).append(f"{path.name} {qual or '(module)'}".strip())
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                    stack.append((child, f"{qual}.{child.name}" if qual else child.name))
    return found


def dev_anchors(text: str | None = None) -> set[str]:
    """The ruling anchors docs-dev/POWERUP.md names anywhere."""
    return set(ANCHOR.findall(DEV_DOC.read_text(encoding="utf-8") if text is None else text))


def dev_links(text: str | None = None) -> dict[str, str]:
    """The rulings list's links: anchor -> rules page id."""
    text = DEV_DOC.read_text(encoding="utf-8") if text is None else text
    return {m["anchor"]: m["page"] for m in DEV_LINK.finditer(text)}


DEV_SECTION = "## Rulings the engine makes"
DEV_GROUP = re.compile(r"^### .*\(`rules/(?P<page>[a-z0-9-]+)\.md`\)\s*$")
DEV_ENTRY = re.compile(
    r"^- \[\*\*[^*]+\*\*\]\(\.\./content/powerup/rules/(?P<page>[a-z0-9-]+)\.md"
    r"#(?P<anchor>ruling-[a-z0-9-]+)\) \(`#(?P=anchor)`\): \S"
)


def dev_list_problems(text: str | None = None) -> list[str]:
    """What is wrong with the rulings list's shape: after its first page group
    (`### ... (`rules/<page>.md`)`), every line is a group heading, a blank line, or one entry on one line,
    `- [**Title**](../content/powerup/rules/<page>.md#ruling-x) (`#ruling-x`): ...`, linking to a box on
    its group's page. A free-form entry (no anchor), a continuation line, or a heading that names no rules
    page is a problem."""
    text = DEV_DOC.read_text(encoding="utf-8") if text is None else text
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith(DEV_SECTION)), None)
    if start is None:
        return [f"docs-dev/POWERUP.md has no section {DEV_SECTION!r}"]
    problems, group = [], None
    for i in range(start + 1, len(lines)):
        line, where = lines[i], f"docs-dev/POWERUP.md:{i + 1}"
        if line.startswith("## "):
            break
        if line.startswith("### "):
            match = DEV_GROUP.match(line)
            if not match:
                problems.append(f"{where}: a group heading that names no rules page: {line!r}")
            group = match["page"] if match else "?"
            continue
        if group is None or not line.strip():
            continue
        entry = DEV_ENTRY.match(line)
        if not entry:
            problems.append(f"{where}: an entry without its anchor link and id: {line[:80]!r}")
        elif entry["page"] != group:
            anchor, page = entry["anchor"], entry["page"]
            problems.append(f"{where}: #{anchor} links to {page}.md under the {group} group")
    return problems


def page_boxes(page: str, text: str) -> tuple[list[dict], list[str]]:
    """The "Our ruling" boxes of one rules page's Markdown: [{page, title, anchors, body}], and problems
    (a ruling anchor outside a box)."""
    boxes, problems = [], []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        match = BOX_OPEN.match(lines[i])
        if not match:
            if ANY_RULING_ATTR.search(lines[i]):
                problems.append(f"{page}.md:{i + 1}: a ruling anchor outside an 'Our ruling' box")
            i += 1
            continue
        body, i = [], i + 1
        while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
            if not lines[i].strip() and (i + 1 >= len(lines) or not lines[i + 1].startswith("    ")):
                break
            body.append(lines[i])
            i += 1
        anchors = [m["anchor"] for line in body if (m := BOX_ANCHOR.match(line))]
        boxes.append({"page": page, "title": match["title"], "anchors": anchors, "body": body})
    return boxes, problems


def rules_boxes(folder: Path = RULES) -> tuple[dict[str, dict], list[str]]:
    """Every box of the POWERUP rules pages by anchor, and the problems found reading them."""
    by_anchor: dict[str, dict] = {}
    problems: list[str] = []
    for path in sorted(folder.glob("*.md")):
        boxes, found = page_boxes(path.stem, path.read_text(encoding="utf-8"))
        problems += found
        for box in boxes:
            if len(box["anchors"]) != 1:
                problems.append(f"{path.name}: box {box['title']!r} has anchors {box['anchors']} (needs one)")
            for anchor in box["anchors"]:
                if anchor in by_anchor:
                    problems.append(f"{path.name}: #{anchor} is on two boxes")
                by_anchor[anchor] = box
    return by_anchor, problems


def missing_boxes(named: dict[str, list[str]], boxes: dict) -> list[str]:
    return sorted(f"#{a} (named in {', '.join(where)})" for a, where in named.items() if a not in boxes)


# ---------------------------------------------------------------------------- the checks themselves


def test_the_checks_catch_a_missing_box_an_unnamed_box_and_a_stray_anchor():
    """The readers find what the real checks below look for (so those can fail)."""
    page = (
        "Text.\n\n"
        '!!! note "Our ruling: Jumps"\n'
        '    "You may jump a square" does not say where.\n'
        "    {: #ruling-jumps }\n\n"
        '!!! note "Our ruling: No anchor"\n'
        "    Words.\n\n"
        "A paragraph.\n"
        "{: #ruling-stray }\n"
    )
    boxes, problems = page_boxes("p", page)
    assert [(b["title"], b["anchors"]) for b in boxes] == [("Jumps", ["ruling-jumps"]), ("No anchor", [])]
    assert problems == ["p.md:11: a ruling anchor outside an 'Our ruling' box"]
    named = {"ruling-jumps": ["movement.py"], "ruling-ladders": ["movement.py MovementRules.vertical_ok"]}
    assert missing_boxes(named, {"ruling-jumps": boxes[0]}) == [
        "#ruling-ladders (named in movement.py MovementRules.vertical_ok)"
    ]
    assert dev_anchors("- [**Jumps**](../content/powerup/rules/p.md#ruling-jumps)") == {"ruling-jumps"}
    assert dev_links("- [**Jumps**](../content/powerup/rules/p.md#ruling-jumps)") == {"ruling-jumps": "p"}
    dev = (
        "## Rulings the engine makes\n\nIntro.\n\n### Basics (`rules/p.md`)\n\n"
        "- [**Jumps**](../content/powerup/rules/p.md#ruling-jumps) (`#ruling-jumps`): lands beyond. — x.py.\n"
        "- [**Ladders**](../content/powerup/rules/q.md#ruling-ladders) (`#ruling-ladders`): up. — x.py.\n"
        "- **Falls**: a free-form entry,\n  on two lines.\n\n### Still to be boxed\n\n"
        "## Next section\n- free\n"
    )
    assert dev_list_problems(dev) == [
        "docs-dev/POWERUP.md:8: #ruling-ladders links to q.md under the p group",
        "docs-dev/POWERUP.md:9: an entry without its anchor link and id: '- **Falls**: a free-form entry,'",
        "docs-dev/POWERUP.md:10: an entry without its anchor link and id: '  on two lines.'",
        "docs-dev/POWERUP.md:12: a group heading that names no rules page: '### Still to be boxed'",
    ]


def test_every_box_is_well_formed():
    boxes, problems = rules_boxes()
    assert problems == []
    assert len(boxes) >= 30, "the engine makes some 30+ rulings; the boxes went missing"


def test_every_ruling_named_in_the_engine_has_a_box():
    """A docstring that says "Ruling #ruling-x" promises a box with that anchor on a rules page."""
    boxes, _ = rules_boxes()
    assert missing_boxes(engine_anchors(), boxes) == []


def test_every_ruling_in_the_dev_list_has_a_box():
    """docs-dev/POWERUP.md, "Rulings the engine makes": each entry is shown as an "Our ruling" box."""
    boxes, _ = rules_boxes()
    assert missing_boxes({a: ["docs-dev/POWERUP.md"] for a in dev_anchors()}, boxes) == []


def test_every_entry_of_the_dev_list_has_an_anchor():
    """docs-dev/POWERUP.md, "Rulings the engine makes": one entry a ruling, each with its anchor (linking to
    its box on the rules page of its group), so that no free-form entry waiting for a box can pile up."""
    assert dev_list_problems() == []
    assert len(dev_links()) >= 30


def test_every_box_is_named_in_the_engine_and_in_the_dev_list():
    """A box states a ruling the code makes: its anchor is in the docstring where the code makes it, and
    in the dev list, which links to the page the box is on."""
    boxes, _ = rules_boxes()
    named, dev, links = engine_anchors(), dev_anchors(), dev_links()
    assert sorted(f"#{a} ({b['page']}.md)" for a, b in boxes.items() if a not in named) == []
    assert sorted(f"#{a} ({b['page']}.md)" for a, b in boxes.items() if a not in dev) == []
    wrong = {a: (links.get(a), b["page"]) for a, b in boxes.items() if links.get(a) != b["page"]}
    assert wrong == {}, "dev list link (page it names, page the box is on)"


def test_the_boxes_speak_to_players_and_name_the_rulebook_sentence():
    """ "in plain words for a player (no code names, no field names), quoting or naming the rulebook sentence
    that is silent or ambiguous"."""
    boxes, _ = rules_boxes()
    for anchor, box in boxes.items():
        text = " ".join(line.strip() for line in box["body"] if not BOX_ANCHOR.match(line))
        text = re.sub(r"\]\([^)]*\)", "]", text)  # a link to another box is fine
        assert "`" not in text and "`" not in box["title"], anchor
        assert not re.search(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+\.py\b|#ruling-", text), anchor
        assert '"' in text, f"#{anchor}: quote the rulebook sentence the ruling reads"


# ---------------------------------------------------------------------------- on the built site


class RulingBoxes(HTMLParser):
    """Each element with a ruling id: the admonition it sits in (its classes and title)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[dict] = []
        self.found: dict[str, dict] = {}
        self._title: dict | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        node = {"tag": tag, "classes": classes, "title": ""}
        if tag == "p" and "admonition-title" in classes:
            self._title = next((n for n in reversed(self.stack) if "admonition" in n["classes"]), None)
        if (attrs.get("id") or "").startswith("ruling-"):
            box = next((n for n in reversed(self.stack) if "admonition" in n["classes"]), None)
            self.found[attrs["id"]] = {"box": box}
        if tag not in ("br", "img", "input", "hr", "meta", "link", "source", "wbr"):
            self.stack.append(node)

    def handle_endtag(self, tag):
        if tag == "p":
            self._title = None
        while self.stack:
            if self.stack.pop()["tag"] == tag:
                break

    def handle_data(self, data):
        if self._title is not None:
            self._title["title"] += data


def test_the_built_rules_pages_show_each_box_with_its_anchor(built_site):
    site = built_site[0]
    boxes, _ = rules_boxes()
    pages: dict[str, RulingBoxes] = {}
    for anchor, box in sorted(boxes.items()):
        if box["page"] not in pages:
            html_file = site / "powerup" / "rules" / box["page"] / "index.html"
            assert html_file.is_file(), html_file
            pages[box["page"]] = RulingBoxes()
            pages[box["page"]].feed(html_file.read_text(encoding="utf-8"))
        shown = pages[box["page"]].found.get(anchor)
        assert shown is not None, f"#{anchor} is not on the built {box['page']} page"
        admonition = shown["box"]
        assert admonition is not None, f"#{anchor} is not inside an admonition"
        assert admonition["tag"] == "div" and "note" in admonition["classes"], (anchor, admonition)
        assert admonition["title"].strip() == f"Our ruling: {box['title']}", (anchor, admonition["title"])
    # Every ruling id on the built pages is one of the boxes (nothing stray, nothing left from old text).
    assert {a for p in pages.values() for a in p.found} == set(boxes)
