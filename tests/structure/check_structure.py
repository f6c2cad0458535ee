#!/usr/bin/env python3
"""The window's code keeps the structure issue 23 asked for, read from its #include lines:

- no include circle between the folders of widgets/ (a folder that includes another is above it);
- gate/ uses nothing of widgets/ but session/ and common/ (core/'s headers are core's);
- no controller (a widgets/ class named *Controller) includes another folder's controller: they hear of each other
  through the connections app/ makes (app/controllerwiring.cpp);
- the controllers' folders (gate/, forecasting/, replay/, measure/, search/) include nothing of one another: what
  one needs of another's is the session's (session/: the gate's decisions, the candidates it judges) or shared
  (common/: how a forecast bin is worded; gpu/: the GPU workers and their settings), or app/ connects it (the
  replay follows the gate);
- app/mainwindow.cpp stays wiring: at most 600 lines;
- kfx-cli (core/cli) includes nothing of widgets/ or app/.

Prints every breach with its file and line, and exits 1 if there is one.
"""

import re
import sys
from pathlib import Path

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
GATE_MAY_USE = {"gate", "session", "common"}
CONTROLLER_FOLDERS = {"gate", "forecasting", "replay", "measure", "search"}
MAIN_WINDOW_LINES = 600


def includes(path: Path):
    text = path.read_text(encoding="utf-8")
    for match in INCLUDE.finditer(text):
        yield text.count("\n", 0, match.start()) + 1, match.group(1)


def sources(folder: Path):
    return sorted(p for p in folder.rglob("*") if p.suffix in (".h", ".cpp"))


def widgets_target(widgets: Path, folder: str, header: str):
    """The widgets/ folder a header of `folder`'s source names, or None when the header is core's or Qt's."""
    if "/" not in header:
        return folder if (widgets / folder / header).exists() else None
    target = header.split("/", 1)[0]
    return target if (widgets / header).exists() else None


def folder_cycle(edges):
    """One circle among the folders, as a list that starts and ends with one folder, or None."""
    state = {}

    def visit(node, path):
        state[node] = "open"
        for target in sorted(edges.get(node, ())):
            if state.get(target) == "open":
                return path[path.index(target):] + [target]
            if target not in state:
                found = visit(target, path + [target])
                if found:
                    return found
        state[node] = "done"
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node, [node])
            if found:
                return found
    return None


def main(root: Path) -> int:
    widgets = root / "widgets"
    breaches = []
    edges = {}
    where = {}  # (folder, target) -> the first file:line that makes the edge
    for path in sources(widgets):
        folder = path.relative_to(widgets).parts[0]
        for line, header in includes(path):
            target = widgets_target(widgets, folder, header)
            if target is None or target == folder:
                continue
            edges.setdefault(folder, set()).add(target)
            where.setdefault((folder, target), f"{path.relative_to(root)}:{line}")
            if folder == "gate" and target not in GATE_MAY_USE:
                breaches.append(f"{path.relative_to(root)}:{line}: gate/ includes {header}; it may use only "
                                f"{', '.join(sorted(GATE_MAY_USE - {'gate'}))} of widgets/")
            if folder in CONTROLLER_FOLDERS and target in CONTROLLER_FOLDERS:
                breaches.append(f"{path.relative_to(root)}:{line}: {folder}/ includes {header}: the controllers' "
                                f"folders include nothing of one another; reach it through session/, common/ or gpu/, or "
                                f"let app/ connect them")
            if path.stem.endswith("controller") and Path(header).stem.endswith("controller"):
                breaches.append(f"{path.relative_to(root)}:{line}: a controller includes another controller, "
                                f"{header}; app/ connects them")
    cycle = folder_cycle(edges)
    if cycle:
        steps = ", ".join(f"{a} -> {b} ({where[(a, b)]})" for a, b in zip(cycle, cycle[1:]))
        breaches.append(f"widgets/: the folders include each other in a circle: {steps}")

    main_window = root / "app" / "mainwindow.cpp"
    lines = main_window.read_text(encoding="utf-8").count("\n")
    if lines > MAIN_WINDOW_LINES:
        breaches.append(f"app/mainwindow.cpp: {lines} lines, over {MAIN_WINDOW_LINES}: move what is not wiring to "
                        f"the controllers or the session")

    for path in sources(root / "core" / "cli"):
        for line, header in includes(path):
            top = header.split("/", 1)[0]
            if (top in {p.name for p in widgets.iterdir()} and (widgets / header).exists()) or \
                    (root / "app" / header).exists():
                breaches.append(f"{path.relative_to(root)}:{line}: kfx-cli includes {header}, which is GUI code")

    for breach in breaches:
        print(breach)
    folders = len({f for f in edges} | {t for ts in edges.values() for t in ts})
    print(f"{len(breaches)} breach(es) in widgets/ ({folders} folders, "
          f"{sum(len(t) for t in edges.values())} folder dependencies), app/mainwindow.cpp ({lines} lines), core/cli/")
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]))
