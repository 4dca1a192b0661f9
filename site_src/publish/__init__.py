"""Stage 5, publishing: the rendered pages built into a site by mkdocs, and the site swapped in.

    mkdocs_run    mkdocs.yml from its template (site_src/mkdocs.yml.j2) and the mkdocs-material build
    mkdocs_hooks  the hooks mkdocs runs (named in mkdocs.yml): titles escaped once, page languages
    csp           the Content Security Policy written into every page
    swap          the staging folder swapped in for the output in one atomic step
    serve         a local static server for site/
"""
