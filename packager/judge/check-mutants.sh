#!/usr/bin/env bash
# Checks the C++ mutants of packager/judge/<problem>/mutants/ against jurybox's own
# Rust mutants, so that a judge package can ship them instead of jurybox wrappers,
# and the intended solutions of accepted/ against jurybox's judge.
#
# Usage: check-mutants.sh JURYBOX   (a jurybox binary; exits non-zero on any failure)
# Environment: PROBLEMS (default all five), SEEDS (stress-size seeds per family,
# default 6), OFFICIAL_SEEDS (official-size seeds per family, default 1), CAP (CPU
# seconds per run, default 20), SUITES=1 to also build each suite (JURYBOX suite)
# into the scratch directory and run every mutant over it (JURYBOX run).
#
# The programs are compiled as a package ships them: `JURYBOX judge-sources`
# writes them made whole (a mutants/NAME.patch applied to the program it edits),
# from the sources built into that binary.
#
# For every program, on the corpus samples and on generated inputs of every family
# at stress sizes (each size option at its "stress up to" value) and at official
# sizes (the defaults):
# - WA mutant: its output must equal the Rust mutant's byte for byte; for the
#   checker problems (netgame, papercut) a byte difference is tolerated only if
#   `JURYBOX judge` gives both outputs the same verdict. Inputs the Rust mutant
#   cannot finish within CAP are skipped (counted).
# - TLE mutant: its output must be accepted by `JURYBOX judge`; a run over CAP is
#   counted, not failed (it is slow, not wrong). On the official-size inputs of the
#   family aimed at it, its CPU time is printed beside the fast engine's.
# - intended solution (accepted/NAME): its output must be accepted by `JURYBOX
#   judge`, within CAP.
set -u
if [ $# -ne 1 ]; then
    echo "usage: $0 JURYBOX" >&2
    exit 2
fi
JB=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PROBLEMS=${PROBLEMS:-tetris3d puyo netgame papercut blokus3d}
SEEDS=${SEEDS:-6}
OFFICIAL_SEEDS=${OFFICIAL_SEEDS:-1}
CAP=${CAP:-20}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# The family a suite aims at each slow mutant (timed at official sizes).
aimed() {
    case "$1/$2" in
    tetris3d/quadtree) echo strips ;;
    tetris3d/rowtrees) echo wide ;;
    tetris3d/heightmap) echo large ;;
    tetris3d/pairs) echo random ;;
    netgame/unmemoised) echo moved ;;
    papercut/line-loop) echo empty ;;
    esac
}

# CPU seconds (user + system) of a command; its stdout to $OUT; status to $STATUS.
timed() {
    /usr/bin/time -f "%U %S" -o "$TMP/time" bash -c 'ulimit -t '"$CAP"'; exec "$@"' _ "$@" >"$OUT" 2>/dev/null
    STATUS=$?
    CPU=$(awk 'END { printf "%.2f", $(NF-1) + $NF }' "$TMP/time" 2>/dev/null)
}

