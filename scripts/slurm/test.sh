#!/usr/bin/env bash
# The job arrays of scripts/slurm/ on a real one-node Slurm (docs/scale.md; issue 85). Starts
# munged, slurmctld and slurmd from Debian's packages (installed when missing) with a private
# configuration, state and ports under a temporary folder (scripts/slurm/local-cluster.sh); then
#   1. reviews a 50-game PGN file as a 4-task array, kills one task while it runs, shows that the
#      merge did not run and that a resubmission runs only that task and merges, and compares
#      the merged review with one `chess review` of the file (cmp);
#   2. generates self-play data as a 3-task array, merges it into a packed folder with its
#      manifest, and compares it with one `chess-tune selfplay` run of the same seed (cmp);
# and stops the daemons. Skips (status 0) only where Slurm cannot start here: not root, no Slurm
# and no apt-get, or a daemon that stops at once (daemons that run but do not serve fail it).
#   SLURM_TEST_KEEP=1   keep the temporary folder (it is kept anyway when the test fails)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
started=$SECONDS

skip() {
    echo "slurm test: SKIPPED: $*"
    exit 0
}
say() { echo "== slurm test ($((SECONDS - started)) s): $*"; }
fail() {
    echo "slurm test: FAILED: $*" >&2
    exit 1
}

work=$(mktemp -d /tmp/chess-slurm.XXXXXX)
export SLURM_CONF=$work/slurm.conf
cleanup() {
    local status=$?
    set +e
    if [[ -e $SLURM_CONF ]]; then
        scripts/slurm/local-cluster.sh stop "$work"
        echo "== slurm test: daemons stopped"
    fi
    if ((status == 0)) && [[ -z ${SLURM_TEST_KEEP:-} ]]; then
        rm -rf "$work"
    else
        echo "== slurm test: its files are in $work"
    fi
    exit "$status"
}
trap cleanup EXIT

say "a one-node Slurm (scripts/slurm/local-cluster.sh start)"
status=0
scripts/slurm/local-cluster.sh start "$work" 2>"$work/start.err" || status=$?
if ((status == 75)); then
    skip "$(cat "$work/start.err")"
fi
cat "$work/start.err" >&2
((status == 0)) || fail "the one-node Slurm did not come up (status $status)"

say "the binaries (cargo build --release -p chess-cli, then -p chess-tune)"
# One package a build, each with its own features, as `cargo run --release` builds chess (no
# rebuild of chess after it).
cargo build --release -q -p chess-cli
cargo build --release -q -p chess-tune
chess=$root/target/release/chess
tune=$root/target/release/chess-tune

# Wait until none of the jobs is in the queue any more (at most $1 seconds).
wait_jobs() {
    local limit=$1 t0=$SECONDS ids
    shift
    ids=$(IFS=, && echo "$*")
    while [[ -n $(squeue -h -j "$ids" -o %i 2>/dev/null) ]]; do
        ((SECONDS - t0 < limit)) || fail "jobs $* still queued after $limit s"
        sleep 0.5
    done
}
# The states of a job's elements: `3 JobState=COMPLETED, 1 JobState=CANCELLED`.
state() { scontrol show job -o "$1" | grep -o 'JobState=[A-Z_]*' | sort | uniq -c | sed -E 's/^ +//' | paste -sd, - | sed 's/,/, /g'; }
submitted() { sed -n 's/^submitted: array=\(.*\) merge=\(.*\)$/\1 \2/p' "$1"; }

# --- 1. The review of a PGN database --------------------------------------------------------
pgn=docs/review-quality/games.pgn
options=(--nodes 2000)
games=$(grep -c '^\[Event ' "$pgn")
say "the reference: one chess review of $pgn ($games games) ${options[*]}"
"$chess" review "$pgn" "${options[@]}" --jsonl --annotate "$work/single.pgn" >"$work/single.jsonl"

out=$work/review
say "a 4-task review array (scripts/slurm/submit.sh review)"
REVIEW_PGN=$pgn ARRAY_TASKS=4 REVIEW_OPTIONS="${options[*]}" CHESS_BIN=$chess \
    scripts/slurm/submit.sh review "$out" | tee "$work/submit-1.txt"
read -r array merge < <(submitted "$work/submit-1.txt")

# Kill a task that has written part of its shard: the first one seen with a review written.
victim=
t0=$SECONDS
while [[ -z $victim ]]; do
    for i in 1 2 3 4; do
        for tmp in "$out/shards/task-$i.jsonl.tmp."*; do
            if [[ -s $tmp && ! -e $out/done/task-$i ]]; then
                victim=$i
                break 2
            fi
        done
    done
    ((SECONDS - t0 < 120)) || fail "no task had started writing after 120 s"
    sleep 0.1
done
scancel "${array}_$victim"
say "killed task $victim (scancel ${array}_$victim) while it ran, after $(wc -l <"$tmp") of its shard's reviews"
wait_jobs 120 "$array"
echo "array $array: $(state "$array")"
[[ ! -e $out/done/task-$victim ]] || fail "the killed task $victim has a done marker"
[[ $(scontrol show job -o "${array}_$victim" | grep -o 'JobState=[A-Z]*') == JobState=CANCELLED ]] ||
    fail "task $victim was not cancelled: $(scontrol show job -o "${array}_$victim" | grep -o 'JobState=[A-Z]*')"
