#!/usr/bin/env bash
# Builds every cargo-fuzz target of fuzz/ with `cargo fuzz build -O` and copies each
# binary to $OUT, with its committed seed corpus (fuzz/seeds/TARGET/) zipped as
# $OUT/TARGET_seed_corpus.zip and its fuzz/TARGET.dict / fuzz/TARGET.options if
# there is one: the layout ClusterFuzzLite (and OSS-Fuzz) expect.
#
# In ClusterFuzzLite's image SRC and OUT are set and the nightly toolchain is the
# default. Outside it, set them by hand (SRC = the folder holding this checkout as
# `jurybox`, or JURYBOX_DIR = the checkout itself); cargo runs on +nightly unless
# RUSTUP_TOOLCHAIN names a toolchain. CARGO_TARGET_DIR, when set, keeps this build
# apart from other fuzz builds. FUZZ_BUILD_FLAGS replaces `-O` (CI passes `-a`,
# debug assertions and overflow checks, for its own short fuzz run).
set -euo pipefail
: "${OUT:?set OUT to the folder the fuzz targets go to}"
root="${JURYBOX_DIR:-${SRC:?set SRC (or JURYBOX_DIR)}/jurybox}"
cd "$root"
cargo_fuzz=(cargo fuzz)
[ -n "${RUSTUP_TOOLCHAIN:-}" ] || cargo_fuzz=(cargo +nightly fuzz)
target_dir="${CARGO_TARGET_DIR:-$root/fuzz/target}"
triple="$(rustc -vV | sed -n 's/^host: //p')"

OUT="$(mkdir -p "$OUT" && cd "$OUT" && pwd)"

# shellcheck disable=SC2086
"${cargo_fuzz[@]}" build ${FUZZ_BUILD_FLAGS:--O} --fuzz-dir fuzz --target-dir "$target_dir"
for target in $("${cargo_fuzz[@]}" list --fuzz-dir fuzz); do
    cp "$target_dir/$triple/release/$target" "$OUT/"
    seeds="fuzz/seeds/$target"
    if [ -d "$seeds" ]; then
        rm -f "$OUT/${target}_seed_corpus.zip"
        (cd "$seeds" && zip -q -X "$OUT/${target}_seed_corpus.zip" ./*)
    fi
    for extra in dict options; do
        if [ -f "fuzz/$target.$extra" ]; then cp "fuzz/$target.$extra" "$OUT/"; fi
    done
done
