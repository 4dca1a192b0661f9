"""Editors (issue 18): every content file is tied to its JSON Schema by .vscode/settings.json's
`yaml.schemas`, and yaml-language-server (npm, pinned in package-lock.json; the server VS Code's YAML
extension runs) is driven here over the Language Server Protocol as an editor drives it: with that setting,
it finds no problem in any content file, it marks a broken card at its line, as `build.py check` does, and
its hover and completion show the schemas' titles, descriptions and examples."""

from __future__ import annotations

import json
import queue
import re
import subprocess
import threading
import time
from pathlib import Path, PurePosixPath

import pytest
from conftest import REPO

from site_src.check import editor_schemas
from site_src.model import layout

SERVER = REPO / "node_modules" / "yaml-language-server" / "bin" / "yaml-language-server"
TIMEOUT_S = 60
SEVERITY = {1: "error", 2: "warning", 3: "information", 4: "hint"}  # the protocol's DiagnosticSeverity


def settings() -> dict:
    return json.loads((REPO / editor_schemas.SETTINGS).read_text(encoding="utf-8"))


def content_yaml() -> list[layout.ContentFile]:
    files, problems = layout.discover(REPO / "content", REPO / "schema")
    assert problems == []
    return [f for f in files if f.path.suffix == ".yaml"]


def test_the_setting_maps_each_content_file_to_the_schema_the_check_applies():
    mapping = settings()["yaml.schemas"]
    assert mapping == editor_schemas.yaml_schemas(REPO / "schema"), (
        "schema/ changed: .vscode/settings.json's yaml.schemas should be\n"
        + json.dumps(editor_schemas.yaml_schemas(REPO / "schema"), indent=2))
    for file in content_yaml():
        path = PurePosixPath("content", file.rel)
        schemas = [schema for schema, globs in mapping.items() if any(path.match(g) for g in globs)]
        assert schemas == [f"./schema/{file.schema}"], (file.rel, schemas)


class LanguageServer:
    """yaml-language-server over stdio, with the workspace's settings, as an editor runs it."""

    def __init__(self, root: Path, yaml_settings: dict):
        assert SERVER.is_file(), f"{SERVER} is missing: build.py installs the node tools (npm ci)"
        self.process = subprocess.Popen(["node", str(SERVER), "--stdio"], cwd=root, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.inbox: queue.Queue = queue.Queue()
        self.settings = yaml_settings
        threading.Thread(target=self._read, daemon=True).start()
        self.request(1, "initialize", {"processId": None, "rootUri": root.as_uri(),
                                       "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
                                       "capabilities": {"workspace": {"configuration": True}}})
        self.wait(lambda m: m.get("id") == 1)
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": {"yaml": yaml_settings}})

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if not line.strip():
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            self.inbox.put(json.loads(stream.read(length)))

    def _send(self, message: dict) -> None:
        data = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
        self.process.stdin.flush()

    def request(self, number: int, method: str, params: dict) -> None:
        self._send({"id": number, "method": method, "params": params})

    def notify(self, method: str, params: dict) -> None:
        self._send({"method": method, "params": params})

    def wait(self, wanted, timeout: float = TIMEOUT_S) -> dict:
        """The next message `wanted` accepts, answering the server's own requests meanwhile."""
        end = time.monotonic() + timeout
        while True:
            message = self.inbox.get(timeout=max(0.1, end - time.monotonic()))
            if message.get("method") == "workspace/configuration":
                items = message["params"]["items"]
                self._send({"id": message["id"], "result": [self.settings for _ in items]})
            elif "id" in message and "method" in message:  # registrations and the like
                self._send({"id": message["id"], "result": None})
            elif wanted(message):
                return message

    def diagnostics(self, documents: dict[Path, str]) -> dict[Path, list[tuple[int, int, str]]]:
        """Open documents (each path once: it stays open, as in an editor) and return what the server marks
        in each: (line, column, "severity: message"), 1-based. All are sent first, then the answers read."""
        uris = {path.resolve().as_uri(): path for path in documents}
        for uri, path in uris.items():
            self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml",
                                                                  "version": 1, "text": documents[path]}})
        marked: dict[Path, list[tuple[int, int, str]]] = {}
        while len(marked) < len(uris):
            published = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                  and m["params"]["uri"] in uris)["params"]
            marked[uris[published["uri"]]] = [
                (d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1,
                 f"{SEVERITY[d.get('severity', 1)]}: {d['message']}") for d in published["diagnostics"]]
        return marked

    def at(self, method: str, path: Path, line: int, col: int):
        """The server's answer to a request about a position (1-based) of an open document."""
        self.asked = getattr(self, "asked", 1) + 1
        self.request(self.asked, method, {"textDocument": {"uri": path.resolve().as_uri()},
                                          "position": {"line": line - 1, "character": col - 1}})
        return self.wait(lambda m: m.get("id") == self.asked)["result"]

    def hover(self, path: Path, line: int, col: int) -> str:
        """The help the server shows for the position of an open document, as plain text."""
        contents = (self.at("textDocument/hover", path, line, col) or {}).get("contents", "")
        return contents.get("value", "") if isinstance(contents, dict) else str(contents)

    def complete(self, path: Path, line: int, col: int) -> list[dict]:
        """The completions the server offers at the position of an open document."""
        result = self.at("textDocument/completion", path, line, col) or []
        return result["items"] if isinstance(result, dict) else result

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


