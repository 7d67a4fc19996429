#!/usr/bin/env bash
# Fuzz every cargo-fuzz target of fuzz/ for a fixed time, starting from the committed seeds, and
# fail on any crash, timeout (one input longer than FUZZ_TIMEOUT seconds) or out-of-memory (more
# than FUZZ_RSS_MB), printing the input that did it. What CI runs (see fuzz/README.md).
#
# Installs what it needs when missing: the nightly toolchain (minimal profile) and cargo-fuzz.
#
#   scripts/fuzz.sh                     # every target, FUZZ_SECONDS (30) each
#   FUZZ_SECONDS=300 scripts/fuzz.sh pgn uci   # some targets, longer
#   FUZZ_CORPUS=keep scripts/fuzz.sh    # grow fuzz/corpus/<target>/ instead of a scratch corpus
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

seconds=${FUZZ_SECONDS:-30}
timeout=${FUZZ_TIMEOUT:-10}
rss_mb=${FUZZ_RSS_MB:-2048}
all_targets=(fen moves playout pgn epd uci book net review_json js_options)
if (($#)); then
    targets=("$@")
else
    targets=("${all_targets[@]}")
fi

# The dictionary of each target, if it has one.
dict_of() {
    case $1 in
        fen) echo dicts/fen.dict ;;
        moves) echo dicts/moves.dict ;;
        pgn) echo dicts/pgn.dict ;;
        epd) echo dicts/epd.dict ;;
        uci) echo dicts/uci.dict ;;
        review_json | js_options) echo dicts/json.dict ;;
    esac
}

start=$(date +%s)
if ! rustup run nightly rustc --version >/dev/null 2>&1; then
    echo "== installing the nightly toolchain"
    rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "== installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi
echo "== $(rustup run nightly rustc --version), $(cargo fuzz --version)"

# One build of every target: no sanitizer (the code is safe Rust; the one `unsafe` calls the
# AVX2 copy of a safe loop), debug assertions and overflow checks on.
flags=(--sanitizer none --debug-assertions)
echo "== building the fuzz targets"
cargo +nightly fuzz build "${flags[@]}"
built=$(date +%s)
echo "built in $((built - start)) s"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failed=()
for target in "${targets[@]}"; do
    if [[ ! -d seeds/$target ]]; then
        echo "error: no target $target (seeds/$target is missing)" >&2
        exit 2
    fi
    if [[ ${FUZZ_CORPUS:-} == keep ]]; then
        corpus=corpus/$target
    else
        corpus=$scratch/corpus-$target
    fi
    mkdir -p "$corpus"
    args=(-max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$rss_mb" -print_final_stats=1)
    dict=$(dict_of "$target")
    if [[ -n $dict ]]; then
        args+=(-dict="$dict")
    fi
    log=$scratch/$target.log
    rm -rf "artifacts/$target"
    if cargo +nightly fuzz run "${flags[@]}" "$target" "$corpus" "seeds/$target" -- "${args[@]}" >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
        rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
        echo "ok   $target: $runs runs in ${seconds} s ($rate exec/s), $cov, corpus $(ls "$corpus" | wc -l) files, peak RSS $rss MB"
    else
        failed+=("$target")
        echo "FAIL $target"
        grep -E -A30 "panicked at|==[0-9]+== ERROR|ALARM: working on the last Unit|out-of-memory|deadly signal" "$log" |
            head -60 | cut -c1-400
        for artifact in artifacts/"$target"/*; do
            [[ -f $artifact ]] || continue
            echo "-- the input, fuzz/$artifact ($(wc -c <"$artifact") bytes; a first part):"
            head -c 1500 "$artifact" | od -A d -c | head -40
            echo "-- reproduce: cd fuzz && cargo +nightly fuzz run ${flags[*]} $target $artifact"
            echo "-- once fixed, commit the minimized input as fuzz/seeds/$target/regression_<what>"
        done
    fi
done
echo "== fuzzing took $(($(date +%s) - start)) s in all"
if ((${#failed[@]})); then
    echo "error: the fuzzers found faults in: ${failed[*]}" >&2
    exit 1
fi
