"""Stage 4, rendering: the checked content as the Markdown pages mkdocs builds the site from.

    markdown_html   Markdown made safe (raw HTML escaped, script links dropped) and rendered to HTML
    urls            a page's URL and links between pages
    pages           the Renderer: every page, written from the Jinja2 templates in site_src/templates/
    records         any record drawn as HTML from its data alone (no template needed)
    board_svg       a square board drawn as an inline SVG, and its legend's pictures
    board_view      a Mechs vs. Minions scenario's board before Play: its SVG, legend and escalations
    mission_view    a POWERUP mission's rows in words and each layout's side view
    gallery         which records are drawn as cards in which gallery (site_src/galleries.yaml)
    gallery_pages   the galleries, a page per gallery item, the Data quality page per game
    overview        the home page's and each game's overview figures
    glance          a scenario's "At a glance" panel, one module of rows per game
    glossary_links  the first use of a glossary term per section linked, with a tooltip
    search_index    the field-filter search: its index, its query language and its pages
"""
