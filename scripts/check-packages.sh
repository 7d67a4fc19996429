#!/usr/bin/env bash
# The library crates as crates.io would get them. `cargo package` packs each publishable crate;
# every .crate is unpacked into target/package-check/src, which becomes a workspace of its own
# whose [patch.crates-io] points the crates' dependencies on each other (`version = "0.1.0"` in a
# packaged Cargo.toml, the path gone) at the unpacked siblings; then each crate's tests (unit,
# integration, doctests) run from the packaged sources alone. Before that, what each .crate holds
# is checked: the licence files and CHANGELOG.md equal to the repository's, its README, the
# metadata crates.io shows, and no net it does not embed. Last, the crates are checked with the
# Rust of their `rust-version` (installed by rustup when missing).
#
# Tests that read files of the repository outside their crate (chess-core's perft suites,
# chess-syzygy's tables, ../shared/data) skip with a `skipped:` line, listed at the end.
# Builds go to target/package-check/target and are reused by the next run: the unpacked sources
# stay in one place, and a file is rewritten only when its contents changed (a .crate stores one
# fixed time stamp for every file, which would hide a change from Cargo).
#
# Usage: scripts/check-packages.sh            (from anywhere in the repository)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# In dependency order. chess-cli, chess-tune, chess-wasm and benches are `publish = false`.
crates=(chess-core chess-eval chess-syzygy chess-search chess-ai)
work="$root/target/package-check"
export CARGO_TARGET_DIR="$work/target"

echo "== cargo package (verified below, from the unpacked sources)"
package_args=()
for c in "${crates[@]}"; do package_args+=(-p "$c"); done
# --allow-dirty: a change not yet committed is checked too (CI's checkout is clean).
cargo package --no-verify --allow-dirty --target-dir "$root/target" "${package_args[@]}"

echo "== unpack into $work/src"
stage="$work/stage"
rm -rf "$stage"
mkdir -p "$stage" "$work/src"
members=()
for c in "${crates[@]}"; do
    version=$(cargo pkgid -p "$c" | sed 's/.*[#@]//')
    file="$root/target/package/$c-$version.crate"
    tar -xzf "$file" -C "$stage"
    members+=("$c-$version")
    printf '%-14s %9s bytes  %s files\n' "$c" "$(wc -c <"$file")" "$(tar -tzf "$file" | wc -l)"
done
# Copy what changed (by contents), delete what is gone; unchanged files keep their time stamps.
(cd "$stage" && find . -type f) | while read -r f; do
    if ! cmp -s "$stage/$f" "$work/src/$f"; then
        mkdir -p "$(dirname "$work/src/$f")"
        cp "$stage/$f" "$work/src/$f"
    fi
done
(cd "$work/src" && find . -mindepth 2 -type f) | while read -r f; do
    [ -e "$stage/$f" ] || rm -f "$work/src/$f"
done
find "$work/src" -mindepth 1 -maxdepth 1 -type d | while read -r d; do
    [ -d "$stage/$(basename "$d")" ] || rm -rf "$d"
done

echo "== what each .crate holds"
python3 - "$root" "$work/src" "${members[@]}" <<'EOF'
import filecmp, pathlib, re, sys, tomllib

root, src, members = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3:]
# Slugs of crates.io's categories (rust-lang/crates.io, src/boot/categories.toml) that these
# crates use or may use; crates.io refuses an unknown one at publish time.
CATEGORIES = {"algorithms", "game-development", "game-engines", "games", "no-std", "parser-implementations", "wasm"}
errors = []
for member in members:
    crate = src / member
    manifest = tomllib.loads((crate / "Cargo.toml").read_text())
    package = manifest["package"]
    name = package["name"]
    for field in ("description", "license", "readme", "documentation", "rust-version", "keywords", "categories"):
        if not package.get(field):
            errors.append(f"{name}: no `{field}` in its Cargo.toml")
    if package.get("documentation") and package["documentation"] != f"https://docs.rs/{name}":
        errors.append(f"{name}: documentation is {package['documentation']}, not https://docs.rs/{name}")
    if "example.invalid" in package.get("repository", "") + package.get("homepage", ""):
        errors.append(f"{name}: a made-up repository or homepage URL")
    keywords = package.get("keywords", [])
    if len(keywords) > 5 or any(not re.fullmatch(r"[A-Za-z][A-Za-z0-9_+-]{0,19}", k) for k in keywords):
        errors.append(f"{name}: crates.io takes at most 5 keywords of 1-20 characters: {keywords}")
    for category in package.get("categories", []):
        if category not in CATEGORIES:
            errors.append(f"{name}: category {category!r} is not one of {sorted(CATEGORIES)}")
    if not (crate / package.get("readme", "README.md")).is_file():
        errors.append(f"{name}: no README in the package")
    for shared in ("LICENSE-MIT", "LICENSE-APACHE", "CHANGELOG.md"):
        packed = crate / shared
        if not packed.is_file():
            errors.append(f"{name}: {shared} missing from the package")
        elif not filecmp.cmp(packed, root / shared, shallow=False):
            errors.append(f"{name}: its {shared} differs from the repository's {shared}")
    # A net file is packed only to be compiled in: named in an include_bytes! of the crate.
    code = "".join(p.read_text() for p in crate.rglob("*.rs"))
    embedded = set(re.findall(r'include_bytes!\([^)]*?([\w.-]+\.nnue)"', code))
    for net in sorted(crate.rglob("*.nnue")):
        if net.name not in embedded:
            errors.append(f"{name}: packs {net.relative_to(crate)}, which nothing compiles in")
    mine = [e for e in errors if e.startswith(name + ":")]
    print(f"{name}: {'FAILED' if mine else 'ok'} (keywords {', '.join(keywords)}; categories {', '.join(package.get('categories', []))})")
