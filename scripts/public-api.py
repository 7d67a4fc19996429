#!/usr/bin/env python3
"""The public API of a crate as a sorted list of lines, from rustdoc's JSON output.

    scripts/public-api.py CRATE_JSON OUT_TXT     write the list of target/doc/CRATE.json
    scripts/public-api.py --features CRATE_DIR   print the features its docs are built with

Run by scripts/public-api.sh, which builds the JSON and compares the lists with docs/api/. One
line per public item reachable from the crate root: modules, types with their public fields and
variants, functions and methods with their signatures, traits with their items, constants,
statics, type aliases, macros, and re-exports of other crates' items. An item reachable by
several paths is listed under its shortest one, the others as `pub use` lines. Trait impls are
listed compactly, one line per type (`impl` for the written and derived ones, `auto` for the
auto traits); blanket impls (`impl<T> From<T> for T` and the like) are left out.

Types in signatures are written as the source writes them (`io::Result`, `Arc`), except the
crate's own, which are written by their public path from the crate root (`Board`,
`review::Claim`): nothing in a line depends on where the standard library defines an item, so
that a new compiler does not change the lists.
"""

import json
import re
import sys
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python before 3.11: the one table this script reads, by hand
    tomllib = None

# The attributes that are part of an item's API.
SHOWN_ATTRS = ("non_exhaustive",)
# The auto traits a type's users can rely on; the others (Freeze, UnsafeUnpin...) are the
# compiler's own and come and go with its versions.
STABLE_AUTO_TRAITS = {"Send", "Sync", "Unpin", "UnwindSafe", "RefUnwindSafe"}
# Trait impls that say nothing a derive beside them does not (`derive(PartialEq)` adds it).
HIDDEN_TRAITS = {"StructuralPartialEq", "StructuralEq"}


def kind_of(item):
    inner = item["inner"]
    return next(iter(inner)) if isinstance(inner, dict) else inner


# The APIs of the other crates a re-export names, read once.
OTHER_CRATES = {}


