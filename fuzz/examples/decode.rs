//! Turns a fuzz artifact of a structure-aware target (`PROBLEM_diff`, `PROBLEM_check`)
//! into the input text the CLI, `jurybox check` and `tests/corpus.rs` read: the bytes
//! are decoded exactly as libfuzzer-sys decodes them for the target
//! (`arbitrary_take_rest` on the target's argument type), so the text is the input
//! that crashed. `.ci/fuzz-regression` calls it; `cargo fuzz fmt` prints only `Debug`.
//!
//! Usage: `decode TARGET ARTIFACT [OUTPUT_FILE]`: the input on stdout; for a `_check`
//! target, the output bytes the checker was fuzzed with go to OUTPUT_FILE.
//!
//! An example, not a `[[bin]]`, so that `cargo fuzz list` does not take it for a
//! target. One line per target below, as one file per target in `fuzz_targets/`.

use jurybox_core::problem::{input_text, Problem};
use libfuzzer_sys::arbitrary::{Arbitrary, Unstructured};
use std::process::ExitCode;

/// The input of a `_diff` target's artifact.
fn diff<P: Problem>(bytes: &[u8]) -> (String, Option<Vec<u8>>)
where
    P::Input: for<'a> Arbitrary<'a>,
{
    let input = P::Input::arbitrary_take_rest(Unstructured::new(bytes));
    (input.map(|i| input_text::<P>(&i)).unwrap_or_default(), None)
}

/// The input and the output bytes of a `_check` target's artifact.
fn check<P: Problem>(bytes: &[u8]) -> (String, Option<Vec<u8>>)
where
    P::Input: for<'a> Arbitrary<'a>,
{
    match <(P::Input, &[u8])>::arbitrary_take_rest(Unstructured::new(bytes)) {
        Ok((input, output)) => (input_text::<P>(&input), Some(output.to_vec())),
        Err(_) => (String::new(), None),
    }
}

fn main() -> ExitCode {
    use jurybox_core::{blokus3d::Blokus3d, netgame::Netgame, papercut::Papercut};
    use jurybox_core::{puyo::Puyo, tetris3d::Tetris3d};
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(target), Some(artifact)) = (args.first(), args.get(1)) else {
        eprintln!("usage: decode TARGET ARTIFACT [OUTPUT_FILE]");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(artifact) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{artifact}: {e}");
            return ExitCode::from(2);
        }
    };
    let (text, output) = match target.as_str() {
        "tetris3d_diff" => diff::<Tetris3d>(&bytes),
        "puyo_diff" => diff::<Puyo>(&bytes),
        "netgame_diff" => diff::<Netgame>(&bytes),
        "netgame_check" => check::<Netgame>(&bytes),
        "papercut_diff" => diff::<Papercut>(&bytes),
        "papercut_check" => check::<Papercut>(&bytes),
        "blokus3d_diff" => diff::<Blokus3d>(&bytes),
        _ => {
            eprintln!("{target}: not a structure-aware target (a _parse artifact is the input)");
            return ExitCode::from(2);
        }
    };
    if text.is_empty() {
        eprintln!("{artifact}: too short to decode into an input of {target}");
        return ExitCode::from(1);
    }
    print!("{text}");
    if let (Some(output), Some(path)) = (output, args.get(2)) {
        if let Err(e) = std::fs::write(path, output) {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