if errors:
    print("\n".join(["error:"] + errors), file=sys.stderr)
    sys.exit(1)
EOF

echo "== the workspace of the unpacked crates"
{
    echo "# Written by scripts/check-packages.sh: the packaged crates, their dependencies on each"
    echo "# other pointed at the unpacked siblings."
    echo "[workspace]"
    echo 'resolver = "2"'
    printf 'members = ['
    printf '"%s", ' "${members[@]}"
    echo ']'
    echo
    echo "[patch.crates-io]"
    for m in "${members[@]}"; do
        echo "${m%-*} = { path = \"$m\" }"
    done
    echo
    # The repository's test profile (tests run optimised: perft trees and playouts are large).
    python3 -c '
import sys, tomllib
profile = tomllib.load(open(sys.argv[1], "rb")).get("profile", {}).get("test", {})
print("[profile.test]")
for key, value in profile.items():
    print(f"{key} = {value!r}".replace("\x27", "\""))
' "$root/Cargo.toml"
} >"$work/src/Cargo.toml.new"
cmp -s "$work/src/Cargo.toml.new" "$work/src/Cargo.toml" || mv "$work/src/Cargo.toml.new" "$work/src/Cargo.toml"
rm -f "$work/src/Cargo.toml.new"
# The repository's lock file: the same dependency versions as its own tests (Cargo drops the rest).
cp "$root/Cargo.lock" "$work/src/Cargo.lock"

cd "$work/src"
echo "== build every test of the unpacked crates"
cargo test --workspace --no-run

# Tests of the packaged crate that cannot pass from its sources, by the reason they cannot.
skips_for() {
    case "$1" in
        chess-eval)
            # nets/cn128-v1.nnue is a file of the repository, not packaged (nothing compiles it
            # in); two tests of src/nnue.rs read it by path. Skipped while they do.
            if grep -q 'nets/cn128-v1.nnue' "$2/src/nnue.rs"; then
                echo "--skip nnue::tests::output_buckets_go_by_piece_count_and_round_trip --skip nnue::Network::load"
            fi
            ;;
    esac
}

failed=0
summary=()
for m in "${members[@]}"; do
    c=${m%-*}
    skips=$(skips_for "$c" "$m")
    echo "== cargo test -p $c (from $m)${skips:+; $skips}"
    log="$work/test-$c.log"
    # --show-output: the captured output of passing tests, so that their `skipped:` lines show.
    # shellcheck disable=SC2086
    if cargo test -p "$c" -- --show-output $skips >"$log" 2>&1; then status=ok; else status=FAILED; failed=1; fi
    grep -E '^test result:|^\s*(Running|Doc-tests)' "$log" | sed 's/^/    /' || true
    read -r passed ignored < <(awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^ignored/) g += $i } } END { print p + 0, g + 0 }' "$log")
    skipped=$(awk '/^---- .* stdout ----$/ { name = $2 } /^skipped:/ { print "      " name ": " $0 }' "$log")
    summary+=("$(printf '%-14s %s: %4d passed, %3d ignored' "$c" "$status" "$passed" "$ignored")${skips:+ (not run: ${skips//--skip /})}")
    [ -n "$skipped" ] && summary+=("$skipped")
    if [ "$status" != ok ]; then
        echo "--- the end of $log:"
        tail -60 "$log"
    fi
done

# The minimum supported Rust version. Clippy's incompatible_msrv lint (CI's clippy) sees a
# standard-library item newer than `rust-version`, but not the language: a feature stabilised
# later (`&mut` in a const fn, `#[target_feature]` on a safe fn) shows only to that compiler.
# Dependencies are locked to versions that declare support for it (Cargo's MSRV-aware
# resolution), as a user on that Rust would lock them; the repository's own lock is restored after.
msrv=$(python3 -c '
import sys, tomllib
versions = {tomllib.load(open(f"{m}/Cargo.toml", "rb"))["package"]["rust-version"] for m in sys.argv[1:]}
print(min(versions, key=lambda v: tuple(map(int, v.split(".")))))
' "${members[@]}")
echo "== MSRV: the unpacked crates with Rust $msrv (their rust-version), cargo check of every target"
have_msrv() {
    command -v rustup >/dev/null || return 1
    rustup run "$msrv" cargo --version >/dev/null 2>&1 || rustup toolchain install "$msrv" --profile minimal
}
if ! have_msrv; then
    echo "warning: no Rust $msrv (no rustup, or it could not install the toolchain): the MSRV is not checked"
    summary+=("MSRV $msrv: NOT CHECKED (no Rust $msrv)")
else
    cp "$root/Cargo.lock" "$work/src/Cargo.lock.tests"
    trap 'mv -f "$work/src/Cargo.lock.tests" "$work/src/Cargo.lock"' EXIT
    CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=fallback cargo update 2>&1 | grep -E 'Locking|requires Rust' || true
    msrv_log="$work/msrv.log"
    if CARGO_TARGET_DIR="$work/msrv-target" rustup run "$msrv" cargo check --workspace --all-targets >"$msrv_log" 2>&1 &&
        CARGO_TARGET_DIR="$work/msrv-target" rustup run "$msrv" cargo check --workspace --all-targets --all-features >>"$msrv_log" 2>&1; then
        summary+=("MSRV $msrv: ok (cargo check, every target, default and all features)")
    else
        failed=1
        summary+=("MSRV $msrv: FAILED (see $msrv_log)")
        grep -E '^error' -A8 "$msrv_log" | head -80
    fi
fi

echo "== summary: the packaged crates' tests"
printf '%s\n' "${summary[@]}"
exit "$failed"