class Api:
    def __init__(self, doc, json_dir):
        self.doc = doc
        self.json_dir = Path(json_dir)
        self.index = {str(k): v for k, v in doc["index"].items()}
        self.paths = {str(k): v for k, v in doc["paths"].items()}
        self.crate = self.index[str(doc["root"])]["name"]
        self.public_path = {}  # id -> the shortest public path, as a list of names
        self.all_paths = {}  # id -> every public path
        self.lines = []  # (sort key, text)

    # ----- where every item is -----

    def walk(self, module_id, prefix, seen):
        if module_id in seen:
            return
        seen = seen | {module_id}
        for child in self.index[module_id]["inner"]["module"]["items"]:
            child = str(child)
            item = self.index.get(child)
            if item is None or item.get("visibility") != "public":
                continue
            if kind_of(item) == "use":
                use = item["inner"]["use"]
                target = str(use["id"]) if use.get("id") is not None else None
                if use.get("is_glob"):
                    if target in self.index and kind_of(self.index[target]) == "module":
                        self.walk(target, prefix, seen)
                    else:
                        self.note(prefix + ["*"], use["source"])
                elif target in self.index:
                    self.reach(target, prefix + [use["name"]], seen)
                else:
                    self.note(prefix + [use["name"]], self.external_path(target, use["source"]))
            else:
                self.reach(child, prefix + [item["name"]], seen)

    def external_path(self, target, source):
        """Another crate's item by its public path there, when its JSON is beside this one (the
        workspace's crates are written in dependency order), else by where it is defined."""
        summary = self.paths.get(target)
        if summary is None:
            return source
        other = self.json_dir / f"{summary['path'][0]}.json"
        if len(summary["path"]) > 1 and other.exists():
            if other not in OTHER_CRATES:
                api = Api(json.loads(other.read_text()), other.parent)
                api.walk(str(api.doc["root"]), [api.crate], set())
                api.settle_paths()
                OTHER_CRATES[other] = api
            api = OTHER_CRATES[other]
            for item_id, item_summary in api.paths.items():
                if item_summary["crate_id"] == 0 and item_summary["path"] == summary["path"]:
                    if item_id in api.public_path:
                        return "::".join(api.public_path[item_id])
        return "::".join(summary["path"])

    def reach(self, item_id, path, seen):
        self.all_paths.setdefault(item_id, []).append(path)
        if kind_of(self.index[item_id]) == "module":
            self.walk(item_id, path, seen)

    def note(self, path, external):
        self.add(path, 0, f"pub use {'::'.join(path)} = {external}")

    def settle_paths(self):
        for item_id, paths in self.all_paths.items():
            self.public_path[item_id] = min(paths, key=lambda p: (len(p), p))
        self.local_names = {"::".join(p[1:]) for p in self.public_path.values()}

    # ----- types and signatures -----

    def type_name(self, path):
        """A resolved path's name: the crate's own items by their public path from the root."""
        target = str(path.get("id")) if path.get("id") is not None else None
        name = path.get("path", path.get("name", "?")).removeprefix("crate::")
        if target in self.public_path:
            name = "::".join(self.public_path[target][1:]) or self.crate
        return name + self.generic_args(path.get("args"))

    def generic_args(self, args):
        if not args:
            return ""
        if "angle_bracketed" in args:
            ab = args["angle_bracketed"]
            parts = [self.generic_arg(a) for a in ab.get("args", [])]
            parts += [self.constraint(c) for c in ab.get("constraints", ab.get("bindings", []))]
            return f"<{', '.join(parts)}>" if parts else ""
        if "parenthesized" in args:
            p = args["parenthesized"]
            out = f"({', '.join(self.ty(t) for t in p.get('inputs', []))})"
            if p.get("output"):
                out += f" -> {self.ty(p['output'])}"
            return out
        return "(..)"

    def generic_arg(self, arg):
        if isinstance(arg, str):
            return "_"
        if "lifetime" in arg:
            return arg["lifetime"]
        if "type" in arg:
            return self.ty(arg["type"])
        if "const" in arg:
            return arg["const"].get("expr", "_")
        return "_"

    def constraint(self, c):
        name = c["name"] + self.generic_args(c.get("args"))
        binding = c.get("binding", {})
        if "equality" in binding:
            term = binding["equality"]
            value = self.ty(term["type"]) if "type" in term else term.get("constant", {}).get("expr", "_")
            return f"{name} = {value}"
        if "constraint" in binding:
            return f"{name}: {self.bounds(binding['constraint'])}"
        return name

    def bounds(self, bounds):
        return " + ".join(self.bound(b) for b in bounds)

    def bound(self, b):
        if isinstance(b, str):
            return b
        if "trait_bound" in b:
            tb = b["trait_bound"]
            prefix = {"maybe": "?", "maybe_const": "~const "}.get(tb.get("modifier"), "")
            hrtb = self.for_lifetimes(tb.get("generic_params", []))
            return f"{hrtb}{prefix}{self.type_name(tb['trait'])}"
        if "outlives" in b:
            return b["outlives"]
        if "use" in b:
            return f"use<{', '.join(u if isinstance(u, str) else next(iter(u.values())) for u in b['use'])}>"
        return "?"

    def for_lifetimes(self, params):
        names = [p["name"] for p in params]
        return f"for<{', '.join(names)}> " if names else ""

    def ty(self, t):
        if t is None:
            return "()"
        if isinstance(t, str):
            return "_" if t == "infer" else t
        (kind, v), = t.items()
        if kind == "resolved_path":
            return self.type_name(v)
        if kind in ("generic", "primitive"):
            return v
        if kind == "borrowed_ref":
            lifetime = f"{v['lifetime']} " if v.get("lifetime") else ""
            return f"&{lifetime}{'mut ' if v.get('is_mutable') else ''}{self.ty(v['type'])}"
        if kind == "raw_pointer":
            return f"*{'mut' if v.get('is_mutable') else 'const'} {self.ty(v['type'])}"
        if kind == "slice":
            return f"[{self.ty(v)}]"
        if kind == "array":
            return f"[{self.ty(v['type'])}; {v['len']}]"
        if kind == "tuple":
            inner = ", ".join(self.ty(x) for x in v)
            return f"({inner},)" if len(v) == 1 else f"({inner})"
        if kind == "impl_trait":
            return f"impl {self.bounds(v)}"
        if kind == "dyn_trait":
            parts = [self.for_lifetimes(p.get("generic_params", [])) + self.type_name(p["trait"]) for p in v["traits"]]
            if v.get("lifetime"):
                parts.append(v["lifetime"])
            return f"dyn {' + '.join(parts)}"
        if kind == "function_pointer":
            header = self.header(v.get("header", {}))
            return f"{self.for_lifetimes(v.get('generic_params', []))}{header}fn{self.sig(v['sig'], named=False)}"
        if kind == "qualified_path":
            self_type = self.ty(v["self_type"])
            name = v["name"] + self.generic_args(v.get("args"))
            trait = v.get("trait")
            if trait is None or self_type == "Self":
                return f"{self_type}::{name}"
            return f"<{self_type} as {self.type_name(trait)}>::{name}"
        if kind == "pat":
            return self.ty(v["type"])
        return "?"

    def header(self, h):
        out = ""
        if h.get("is_const"):
            out += "const "
        if h.get("is_async"):
            out += "async "
        if h.get("is_unsafe"):
            out += "unsafe "
        abi = h.get("abi", "Rust")
        if abi != "Rust":
            out += f'extern "{abi if isinstance(abi, str) else next(iter(abi))}" '
        return out

    def sig(self, sig, named=True):
        args = []
        for name, t in sig["inputs"]:
            if named and name == "self":
                args.append(self.self_arg(t))
            elif named:
                args.append(f"{name}: {self.ty(t)}")
            else:
                args.append(self.ty(t))
        if sig.get("is_c_variadic"):
            args.append("...")
        out = f"({', '.join(args)})"
        if sig.get("output") is not None:
            out += f" -> {self.ty(sig['output'])}"
        return out

    def self_arg(self, t):
        if t == {"generic": "Self"}:
            return "self"
        if "borrowed_ref" in t and t["borrowed_ref"]["type"] == {"generic": "Self"}:
            r = t["borrowed_ref"]
            lifetime = f"{r['lifetime']} " if r.get("lifetime") else ""
            return f"&{lifetime}{'mut ' if r.get('is_mutable') else ''}self"
        return f"self: {self.ty(t)}"

    def generics(self, g):
        params = []
        for p in g.get("params", []):
            kind = p["kind"]
            if "lifetime" in kind:
                outlives = kind["lifetime"].get("outlives", [])
                params.append(p["name"] + (f": {' + '.join(outlives)}" if outlives else ""))
            elif "type" in kind:
                k = kind["type"]
                if k.get("is_synthetic"):
                    continue
                out = p["name"]
                if k.get("bounds"):
                    out += f": {self.bounds(k['bounds'])}"
                if k.get("default") is not None:
                    out += f" = {self.ty(k['default'])}"
                params.append(out)
            elif "const" in kind:
                k = kind["const"]
                out = f"const {p['name']}: {self.ty(k.get('type'))}"
                if k.get("default") is not None:
                    out += f" = {k['default']}"
                params.append(out)
        return f"<{', '.join(params)}>" if params else ""

    def unbounded(self, g):
        """Whether generics say nothing but their names (`impl<'a> Clone for Lines<'a>`)."""
        for p in g.get("params", []):
            kind = p["kind"]
            if "lifetime" in kind and kind["lifetime"].get("outlives"):
                return False
            if "type" in kind and (kind["type"].get("bounds") or kind["type"].get("default") is not None):
                return False
            if "const" in kind:
                return False
        return not g.get("where_predicates")

    def where_clause(self, g):
        preds = []
        for w in g.get("where_predicates", []):
            if "bound_predicate" in w:
                b = w["bound_predicate"]
                hrtb = self.for_lifetimes(b.get("generic_params", []))
                preds.append(f"{hrtb}{self.ty(b['type'])}: {self.bounds(b['bounds'])}")
            elif "lifetime_predicate" in w:
                b = w["lifetime_predicate"]
                preds.append(f"{b['lifetime']}: {' + '.join(b['outlives'])}")
            elif "eq_predicate" in w:
                b = w["eq_predicate"]
                rhs = b["rhs"]
                rhs = self.ty(rhs["type"]) if "type" in rhs else rhs.get("constant", {}).get("expr", "_")
                preds.append(f"{self.ty(b['lhs'])} = {rhs}")
        return f" where {', '.join(preds)}" if preds else ""

    def attrs(self, item):
        shown = []
        for a in item.get("attrs", []):
            if isinstance(a, str):
                name = a.removeprefix("#[").removesuffix("]")
                if name in SHOWN_ATTRS:
                    shown.append(f"#[{name}]")
                elif name.startswith("repr("):
                    shown.append(f"#[{name}]")
            elif isinstance(a, dict):
                if "repr" in a:
                    r = a["repr"]
                    parts = [r["kind"]] if r.get("kind") not in (None, "rust") else []
                    parts += [r["int"]] if r.get("int") else []
                    parts += [f"align({r['align']})"] if r.get("align") else []
                    parts += [f"packed({r['packed']})"] if r.get("packed") else []
                    if parts:
                        shown.append(f"#[repr({', '.join(parts)})]")
                else:
                    for name in SHOWN_ATTRS:
                        if name in a:
                            shown.append(f"#[{name}]")
        return "".join(f"{s} " for s in shown)

    # ----- the list -----

    def add(self, path, order, text):
        self.lines.append(((path, order), text))

    def emit_all(self):
        for item_id, path in self.public_path.items():
            self.emit(item_id, path)
            for other in self.all_paths[item_id]:
                if other != path:
                    self.add(other, 0, f"pub use {'::'.join(other)} = {'::'.join(path)}")

    def emit(self, item_id, path):
        item = self.index[item_id]
        kind = kind_of(item)
        v = item["inner"][kind] if isinstance(item["inner"], dict) else None
        name = "::".join(path)
        attrs = self.attrs(item)
        if kind == "module":
            self.add(path, 0, f"pub mod {name}")
        elif kind == "struct":
            g = v["generics"]
            head = f"{attrs}pub struct {name}{self.generics(g)}"
            sk = v["kind"]
            if sk == "unit":
                self.add(path, 0, f"{head};{self.where_clause(g)}")
            elif "tuple" in sk:
                fields = ", ".join(self.tuple_field(f) for f in sk["tuple"])
                self.add(path, 0, f"{head}({fields}){self.where_clause(g)}")
            else:
                plain = sk["plain"]
                private = " { /* private fields */ }" if plain.get("has_stripped_fields") else ""
                self.add(path, 0, f"{head}{self.where_clause(g)}{private}")
                for f in plain["fields"]:
                    field = self.index[str(f)]
                    self.field(path, field)
            self.emit_impls(path, v.get("impls", []))
        elif kind == "union":
            g = v["generics"]
            self.add(path, 0, f"{attrs}pub union {name}{self.generics(g)}{self.where_clause(g)}")
            for f in v["fields"]:
                field = self.index[str(f)]
                self.add(path + [field["name"]], 1, f"pub {name}::{field['name']}: {self.ty(field['inner']['struct_field'])}")
            self.emit_impls(path, v.get("impls", []))
        elif kind == "enum":
            g = v["generics"]
            self.add(path, 0, f"{attrs}pub enum {name}{self.generics(g)}{self.where_clause(g)}")
            for position, var_id in enumerate(v["variants"]):
                var = self.index[str(var_id)]
                # Variants in their order: it is part of the API (derived Ord, `as` casts).
                self.add(path + [f"{position:04}"], 1, f"{self.attrs(var)}{name}::{var['name']}{self.variant(var)}")
            self.emit_impls(path, v.get("impls", []))
        elif kind == "function":
            self.add(path, 0, self.function(name, v))
        elif kind == "trait":
            head = "pub unsafe trait" if v.get("is_unsafe") else "pub trait"
            g = v["generics"]
            supertraits = f": {self.bounds(v['bounds'])}" if v.get("bounds") else ""
            self.add(path, 0, f"{attrs}{head} {name}{self.generics(g)}{supertraits}{self.where_clause(g)}")
            for member in v["items"]:
                member = self.index[str(member)]
                self.emit_member(path, member, provided_mark=True)
            for i in v.get("implementations", []):
                imp = self.index.get(str(i))
                if imp is not None:
                    imp = imp["inner"]["impl"]
                    g = imp["generics"]
                    generics = self.generics(g).replace("<", "impl<", 1) if g.get("params") else "impl"
                    self.add(path, 2, f"{generics} {name} for {self.ty(imp['for'])}{self.where_clause(g)}")
        elif kind == "constant":
            self.add(path, 0, f"pub const {name}: {self.ty(v['type'])}")
        elif kind == "static":
            mutable = "mut " if v.get("is_mutable") else ""
            self.add(path, 0, f"pub static {mutable}{name}: {self.ty(v['type'])}")
        elif kind == "type_alias":
            g = v["generics"]
            self.add(path, 0, f"pub type {name}{self.generics(g)}{self.where_clause(g)} = {self.ty(v['type'])}")
        elif kind in ("macro", "proc_macro"):
            self.add(path, 0, f"pub macro {name}!")
        else:
            self.add(path, 0, f"pub {kind} {name}")

    def field(self, path, field):
        # Fields right after their type (a space sorts before any name), in name order.
        text = f"pub {'::'.join(path)}::{field['name']}: {self.ty(field['inner']['struct_field'])}"
        self.add(path + [" " + field["name"]], 1, text)

    def tuple_field(self, f):
        if f is None:
            return "_"
        field = self.index[str(f)]
        return f"pub {self.ty(field['inner']['struct_field'])}"

    def variant(self, var):
        v = var["inner"]["variant"]
        kind = v["kind"]
        out = ""
        if kind == "plain":
            pass
        elif "tuple" in kind:
            out = f"({', '.join('_' if f is None else self.ty(self.index[str(f)]['inner']['struct_field']) for f in kind['tuple'])})"
        elif "struct" in kind:
            fields = [
                f"{self.index[str(f)]['name']}: {self.ty(self.index[str(f)]['inner']['struct_field'])}"
                for f in kind["struct"]["fields"]
            ]
            if kind["struct"].get("has_stripped_fields"):
                fields.append("..")
            out = f" {{ {', '.join(fields)} }}"
        if v.get("discriminant"):
            out += f" = {v['discriminant'].get('expr', v['discriminant'].get('value'))}"
        return out

    def function(self, name, v, prefix="pub "):
        g = v["generics"]
        return f"{prefix}{self.header(v.get('header', {}))}fn {name}{self.generics(g)}{self.sig(v['sig'])}{self.where_clause(g)}"

    def emit_member(self, path, member, provided_mark=False):
        kind = kind_of(member)
        v = member["inner"][kind]
        mpath = path + [member["name"]]
        name = "::".join(mpath)
        # Methods after consts and types; within each, by name.
        if kind == "function":
            # In a trait: whether an implementor must write it.
            mark = "" if not provided_mark else (" { .. }" if v.get("has_body") else ";")
            self.add(mpath, 3, self.function(name, v, prefix="pub " if not provided_mark else "") + mark)
        elif kind == "assoc_const":
            default = " = .." if provided_mark and v.get("value") is not None else ""
            self.add(mpath, 2, f"{'' if provided_mark else 'pub '}const {name}: {self.ty(v['type'])}{default}")
        elif kind == "assoc_type":
            g = v.get("generics", {})
            bounds = f": {self.bounds(v['bounds'])}" if v.get("bounds") else ""
            value = f" = {self.ty(v['type'])}" if v.get("type") is not None else ""
            self.add(mpath, 2, f"type {name}{self.generics(g)}{bounds}{value}")

    def emit_impls(self, path, impl_ids):
        name = "::".join(path)
        traits, autos = [], []
        for i in impl_ids:
            imp = self.index.get(str(i))
            if imp is None:
                continue
            v = imp["inner"]["impl"]
            if v.get("blanket_impl") is not None:
                continue
            if v.get("trait") is None:
                for member in v["items"]:
                    member = self.index.get(str(member))
                    if member is not None and member.get("visibility") == "public":
                        self.emit_member(path, member)
                continue
            trait_name = self.type_name(v["trait"])
            base = trait_name.split("<")[0]
            if base in HIDDEN_TRAITS or (v.get("is_synthetic") and base not in STABLE_AUTO_TRAITS):
                continue
            trait = ("!" if v.get("is_negative") else "") + trait_name
            if v.get("is_synthetic"):
                autos.append(trait)
                continue
            target = self.ty(v["for"])
            base = target.split("<")[0]
            if base != "::".join(path[1:]) and base in self.local_names:
                continue  # listed under that type (`From<Square> for BitBoard` is BitBoard's)
            g = v["generics"]
            generic = "" if self.unbounded(g) else self.generics(g)
            on = "" if base == "::".join(path[1:]) else f" for {target}"
            traits.append(f"{generic.replace('<', 'impl<', 1) + ' ' if generic else ''}{trait}{on}{self.where_clause(g)}")
        if traits:
            self.add(path, 4, f"impl {name}: {', '.join(sorted(set(traits)))}")
        if autos:
            self.add(path, 5, f"auto {name}: {', '.join(sorted(set(autos)))}")

    def render(self):
        self.walk(str(self.doc["root"]), [self.crate], set())
        self.settle_paths()
        self.emit_all()
        self.lines.sort(key=lambda line: (line[0], line[1]))
        return "".join(text + "\n" for _, text in self.lines)


