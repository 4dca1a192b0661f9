"""Which schema an editor applies to which content file: the `yaml.schemas` setting of .vscode/settings.json,
read by VS Code's YAML extension and by any editor that runs yaml-language-server with that setting (Neovim's
yamlls, Helix, Zed, …). Derived from model/layout.py's rules, so that an editor and `build.py check` apply the
same schema to a file (tests/test_editor.py runs the language server itself on every content file).

Rules pages (`content/<game>/rules/<id>.md`) are Markdown: an editor does not validate their front matter;
`build.py check` does."""

from __future__ import annotations

from pathlib import Path

from ..model.layout import TOP_FILES, kind_folder

SETTINGS = Path(".vscode") / "settings.json"  # relative to the repository root


def yaml_schemas(schema_dir: Path) -> dict[str, list[str]]:
    """{"./schema/<file>": [glob of the content files that follow it]}, paths from the repository root."""
    mapping = {f"./schema/{name}.schema.json": [f"content/*/{name}.yaml"] for name in TOP_FILES}
    for game in sorted(p for p in schema_dir.iterdir() if p.is_dir()):
        for schema in sorted(game.glob("*.schema.json")):
            folder = kind_folder(schema.name.removesuffix(".schema.json"))
            mapping[f"./schema/{game.name}/{schema.name}"] = [f"content/{game.name}/{folder}/*.yaml"]
    return mapping
