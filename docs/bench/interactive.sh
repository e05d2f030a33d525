#!/usr/bin/env bash
# Cases per second of an interactive problem: `jurybox stress --gen --interactor`
# beside a bash loop running the same generator and the same two C programs
# joined by a FIFO, in one script so the machine's load is the same for both.
#   docs/bench/interactive.sh [JURYBOX] [CASES] [REPEATS]
set -euo pipefail
jurybox=${1:-target/release/jurybox}
cases=${2:-300}
repeats=${3:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for p in guess_interactor guess_binary; do
    cc -O2 -o "$work/$p" "$root/tests/programs/interactive/$p.c"
done
gen="awk -v s={seed} 'BEGIN { srand(s % 100000); print 1 + int(rand() * 1000), 10 }'"

shell_loop() {
    local fifo=$work/fifo
    for ((i = 0; i < cases; i++)); do
        awk -v s=$i 'BEGIN { srand(s % 100000); print 1 + int(rand() * 1000), 10 }' > "$work/in"
        rm -f "$fifo"; mkfifo "$fifo"
        "$work/guess_interactor" "$work/in" "$work/out" < "$fifo" | "$work/guess_binary" > "$fifo"
        [ "${PIPESTATUS[0]}" = 0 ] || { echo "case $i rejected"; exit 1; }
    done
}

stress() {
    "$jurybox" stress --gen "$gen" --interactor "$work/guess_interactor" \
        --program "$work/guess_binary" --cases "$cases" --seed 1 -j "$1" \
        --save "$work/found" > "$work/stress.out" 2> /dev/null
    grep -q "no failure" "$work/stress.out"
}

seconds() { local t0=$(date +%s.%N); "$@"; echo "$(date +%s.%N) - $t0" | bc; }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $cases cases, $repeats runs each"
declare -A times
for ((r = 0; r < repeats; r++)); do
    times[loop]+="$(seconds shell_loop) "
    times[j1]+="$(seconds stress 1) "
    times[j2]+="$(seconds stress 2) "
done
for k in loop j1 j2; do
    m=$(tr ' ' '\n' <<< "${times[$k]}" | grep . | median)
    printf '%-5s runs: %s median %.2f s, %.0f cases/s\n' "$k" "${times[$k]}" "$m" "$(echo "$cases / $m" | bc -l)"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