@pytest.fixture(scope="module")
def server():
    yaml_settings = {"schemas": settings()["yaml.schemas"], "validate": True,
                     "schemaStore": {"enable": False}}
    running = LanguageServer(REPO, yaml_settings)
    yield running
    running.close()


def test_the_language_server_finds_nothing_wrong_in_any_content_file(server):
    files = content_yaml()
    found = server.diagnostics({file.path: file.path.read_text(encoding="utf-8") for file in files})
    assert len(found) == len(files) > 200
    marked = {path.relative_to(REPO).as_posix(): marks[:3] for path, marks in found.items() if marks}
    assert marked == {}, "\n".join(f"{rel}: {marks}" for rel, marks in sorted(marked.items()))


def test_the_language_server_marks_a_broken_card_at_its_line(server):
    """What a contributor sees while typing: the value the schema refuses, at its line and column, with the
    values it allows (as `build.py check` reports it)."""
    path = REPO / "content/mechs-vs-minions/cards/command-cards.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    path = path.with_name("command-cards-being-edited.yaml")  # a document of its own (not on disk)
    line = next(n for n, text in enumerate(lines, 1) if text.strip() == "kind: move")
    lines[line - 1] = lines[line - 1].replace("kind: move", "kind: sideways")
    found = server.diagnostics({path: "\n".join(lines) + "\n"})[path]
    assert [(n, col) for n, col, _message in found] == [(line, lines[line - 1].index("sideways") + 1)], found
    assert found[0][2].startswith("error: ") and '"attack", "move", "turn"' in found[0][2]


def test_pointing_at_a_field_shows_its_schema_description(server):
    """Hover help: a card's `kind` shows what schema/mechs-vs-minions/card.schema.json says of it."""
    path = REPO / "content/mechs-vs-minions/cards/command-cards.yaml"
    text = path.read_text(encoding="utf-8")
    path = path.with_name("command-cards-pointed-at.yaml")  # a document of its own (not on disk)
    assert server.diagnostics({path: text}) == {path: []}
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.strip() == "kind: move")
    column = text.splitlines()[line - 1].index("kind") + 2
    shown = server.hover(path, line, column)
    assert "The three kinds of Mech Command Cards" in shown, shown


def test_hover_and_completion_show_the_schema_s_title_and_examples(server):
    """Hover on a card's `name` is headed by the definition it belongs to (Command Card) and shows values
    from content/; completing a half-typed field name offers the field with its first example as the value,
    and says what the field is."""
    path = REPO / "content/mechs-vs-minions/cards/command-cards.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    path = path.with_name("command-cards-completed.yaml")  # a document of its own (not on disk)
    start = lines.index("  - id: blaze")
    name = start + 2  # 1-based line of `name: Blaze`
    assert lines[name - 1].strip() == "name: Blaze"
    copies = next(n for n in range(start, start + 12) if lines[n].strip().startswith("copies:"))
    lines[copies] = "    cop"  # the contributor has begun typing a field's name
    server.diagnostics({path: "\n".join(lines) + "\n"})
    shown = server.hover(path, name, lines[name - 1].index("name") + 2)
    assert shown.startswith("#### Command Card") and "Card name as printed." in shown, shown
    assert "Example:" in shown and "Flamespitter" in shown, shown
    offered = {item["label"]: item for item in server.complete(path, copies + 1, len("    cop") + 1)}
    assert "copies" in offered, sorted(offered)
    assert re.fullmatch(r"copies: \$\{1:\d+\}", offered["copies"]["insertText"]), offered["copies"]
    assert "Copies in the Command Card Deck." in str(offered["copies"].get("documentation"))