for P in $PROBLEMS; do
    # The mutants: "engine NAME mutant/KIND" lines of this problem's block.
    mapfile -t MUTANTS < <("$JB" problems | awk -v p="$P" '
        /^[a-z0-9]/ { cur = $1 }
        cur == p && $1 == "engine" && $3 ~ /^mutant\// { sub("mutant/", "", $3); print $2, $3 }')
    if [ ${#MUTANTS[@]} -eq 0 ]; then
        fail "$P: no mutants listed by $JB problems"
        continue
    fi
    mkdir -p "$TMP/$P/bin" "$TMP/$P/in"
    "$JB" judge-sources "$P" --out "$TMP/$P/src" >/dev/null || fail "$P: judge-sources"
    # The intended solutions join the list as "accepted/NAME AC".
    for src in "$TMP/$P/src"/accepted/*.cpp; do
        [ -f "$src" ] && MUTANTS+=("accepted/$(basename "$src" .cpp) AC")
    done
    for entry in "${MUTANTS[@]}"; do
        engine=${entry% *}
        file=${engine//\//-}
        case "$engine" in
        accepted/*) src="$TMP/$P/src/$engine.cpp" ;;
        *) src="$TMP/$P/src/mutants/$engine.cpp" ;;
        esac
        if [ ! -f "$src" ]; then
            fail "$P/$engine: no packager/judge/$P/mutants/$engine.cpp or .patch"
            continue
        fi
        g++ -O2 -std=c++17 -o "$TMP/$P/bin/$file" "$src" || fail "$P/$file: does not compile"
    done

    # The inputs: samples, then every family at stress and at official sizes.
    cp "$ROOT"/corpus/"$P"/samples/*.in "$TMP/$P/in/"
    "$JB" families "$P" | awk '
        /^[a-z0-9-]+$/ { if (fam != "") print fam, opts; fam = $1; opts = "" }
        /^  [a-z_0-9]+= / && /stress up to/ {
            key = $1; match($0, /stress up to [0-9]+/);
            opts = opts " " key substr($0, RSTART + 13, RLENGTH - 13) }
        END { if (fam != "") print fam, opts }' >"$TMP/$P/families"
    while read -r family opts; do
        for seed in $(seq 1 "$SEEDS"); do
            # shellcheck disable=SC2086
            "$JB" gen "$P" --family "$family" --seed "$seed" $opts >"$TMP/$P/in/stress-$family-$seed.in" ||
                fail "$P: gen $family seed $seed $opts"
        done
        for seed in $(seq 1 "$OFFICIAL_SEEDS"); do
            "$JB" gen "$P" --family "$family" --seed "$((1000 + seed))" >"$TMP/$P/in/official-$family-$seed.in" ||
                fail "$P: gen $family seed $((1000 + seed))"
        done
    done <"$TMP/$P/families"

    for entry in "${MUTANTS[@]}"; do
        engine=${entry% *}
        kind=${entry#* }
        file=${engine//\//-}
        bin="$TMP/$P/bin/$file"
        [ -x "$bin" ] || continue
        same=0 verdict=0 skipped=0 accepted=0 over=0
        for input in "$TMP/$P/in"/*.in; do
            name=$(basename "$input" .in)
            OUT="$TMP/cpp.out"
            timed "$bin" <"$input"
            cpp_status=$STATUS cpp_cpu=$CPU
            if [ "$kind" = AC ]; then
                if [ "$cpp_status" -ne 0 ]; then
                    fail "$P/$engine on $name: exit $cpp_status (${cpp_cpu}s, cap $CAP s)"
                elif "$JB" judge "$P" "$input" "$TMP/cpp.out" >"$TMP/judge" 2>&1; then
                    accepted=$((accepted + 1))
                else
                    fail "$P/$engine on $name: rejected: $(head -c 200 "$TMP/judge")"
                fi
                continue
            fi
            if [ "$kind" = TLE ]; then
                if [ "$cpp_status" -ne 0 ]; then
                    over=$((over + 1))
                    [[ $name == official-* ]] || fail "$P/$file on $name: no answer within $CAP s (exit $cpp_status)"
                elif "$JB" judge "$P" "$input" "$TMP/cpp.out" >"$TMP/judge" 2>&1; then
                    accepted=$((accepted + 1))
                else
                    fail "$P/$file on $name: rejected: $(head -c 200 "$TMP/judge")"
                fi
                if [[ $name == official-"$(aimed "$P" "$file")"-* ]]; then
                    OUT="$TMP/fast.out"
                    timed "$JB" solve "$P" "$input"
                    echo "TIME $P/$file on $name: mutant ${cpp_cpu}s (exit $cpp_status, cap $CAP s), fast engine ${CPU}s"
                fi
                continue
            fi
            OUT="$TMP/rust.out"
            timed "$JB" solve "$P" --engine "$engine" --force "$input"
            if [ "$STATUS" -ne 0 ]; then
                skipped=$((skipped + 1))
                continue
            fi
            if [ "$cpp_status" -ne 0 ]; then
                fail "$P/$file on $name: exit $cpp_status (${cpp_cpu}s) where the Rust mutant answered"
            elif cmp -s "$TMP/cpp.out" "$TMP/rust.out"; then
                same=$((same + 1))
            elif [ "$P" = netgame ] || [ "$P" = papercut ]; then
                "$JB" judge "$P" "$input" "$TMP/cpp.out" >/dev/null 2>&1
                a=$?
                "$JB" judge "$P" "$input" "$TMP/rust.out" >/dev/null 2>&1
                b=$?
                if [ "$a" -eq "$b" ]; then
                    verdict=$((verdict + 1))
                else
                    fail "$P/$file on $name: judge verdict $a, the Rust mutant's $b"
                fi
            else
                fail "$P/$file on $name: output differs from the Rust mutant's"
                diff "$TMP/cpp.out" "$TMP/rust.out" | head -5
            fi
        done
        if [ "$kind" = AC ]; then
            echo "$P/$engine (intended): $accepted accepted"
            continue
        elif [ "$kind" = TLE ]; then
            echo "$P/$file (TLE): $accepted accepted, $over over the $CAP s cap"
        else
            echo "$P/$file (WA): $same byte-identical, $verdict same verdict only, $skipped skipped (Rust mutant over $CAP s)"
        fi
        if [ "${SUITES:-0}" = 1 ]; then
            [ -d "$TMP/suite-$P" ] || "$JB" suite "$P" --out "$TMP/suite-$P" >/dev/null || fail "$P: suite"
            for part in sample secret; do
                "$JB" run "$P" "$TMP/suite-$P/data/$part" --program "$bin" --time-limit "$CAP" >"$TMP/run-$part" 2>&1
            done
            rejected=$(cat "$TMP"/run-sample "$TMP"/run-secret | awk '$2 == "WA" || $2 == "PE"' | wc -l)
            slowest=$(cat "$TMP"/run-sample "$TMP"/run-secret | awk 'NR > 1 && $2 ~ /^[A-Z]+$/ && $3 ~ /^[0-9.]+$/ && $3 + 0 >= m + 0 { m = $3; t = $1 } END { print m "s (" t ")" }')
            over_limit=$(cat "$TMP"/run-sample "$TMP"/run-secret | awk '$2 == "TLE"' | wc -l)
            echo "SUITE $P/$file ($kind): $rejected tests wrong, $over_limit over $CAP s, slowest $slowest"
            if [ "$kind" = WA ] && [ "$rejected" -eq 0 ]; then
                fail "$P/$file survives the suite: no test gives a wrong answer"
            fi
        fi
    done
done
echo "$failures failure(s)"
[ "$failures" -eq 0 ]
