#!/usr/bin/env python3
"""Import cycles between the modules of each crate of the workspace.

    scripts/module-cycles.py [--include-tests] [--verbose]
    scripts/module-cycles.py --self-test

A node is a top-level module of a crate (`src/board.rs`, or `src/play/` as one node); the crate
root (`lib.rs`, `main.rs`) declares and re-exports everything and is not a node. Module A depends
on module B when A's code names B:
- a path `crate::b::...`, `crate::{b::X, ...}`, or `super::b` from a top-level module;
- an item the root re-exports from B (`crate::Color` when lib.rs has `pub use piece::Color`);
- a macro B defines with `macro_rules!`, used as `name!` in A (macros are scoped by text order,
  not by path, so they hide dependencies a path search would miss).
Comments, string literals and `#[cfg(test)]` modules are ignored (tests may reach anywhere).

Each strongly connected component of more than one module is a cycle: printed with one example
line per edge, and the exit status is 1. No cycle: a one-line summary, status 0.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip_comments_and_strings(text):
    """The text with comments and string/char literals blanked (newlines kept, so line numbers
    stay right)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not re.match(r"\w", text[i - 1])):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + len(hashes) + 2)
            end = n if end < 0 else end + 1 + len(hashes)
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(re.sub(r"[^\n]", " ", text[i:j + 1]))
            i = j + 1
        elif c == "'" and re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i:i + 12]):
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i:])
            out.append(" " * len(m.group(0)))
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def strip_test_modules(text):
    """The text with every `#[cfg(test)] mod name { ... }` blanked."""
    for m in reversed(list(re.finditer(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+" + IDENT + r"\s*\{", text))):
        depth, j = 0, m.end() - 1
        while j < len(text):
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        text = text[:m.start()] + re.sub(r"[^\n]", " ", text[m.start():j + 1]) + text[j + 1:]
    return text


def brace_items(text, start):
    """The top-level comma-separated items of the brace group opening at `start`."""
    depth, j, item, items = 0, start, [], []
    while j < len(text):
        c = text[j]
        if c == "{":
            depth += 1
            if depth == 1:
                j += 1
                continue
        elif c == "}":
            depth -= 1
            if depth == 0:
                items.append("".join(item))
                break
        if c == "," and depth == 1:
            items.append("".join(item))
            item = []
        else:
            item.append(c)
        j += 1
    return [i.strip() for i in items if i.strip()]


def root_paths(text):
    """(line, first name) of every path from the crate root: `crate::x`, `crate::{x::.., y}`."""
    for m in re.finditer(r"\bcrate::", text):
        line = text.count("\n", 0, m.start()) + 1
        rest = text[m.end():]
        if rest.startswith("{"):
            for item in brace_items(text, m.end()):
                first = re.match(IDENT, item)
                if first:
                    yield line, first.group(0)
        else:
            first = re.match(IDENT, rest)
            if first:
                yield line, first.group(0)


class Crate:
    """The modules of one crate and what each names."""

    def __init__(self, name, files):
        # files: {relative path under src: text}
        self.name = name
        self.modules = {}  # module -> [(path, cleaned text)]
        self.root_texts = []
        for path, text in sorted(files.items()):
            clean = strip_comments_and_strings(text)
            parts = path.split("/")
            if len(parts) == 1 and parts[0] in ("lib.rs", "main.rs"):
                self.root_texts.append(clean)
                continue
            module = parts[0][:-3] if len(parts) == 1 else parts[0]
            depth = len(parts) - (1 if parts[-1] == "mod.rs" else 0)
            self.modules.setdefault(module, []).append((path, clean, depth))

    def reexports(self):
        """Names the crate root re-exports, mapped to the module they come from."""
        out = {}
        for text in self.root_texts:
            for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+(?:self::|crate::)?(" + IDENT + r")::", text):
                module = m.group(1)
                rest = text[m.end():]
                if rest.startswith("{"):
                    for item in brace_items(text, m.end()):
                        alias = re.search(r"\bas\s+(" + IDENT + r")\s*$", item)
                        last = re.findall(IDENT, item)
                        if alias:
                            out[alias.group(1)] = module
                        elif last and last[-1] not in ("self", "*"):
                            out[last[-1]] = module
                else:
                    path = re.match(r"[A-Za-z0-9_:]+(\s+as\s+" + IDENT + ")?", rest).group(0)
                    alias = re.search(r"as\s+(" + IDENT + ")", path)
                    out[alias.group(1) if alias else path.split("::")[-1]] = module
        return out

    def edges(self, include_tests):
        """{(a, b): example "path:line"} for every dependency of module a on module b."""
        reexported = self.reexports()
        macros = {}
        texts = {}
        for module, files in self.modules.items():
            for path, clean, depth in files:
                text = clean if include_tests else strip_test_modules(clean)
                texts[(module, path, depth)] = text
                for m in re.finditer(r"\bmacro_rules!\s*(" + IDENT + ")", text):
                    macros[m.group(1)] = module
        found = {}

        def edge(a, b, path, line):
            if b in self.modules and a != b:
                found.setdefault((a, b), f"{self.name}/src/{path}:{line}")

        for (module, path, depth), text in texts.items():
            for line, name in root_paths(text):
                edge(module, reexported.get(name, name), path, line)
            # `super::x` from a top-level module (or `super::super::x` one level down) is the root.
            for m in re.finditer(r"\b((?:super::)+)(" + IDENT + ")", text):
                if m.group(1).count("super::") == depth:
                    name = m.group(2)
                    edge(module, reexported.get(name, name), path, text.count("\n", 0, m.start()) + 1)
            for name, owner in macros.items():
                for m in re.finditer(r"(?<![\w:])" + name + r"!", text):
                    if not re.search(r"macro_rules!\s*$", text[:m.start()]):
                        edge(module, owner, path, text.count("\n", 0, m.start()) + 1)
        return found


def cycles(edges):
    """Strongly connected components of more than one node (Tarjan)."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, [])
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def workspace_crates():
    """(name, {path under src: text}) for each crate of the workspace."""
    dirs = [os.path.join(ROOT, "crates", d) for d in sorted(os.listdir(os.path.join(ROOT, "crates")))]
    dirs.append(os.path.join(ROOT, "benches"))
    for d in dirs:
        if not os.path.exists(os.path.join(d, "Cargo.toml")):
            continue
        src = os.path.join(d, "src")
        files = {}
        if os.path.isdir(src):
            for base, _, names in os.walk(src):
                for f in names:
                    if f.endswith(".rs"):
                        full = os.path.join(base, f)
                        files[os.path.relpath(full, src).replace(os.sep, "/")] = open(full, encoding="utf-8").read()
        else:
            # A crate whose sources sit beside its Cargo.toml (benches/): lib.rs and its modules.
            for f in os.listdir(d):
                if f.endswith(".rs"):
                    files[f] = open(os.path.join(d, f), encoding="utf-8").read()
        yield os.path.relpath(d, ROOT), files


def check(crates, include_tests):
    """Prints the cycles of every crate; returns how many there are."""
    total = 0
    for name, files in crates:
        crate = Crate(name, files)
        edges = crate.edges(include_tests)
        for component in cycles(edges):
            total += 1
            print(f"cycle in {name}: {{{', '.join(component)}}}")
            for (a, b), where in sorted(edges.items()):
                if a in component and b in component:
                    print(f"  {a} -> {b}  ({where})")
    return total


def self_test():
    def cycle_of(files, include_tests=False):
        return cycles(Crate("t", files).edges(include_tests))

    assert cycle_of({"lib.rs": "mod a; mod b;", "a.rs": "use crate::b::X;", "b.rs": "use crate::a::Y;"}) == [["a", "b"]]
    assert cycle_of({"lib.rs": "mod a; mod b;", "a.rs": "use crate::b::X;", "b.rs": "fn f() {}"}) == []
    # Groups, inline paths, re-exports, super, macros.
    assert cycle_of({"a.rs": "use crate::{b::X, c};", "b.rs": "fn f() { crate::a::g() }", "c.rs": ""}) == [["a", "b"]]
    assert cycle_of({"lib.rs": "pub use piece::{Color, Role as R};", "piece.rs": "use crate::square::Sq;",
                     "square.rs": "fn f(c: crate::Color) {}"}) == [["piece", "square"]]
    assert cycle_of({"lib.rs": "pub use piece::Color;", "piece.rs": "use crate::square::Sq;",
                     "square.rs": "use super::Color;"}) == [["piece", "square"]]
    assert cycle_of({"piece.rs": "simple_enum!(Color);", "square.rs": "macro_rules! simple_enum { () => {} }\nuse crate::piece::Color;"}) == [["piece", "square"]]
    # Not a dependency: comments, strings, tests, a nested module's own super.
    assert cycle_of({"a.rs": "// crate::b::X\nconst S: &str = \"crate::b\";", "b.rs": "use crate::a::Y;"}) == []
    assert cycle_of({"a.rs": "#[cfg(test)]\nmod tests { use crate::b::X; }", "b.rs": "use crate::a::Y;"}) == []
    assert cycle_of({"a.rs": "#[cfg(test)]\nmod tests { use crate::b::X; }", "b.rs": "use crate::a::Y;"}, True) == [["a", "b"]]
    assert cycle_of({"a/mod.rs": "mod inner;", "a/inner.rs": "use super::helper; use crate::b::Z;",
                     "b.rs": "use crate::c::W;", "c.rs": ""}) == []
    assert cycle_of({"a/inner.rs": "use crate::b::Z;", "b.rs": "use crate::a::W;"}) == [["a", "b"]]
    # Three-module cycle.
    assert cycle_of({"a.rs": "use crate::b::X;", "b.rs": "use crate::c::Y;", "c.rs": "use crate::a::Z;"}) == [["a", "b", "c"]]
    print("module-cycles self-test: ok")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--include-tests", action="store_true", help="count #[cfg(test)] modules' imports too")
    parser.add_argument("--self-test", action="store_true", help="check the parser on small examples")
    args = parser.parse_args()
    if args.self_test:
        self_test()
        return 0
    crates = list(workspace_crates())
    found = check(crates, args.include_tests)
    if found:
        print(f"{found} module cycle(s)")
        return 1
    print(f"no module cycles in {len(crates)} crates")
    return 0


if __name__ == "__main__":
    sys.exit(main())
