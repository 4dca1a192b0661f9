"""site_src is laid out by stage and its imports go one way: text → model → check → compile → render →
publish | bundle → pipeline. Every module's imports (at the top or inside a function) are read with `ast`;
the test fails on an import circle and on a module importing from a later stage, naming the modules and
the line of each import.

The checks are functions of a folder, so the second half of this file shows them failing on a small
package written for the purpose: a circle and a backward import are found, and named.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "site_src"

# The stages in order; a stage may import from itself and from the stages before it. The names in one
# group are side by side: neither imports the other (publish and bundle both come after render).
STAGES: list[tuple[str, ...]] = [
    ("text", "resources"),  # plain text and words from Markdown and ids; where the resources are
    ("repository",),  # where the project's repository is (pyproject.toml, the environment)
    ("model",),  # YAML with positions, the content layout, the loaded content, boards, anchors
    ("check",),  # schemas, cross-checks, coverage
    ("compile",),  # the engine's catalog, what the engine plays
    ("render",),  # the Markdown pages
    ("publish", "bundle"),  # mkdocs, hooks, CSP, swap, serve | the wheel, the Pyodide runtime
    ("pipeline",),  # the whole build, the stages in order
]
TOP = ""  # site_src/__init__.py: the package's docstring, importing nothing


@dataclass(frozen=True)
class Edge:
    importer: str  # dotted module name
    imported: str
    where: str  # path:line of the import statement

    def __str__(self) -> str:
        return f"{self.importer} imports {self.imported} ({self.where})"


def modules(root: Path) -> dict[str, Path]:
    """Dotted name -> file, for every module of the package at `root` (a package is its __init__)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_package(name: str, known: dict[str, Path]) -> bool:
    return name in known and known[name].name == "__init__.py"


def imports(root: Path) -> list[Edge]:
    """Every import of a module of the package by a module of the package."""
    known = modules(root)
    edges = []
    for name, path in known.items():
        package = name if _is_package(name, known) else name.rpartition(".")[0]
        where = path.relative_to(root.parent).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                for alias in node.names:  # `from . import gallery`: the submodule, if there is one
                    sub = f"{module}.{alias.name}"
                    targets.append(sub if sub in known else module)
            for target in targets:
                while target and target not in known:  # `import site_src.model.content` and the like
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges.append(Edge(name, target, f"{where}:{node.lineno}"))
    return edges


def stage(module: str) -> str:
    """The stage a module belongs to: the first name under the package (site_src.render.pages: render)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else TOP


def stage_rank(name: str) -> int:
    for index, group in enumerate(STAGES):
        if name in group:
            return index
    raise LookupError(name)


def unknown_stages(root: Path) -> list[str]:
    """Modules at the top of the package that belong to no stage of STAGES."""
    return sorted(
        f"{module} ({path.relative_to(root.parent).as_posix()})"
        for module, path in modules(root).items()
        if stage(module) != TOP and not any(stage(module) in g for g in STAGES)
    )


def backward(root: Path) -> list[str]:
    """Imports from a later stage into an earlier one, or between stages that stand side by side."""
    found = []
    for edge in imports(root):
        here, there = stage(edge.importer), stage(edge.imported)
        if here == there or TOP in (here, there):
            if here == TOP and there != TOP:
                found.append(f"{edge}: the package's __init__ imports nothing")
            continue
        if here not in sum(STAGES, ()) or there not in sum(STAGES, ()):
            continue  # reported by unknown_stages
        if stage_rank(there) > stage_rank(here):
            found.append(f"{edge}: {here} comes before {there} and may not import from it")
        elif stage_rank(there) == stage_rank(here):
            found.append(f"{edge}: {here} and {there} stand side by side and may not import each other")
    return found


def cycles(root: Path) -> list[str]:
    """Every import circle (strongly connected set of modules), each named with the imports that close it."""
    edges = imports(root)
    graph: dict[str, list[Edge]] = {}
    for edge in edges:
        graph.setdefault(edge.importer, []).append(edge)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for edge in graph.get(node, []):
            if edge.imported not in index:
                visit(edge.imported)
                low[node] = min(low[node], low[edge.imported])
            elif edge.imported in on_stack:
                low[node] = min(low[node], index[edge.imported])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    found = []
    for component in components:
        inside = [str(e) for e in edges if e.importer in component and e.imported in component]
        found.append(f"import circle between {', '.join(component)}:\n    " + "\n    ".join(inside))
    return found


# ---------------------------------------------------------------- site_src


def test_every_module_belongs_to_a_stage():
    assert not unknown_stages(PACKAGE), (
        f"modules in no stage of tests/test_layering.py STAGES: {unknown_stages(PACKAGE)}")


def test_site_src_has_no_import_circle():
    found = cycles(PACKAGE)
    assert not found, "\n".join(found)


def test_site_src_imports_only_from_its_own_and_earlier_stages():
    found = backward(PACKAGE)
    assert not found, "\n".join(found)


def test_the_import_reader_sees_the_pipelines_imports():
    """The checks above read real edges: the pipeline imports every stage after text."""
    edges = {(e.importer, e.imported) for e in imports(PACKAGE)}
    assert ("site_src.render.records", "site_src.render.markdown_html") in edges
    assert ("site_src.render.search_index", "site_src.render.gallery") in edges  # `from . import gallery`
    assert {stage(b) for a, b in edges if a == "site_src.pipeline"} >= {
        "model", "check", "compile", "render", "publish", "bundle"}


# ---------------------------------------------------------------- the checks fail where they should


def _package(root: Path, files: dict[str, str]) -> Path:
    package = root / "site_src"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return package


def test_a_circle_is_found_and_named(tmp_path):
    package = _package(tmp_path, {
        "__init__.py": "",
        "render/__init__.py": "",
        "render/pages.py": "from . import gallery_pages\n",
        "render/gallery_pages.py": "from .records import draw\n",
        "render/records.py": "def draw():\n    from .pages import markdown_html  # inside a function\n",
    })
    (found,) = cycles(package)
    assert "site_src.render.gallery_pages, site_src.render.pages, site_src.render.records" in found
    assert "site_src.render.records imports site_src.render.pages (site_src/render/records.py:2)" in found


def test_an_import_from_a_later_stage_is_found_and_named(tmp_path):
    package = _package(tmp_path, {
        "__init__.py": "",
        "model/__init__.py": "",
        "model/content.py": "import site_src.render.pages\n",
        "check/__init__.py": "",
        "check/checker.py": "from ..model.content import x\n",
        "render/__init__.py": "",
        "render/pages.py": "",
        "publish/__init__.py": "",
        "publish/serve.py": "from ..bundle import wheel\n",
        "bundle/__init__.py": "",
        "bundle/wheel.py": "",
        "extra.py": "",
    })
    found = backward(package)
    assert found == [
        "site_src.model.content imports site_src.render.pages (site_src/model/content.py:1): "
        "model comes before render and may not import from it",
        "site_src.publish.serve imports site_src.bundle.wheel (site_src/publish/serve.py:1): "
        "publish and bundle stand side by side and may not import each other",
    ]
    assert unknown_stages(package) == ["site_src.extra (site_src/extra.py)"]
