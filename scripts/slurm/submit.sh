#!/usr/bin/env bash
# Submit, or submit again, a job array of scripts/slurm/ and the job that puts its outputs
# together (docs/scale.md):
#
#   REVIEW_PGN=games.pgn ARRAY_TASKS=100 [REVIEW_OPTIONS='--nodes 20000'] [CHESS_BIN=...] \
#     scripts/slurm/submit.sh review DIR [SBATCH OPTIONS...]
#   SELFPLAY_SEED=9 SELFPLAY_CHUNKS=2000 ARRAY_TASKS=200 [SELFPLAY_OPTIONS='--eval net'] [CHESS_TUNE_BIN=...] \
#     scripts/slurm/submit.sh selfplay DIR [SBATCH OPTIONS...]
#
# The first submission writes the settings to DIR/job.env (absolute paths); a later one reads them
# from there (a variable set to another value is refused: a job's tasks all run with the same
# options) and submits only the tasks without a done marker (DIR/done/task-I), then the merge with
# --dependency=afterok on them (alone when every task is done; nothing when it is merged too). It
# refuses while the folder's jobs are still queued, but for a merge left waiting on a task that
# failed, which it cancels.
# ARRAY_LIMIT=K runs at most K tasks at a time (--array=...%K). SBATCH OPTIONS go to both
# sbatch calls (--partition, --account, --time, --cpus-per-task: a task's games or chunks run on
# that many threads); MERGE_SBATCH='--mem=8G ...' (split at spaces) to the merge's only. The last
# line says what was submitted: `submitted: array=JOB merge=JOB` (`-` for none).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

usage() {
    sed -n '2,19p' "$0" >&2
    exit 2
}
(($# >= 2)) || usage
kind=$1
dir=$2
shift 2
case $kind in
review)
    names=(ARRAY_TASKS REVIEW_PGN REVIEW_OPTIONS CHESS_BIN)
    required=(ARRAY_TASKS REVIEW_PGN)
    ;;
selfplay)
    names=(ARRAY_TASKS SELFPLAY_SEED SELFPLAY_CHUNKS SELFPLAY_OPTIONS CHESS_TUNE_BIN)
    required=(ARRAY_TASKS SELFPLAY_SEED SELFPLAY_CHUNKS)
    ;;
*) usage ;;
esac

