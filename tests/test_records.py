"""Records drawn from their data alone (site_src/render/records.py): structure, badges, escaping."""

from site_src.render.records import record_html

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
