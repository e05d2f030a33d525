//! checktestdata scripts read as grammars, and inputs made from them accepted
//! by checktestdata itself.

use jurybox_grammar::ctd;
use jurybox_grammar::generate::{candidates, Options};

use crate::support::{checktestdata, ctd_accepts};

fn data(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/ctd")
        .join(name)
}

#[test]
fn smoke() {
    let script = std::fs::read_to_string(data("count_then_values.ctd")).unwrap();
    let g = ctd::parse(&script).unwrap();
    println!("{g}");
    let opts = Options {
        max_tokens: 200_000,
        ..Options::default()
    };
    let checker = checktestdata();
    for c in candidates(&g, &opts, 1).unwrap().take(400) {
        let shown = String::from_utf8_lossy(&c.bytes[..c.bytes.len().min(60)]).to_string();
        println!("{} | {:?} ({} bytes)", c.origin, shown, c.bytes.len());
        if let Some(ch) = &checker {
            let (ok, msg) = ctd_accepts(ch, &data("count_then_values.ctd"), &c.bytes);
            assert!(ok, "{}: {msg}", c.origin);
        }
    }
}