# The binary: the variable's, else this checkout's release build, else the one on PATH.
binary() {
    local name=$1
    if [[ -x $root/target/release/$name ]]; then
        echo "$root/target/release/$name"
    else
        # (an empty answer is refused below)
        command -v "$name" || true
    fi
}
absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
# A setting as job.env keeps it: files by absolute path, a binary without a folder from PATH.
resolve() {
    case $1 in
    REVIEW_PGN) absolute "$2" ;;
    CHESS_BIN | CHESS_TUNE_BIN) if [[ $2 == */* ]]; then absolute "$2"; else command -v "$2" || echo "$2"; fi ;;
    *) echo "$2" ;;
    esac
}

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
conf=$dir/job.env
if [[ -e $conf ]]; then
    # The settings of the first submission; the environment may only repeat them.
    declare -A given=()
    for name in "${names[@]}"; do
        if [[ -n ${!name+set} ]]; then given[$name]=${!name}; fi
    done
    # shellcheck source=/dev/null
    source "$conf"
    for name in "${!given[@]}"; do
        value=$(resolve "$name" "${given[$name]}")
        if [[ $value != "${!name:-}" ]]; then
            echo "submit: $dir was started with $name=${!name:-} ($conf), not $value; use another folder for other settings" >&2
            exit 2
        fi
    done
else
    for name in "${required[@]}"; do
        [[ -n ${!name:-} ]] || {
            echo "submit: the first submission to $dir needs $name (see the top of $0)" >&2
            exit 2
        }
    done
    [[ $ARRAY_TASKS =~ ^[1-9][0-9]*$ ]] || {
        echo "submit: ARRAY_TASKS=$ARRAY_TASKS: a number of tasks, at least 1" >&2
        exit 2
    }
    if [[ $kind == review ]]; then
        [[ -r $REVIEW_PGN ]] || {
            echo "submit: cannot read REVIEW_PGN=$REVIEW_PGN" >&2
            exit 2
        }
        REVIEW_PGN=$(resolve REVIEW_PGN "$REVIEW_PGN")
        CHESS_BIN=$(resolve CHESS_BIN "${CHESS_BIN:-$(binary chess)}")
    else
        CHESS_TUNE_BIN=$(resolve CHESS_TUNE_BIN "${CHESS_TUNE_BIN:-$(binary chess-tune)}")
    fi
    bin=$([[ $kind == review ]] && echo CHESS_BIN || echo CHESS_TUNE_BIN)
    [[ -x ${!bin} ]] || {
        echo "submit: $bin=${!bin}: not an executable" >&2
        exit 2
    }
    for name in "${names[@]}"; do
        printf '%s=%q\n' "$name" "${!name:-}"
    done >"$conf.tmp"
    mv "$conf.tmp" "$conf"
fi
n=$ARRAY_TASKS

# This folder's jobs still in the queue (sbatch --comment names the folder): tasks that run, or
# wait, would run twice; a merge that waits on a task that failed (DependencyNeverSatisfied) can
# never run, and is cancelled here for the one submitted below.
comment=chess:$dir
queued=()
while read -r id reason job_comment; do
    [[ $job_comment == "$comment" ]] || continue
    if [[ $reason == DependencyNeverSatisfied ]]; then
        scancel "$id"
        echo "$kind: cancelled job $id, a merge that waited on a task that failed"
    else
        queued+=("$id")
    fi
done < <(squeue -h -u "$(id -un)" -o '%i %r %k')
if ((${#queued[@]} > 0)); then
    echo "submit: jobs of $dir are still queued (${queued[*]}): wait for them, or scancel them, then submit again" >&2
    exit 1
fi

# The tasks without a done marker, as an --array list (runs of indices as ranges).
missing=()
for ((i = 1; i <= n; i++)); do
    [[ -e $dir/done/task-$i ]] || missing+=("$i")
done
list=
start=
prev=
for i in "${missing[@]}" end; do
    if [[ -n $prev && ($i == end || $i -ne $((prev + 1))) ]]; then
        list+=${list:+,}$start$([[ $start == "$prev" ]] || echo "-$prev")
        start=
    fi
    [[ $i == end ]] && break
    [[ -n $start ]] || start=$i
    prev=$i
done

mkdir -p "$dir/logs"
read -ra merge_options <<<"${MERGE_SBATCH:-}"
script=$here/$kind.sbatch
array=-
merge=-
if ((${#missing[@]} > 0)); then
    echo "$kind: ${#missing[@]} of $n tasks to run: $list"
    array=$(sbatch --parsable --array="$list${ARRAY_LIMIT:+%$ARRAY_LIMIT}" --output="$dir/logs/%x-%A_%a.out" \
        --comment="$comment" "$@" "$script" "$dir")
    array=${array%%;*}
    merge=$(sbatch --parsable --dependency="afterok:$array" --output="$dir/logs/%x-merge-%j.out" \
        --comment="$comment" "$@" "${merge_options[@]}" "$script" "$dir" merge)
elif [[ ! -e $dir/done/merged ]]; then
    echo "$kind: every task of $n done; the merge to run"
    merge=$(sbatch --parsable --output="$dir/logs/%x-merge-%j.out" --comment="$comment" "$@" "${merge_options[@]}" \
        "$script" "$dir" merge)
else
    echo "$kind: every task of $n done and merged ($(cat "$dir/done/merged")); nothing to submit"
fi
echo "submitted: array=$array merge=${merge%%;*}"