ls "$out/done"
# The merge waits on afterok: with a task cancelled it can never run.
for _ in $(seq 60); do
    reason=$(squeue -h -j "$merge" -o %r 2>/dev/null)
    [[ $reason == DependencyNeverSatisfied ]] && break
    sleep 0.5
done
[[ $reason == DependencyNeverSatisfied ]] || fail "merge job $merge: reason '$reason', not DependencyNeverSatisfied"
[[ ! -e $out/done/merged && ! -e $out/review.jsonl ]] || fail "merged without task $victim"
echo "merge job $merge: pending, $reason (afterok: task $victim was killed)"

say "the resubmission (scripts/slurm/submit.sh review, the settings from $out/job.env)"
scripts/slurm/submit.sh review "$out" | tee "$work/submit-2.txt"
read -r array2 merge2 < <(submitted "$work/submit-2.txt")
grep -qx "review: cancelled job $merge, a merge that waited on a task that failed" "$work/submit-2.txt" ||
    fail "the resubmission did not cancel the merge job $merge"
grep -qx "review: 1 of 4 tasks to run: $victim" "$work/submit-2.txt" || fail "the resubmission did not run task $victim alone"
wait_jobs 300 "$array2" "$merge2"
echo "array $array2: $(state "$array2"); merge $merge2: $(state "$merge2")"
[[ $(state "$merge2") == "1 JobState=COMPLETED" ]] || fail "the merge job did not complete: $(cat "$out"/logs/*merge-"$merge2".out)"
ran=$(find "$out/logs" -name "chess-review-${array2}_*.out" | wc -l)
((ran == 1)) || fail "the resubmission ran $ran tasks, not 1"
cat "$out/done/task-"* "$out/done/merged"
say "merged review against the single run"
cmp "$work/single.jsonl" "$out/review.jsonl"
echo "byte-identical: review.jsonl of 4 tasks (one killed, resubmitted) = one chess review --jsonl ($(wc -l <"$out/review.jsonl") games, sha256 $(sha256sum <"$out/review.jsonl" | cut -c1-16))"
cmp "$work/single.pgn" "$out/reviewed.pgn"
echo "byte-identical: reviewed.pgn of 4 tasks = one chess review --annotate (sha256 $(sha256sum <"$out/reviewed.pgn" | cut -c1-16))"
scripts/slurm/submit.sh review "$out" | tee "$work/submit-3.txt"
grep -q '^submitted: array=- merge=-$' "$work/submit-3.txt" || fail "a third submission submitted something"

# --- 2. Self-play training data -------------------------------------------------------------
seed=85
chunks=6
options=(--games-per-chunk 2 --nodes 300)
say "the reference: one chess-tune selfplay, seed $seed, $chunks chunks ${options[*]}, packed"
"$tune" selfplay --out "$work/reference/selfplay" --seed "$seed" --chunks "$chunks" --threads 1 "${options[@]}" 2>/dev/null
"$tune" pack --data "$work/reference/selfplay" --out "$work/reference/training-data" --data-seeds "$seed"
"$tune" verify-data --from "$work/reference/training-data" 2>&1 | tail -n 1 | tee "$work/reference/verify-data.txt"

data=$work/selfplay
say "a 3-task self-play array (scripts/slurm/submit.sh selfplay)"
SELFPLAY_SEED=$seed SELFPLAY_CHUNKS=$chunks ARRAY_TASKS=3 SELFPLAY_OPTIONS="${options[*]}" CHESS_TUNE_BIN=$tune \
    scripts/slurm/submit.sh selfplay "$data" | tee "$work/submit-4.txt"
read -r array merge < <(submitted "$work/submit-4.txt")
wait_jobs 300 "$array" "$merge"
echo "array $array: $(state "$array"); merge $merge: $(state "$merge")"
[[ -e $data/done/merged ]] || fail "the data merge did not finish: $(cat "$data"/logs/*merge-"$merge".out)"
cat "$data/done/"*
say "generated data against the single run"
compared=0
for reference in "$work/reference/selfplay/"*.csp; do
    name=$(basename "$reference")
    theirs=$(find "$data/tasks" -name "$name")
    [[ -n $theirs ]] || fail "$name: not made by the array"
    cmp "$reference" "$theirs"
    echo "byte-identical: $name ($(basename "$(dirname "$theirs")") of 3 = the single run)"
    compared=$((compared + 1))
done
((compared == chunks)) || fail "$compared chunks compared, not $chunks"
# The packed files and the manifest, but for the seconds each chunk took.
for f in "$work/reference/training-data/seed-$seed/"*.cpk; do
    cmp "$f" "$data/training-data/seed-$seed/$(basename "$f")"
done
without_seconds() { sed -E 's/"seconds":[0-9.]+,//' "$1"; }
cmp <(without_seconds "$work/reference/training-data/manifest.jsonl") <(without_seconds "$data/training-data/manifest.jsonl")
echo "byte-identical: the $chunks packed files, and manifest.jsonl but for each chunk's seconds"
tail -n 1 "$data/verify-data.txt"
cmp "$work/reference/verify-data.txt" <(tail -n 1 "$data/verify-data.txt")
echo "identical: the data's identity (chunks and data_sha256, as a net's card records them)"

say "passed"
