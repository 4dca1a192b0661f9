"""Records drawn from their data alone (site_src/render/records.py): structure, badges, escaping."""

from site_src.render import labels
from site_src.render.records import for_readers, record_html

HOSTILE = '<script>alert(1)</script><img src=x onerror="alert(2)">'


def test_mapping_lists_and_uniform_tables():
    html = str(record_html({
        "id": "klaw",
        "name": "Klaw",
        "health": [{"heroes": 2, "health": 5}, {"heroes": 3, "health": 6}],
        "keywords": ["BAM!", "Overflow"],
        "bam": True,
    }))
    assert "<dt>Name</dt><dd>Klaw</dd>" in html and "<dt>Id</dt>" not in html
    assert "<th>Heroes</th><th>Health</th>" in html and "<td>3</td><td>6</td>" in html
    assert "<dd>BAM!, Overflow</dd>" in html and "<dt>Bam</dt><dd>yes</dd>" in html
    assert "\n\n" not in html  # one raw HTML block inside the generated Markdown


def test_nested_records_get_titles_anchors_and_provenance_badges():
    html = str(record_html({"cards": [
        {"id": "tricky", "name": "Tricky", "text": "Draw two cards.",
         "provenance": {"source": "Book, POW! Cards", "status": "uncertain",
                        "note": "Gap: the name is unreadable."}},
        {"id": "plain", "name": "Plain", "text": "Move 1.",
         "provenance": {"source": "Book, POW! Cards", "status": "transcribed"}},
    ]}))
    assert '<p class="tome-item__title" id="tricky"><strong>Tricky</strong></p>' in html
    assert 'tome-badge--uncertain' in html and "Gap: the name is unreadable." in html
    assert html.count("tome-badge--") == 1  # transcribed records get no badge


def test_text_is_escaped_and_script_links_are_dropped():
    html = str(record_html({"effect": f"Boom {HOSTILE} [x](javascript:alert(3))",
                            "list": [HOSTILE, "fine"],
                            "provenance": {"source": HOSTILE, "status": "adapted", "note": HOSTILE}}))
    assert "<script" not in html and "<img" not in html and "javascript:" not in html
    assert "&lt;script&gt;" in html


def test_rule_ids_and_constant_names_are_shown_for_readers():
    """A `rule` id becomes a link to the rule under its title; `constants` names say their values; in a
    page in Spanish, the field names and a yes/no are Spanish too."""
    rules = {"fase-robo": {"href": "../../rules/reglas/#fase-robo", "title": "2. Robo"}}
    data = {"phases": [{"name": "Robo", "rule": "fase-robo", "constants": ["draw_up_to"]},
                       {"name": "Otra", "rule": "no-such-rule", "constants": ["unknown"]}]}
    shown = for_readers(data, rules.get, {"draw_up_to": 5})
    assert shown["phases"][0] == {"name": "Robo", "rule": "[2. Robo](../../rules/reglas/#fase-robo)",
                                  "constants": ["`draw_up_to` = 5"]}
    assert shown["phases"][1] == data["phases"][1] and data["phases"][0]["rule"] == "fase-robo"
    with labels.writing("es"):
        html = str(record_html({"rule": shown["phases"][0]["rule"], "cost": 1, "copies": True}))
    assert '<dt>Regla</dt><dd><a href="../../rules/reglas/#fase-robo">2. Robo</a></dd>' in html
    assert "<dt>Copias</dt><dd>sí</dd>" in html
