"""Stage 0, under every other: plain text and reader words made from Markdown and from ids.

    markdown_plain  Markdown as plain text (what search matches, tooltips show, heading ids are made of)
    words           ids and field keys as reader words (`move_to` → "Move to"), counts, slugs

No content knowledge and no site_src imports: every stage may use these.
"""
