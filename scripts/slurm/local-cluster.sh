#!/usr/bin/env bash
# A one-node Slurm on this machine, from Debian's packages, for scripts/slurm/test.sh and for
# trying the job arrays of scripts/slurm/ (docs/scale.md):
#
#   scripts/slurm/local-cluster.sh start DIR   installs slurmctld, slurmd, slurm-client and munge
#       when they are missing (apt-get), writes DIR/slurm.conf and starts munged, slurmctld and
#       slurmd as root with their key, socket, state, logs and pid files in DIR; then
#       `export SLURM_CONF=DIR/slurm.conf` and sbatch, squeue, scancel use it
#   scripts/slurm/local-cluster.sh stop DIR    cancels its jobs and stops its daemons (by the pid
#       files in DIR, nothing else)
#
# start's status: 0 when the node is idle; 75 when Slurm cannot start here (not root, no Slurm and
# no apt-get to install it, a daemon that stops at once), the reason on stderr; 1 when the daemons
# run but the node does not serve. The ports: SLURM_PORT (default 26817) and the next one, or
# the first free pair after them, away from a Slurm the machine runs on 6817.
set -euo pipefail

usage() {
    sed -n '2,15p' "$0" >&2
    exit 2
}
(($# == 2)) || usage
command=$1
dir=$2
cannot() {
    echo "cannot start Slurm here: $*" >&2
    exit 75
}
fail() {
    echo "local-cluster: $*" >&2
    exit 1
}
alive() { [[ -s $dir/$1.pid ]] && kill -0 "$(cat "$dir/$1.pid")" 2>/dev/null; }
# TERM, then KILL after 5 s.
stop_daemon() {
    local pid
    [[ -s $dir/$1.pid ]] || return 0
    pid=$(cat "$dir/$1.pid")
    kill "$pid" 2>/dev/null || return 0
    for _ in $(seq 25); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.2
    done
    kill -KILL "$pid" 2>/dev/null || true
}

case $command in
start) ;;
stop)
    [[ -e $dir/slurm.conf ]] || exit 0
    export SLURM_CONF=$dir/slurm.conf
    if alive slurmctld; then
        # This controller knows only the jobs submitted to it.
        squeue -h -o %A 2>/dev/null | sort -u | xargs -r scancel 2>/dev/null || true
        scontrol shutdown >/dev/null 2>&1 || true
        for _ in $(seq 25); do
            alive slurmctld || alive slurmd || break
            sleep 0.2
        done
    fi
    stop_daemon slurmctld
    stop_daemon slurmd
    stop_daemon munged
    exit 0
    ;;
*) usage ;;
esac

[[ $(id -u) == 0 ]] || cannot "not root (the daemons run as root: SlurmUser=root)"
commands=(munged slurmctld slurmd sbatch squeue scontrol scancel sinfo)
have_slurm() {
    local c
    for c in "${commands[@]}"; do command -v "$c" >/dev/null || return 1; done
}
if ! have_slurm; then
    command -v apt-get >/dev/null || cannot "no Slurm, and no apt-get to install it"
    echo "installing Debian's slurmctld, slurmd, slurm-client and munge"
    export DEBIAN_FRONTEND=noninteractive
    packages=(slurmctld slurmd slurm-client munge)
    if ! apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null 2>&1; then
        apt-get update -qq >/dev/null 2>&1 || true
        apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null 2>&1 ||
            cannot "apt-get could not install ${packages[*]}"
    fi
    have_slurm || cannot "Slurm's commands are still missing after apt-get install ${packages[*]}"
fi

mkdir -p "$dir/state" "$dir/spool"
dir=$(cd "$dir" && pwd)
# munged wants to reach its socket's folder; the key stays readable by root only.
chmod 755 "$dir"
alive slurmctld && fail "a cluster of $dir runs already (stop it first)"
host=$(hostname -s)
cpus=$(nproc)
dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge.key"
munged --force --key-file="$dir/munge.key" --socket="$dir/munge.socket" --pid-file="$dir/munged.pid" \
    --log-file="$dir/munged.log" --seed-file="$dir/munged.seed" ||
    cannot "munged did not start: $(tail -n 3 "$dir/munged.log" 2>/dev/null)"
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=${SLURM_PORT:-26817}
for _ in $(seq 20); do
    listening "$port" || listening $((port + 1)) || break
    port=$((port + 2))
done
cat >"$dir/slurm.conf" <<EOF
ClusterName=chess-local
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge.socket
MpiDefault=none
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf
echo "one node, $host with $cpus CPUs; ports $port and $((port + 1)); state and logs in $dir"
# A daemon that cannot run here (it stops): status 75. One that runs but does not serve: 1.
slurmctld || cannot "slurmctld did not start: $(tail -n 5 "$dir/slurmctld.log" 2>/dev/null)"
for _ in $(seq 40); do
    [[ $(scontrol ping 2>/dev/null) == *"is UP"* ]] && break
    sleep 0.5
    alive slurmctld || cannot "slurmctld stopped: $(tail -n 5 "$dir/slurmctld.log" 2>/dev/null)"
done
[[ $(scontrol ping 2>/dev/null) == *"is UP"* ]] || fail "slurmctld runs but does not answer: $(tail -n 5 "$dir/slurmctld.log")"
slurmd || cannot "slurmd did not start: $(tail -n 5 "$dir/slurmd.log" 2>/dev/null)"
for _ in $(seq 60); do
    [[ $(sinfo -h -n "$host" -o %t 2>/dev/null) == idle ]] && break
    sleep 0.5
    alive slurmd || cannot "slurmd stopped: $(tail -n 5 "$dir/slurmd.log" 2>/dev/null)"
done
[[ $(sinfo -h -n "$host" -o %t 2>/dev/null) == idle ]] ||
    fail "the daemons run, but the node is not idle after 30 s: $(tail -n 5 "$dir/slurmctld.log" "$dir/slurmd.log")"
sinfo