def docs_features(crate_dir):
    """The features docs.rs builds the crate's docs with, as cargo arguments."""
    text = (Path(crate_dir) / "Cargo.toml").read_text()
    if tomllib is not None:
        manifest = tomllib.loads(text)
        meta = manifest.get("package", {}).get("metadata", {}).get("docs", {}).get("rs", {})
    else:
        table = re.search(r"^\[package\.metadata\.docs\.rs\]\n(.*?)(?=^\[|\Z)", text, re.M | re.S)
        meta = {}
        for key, value in re.findall(r"^([\w-]+)\s*=\s*(.+)$", table.group(1) if table else "", re.M):
            meta[key] = re.findall(r'"([^"]*)"', value) if value.startswith("[") else value.strip() == "true"
    args = []
    if meta.get("all-features"):
        args.append("--all-features")
    if meta.get("no-default-features"):
        args.append("--no-default-features")
    if meta.get("features"):
        args += ["--features", ",".join(meta["features"])]
    return " ".join(args)


def main(argv):
    if len(argv) == 3 and argv[1] == "--features":
        print(docs_features(argv[2]))
        return 0
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    doc = json.loads(Path(argv[1]).read_text())
    api = Api(doc, Path(argv[1]).parent)
    header = f"# The public API of {api.crate} (rustdoc's JSON, by scripts/public-api.sh; CI checks it).\n"
    Path(argv[2]).write_text(header + api.render())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
