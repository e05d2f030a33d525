//! Inputs read back by a grammar (`read::read`): what the generators write is
//! read whole, and what a strict checktestdata reading refuses is refused at
//! the right place and for the right reason.

use jurybox_grammar::expr::Value;
use jurybox_grammar::read::{read, Refusal};
use jurybox_grammar::{ctd, Grammar};

use crate::support::every_stage;

fn script(name: &str) -> Grammar {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/ctd")
        .join(name);
    ctd::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn every_candidate_of_every_script_is_read_back() {
    for name in [
        "cases.ctd",
        "count_then_values.ctd",
        "points.ctd",
        "until_zero.ctd",
        "words_and_reals.ctd",
    ] {
        let g = script(name);
        for c in every_stage(&g, 8) {
            if let Err(m) = read(&g, &c.bytes) {
                let shown = String::from_utf8_lossy(&c.bytes[..c.bytes.len().min(200)]);
                panic!("{name}: {} not read back: {m}\n{shown}", c.origin);
            }
        }
    }
}

#[test]
fn values_are_read_with_their_items_and_bounds() {
    let g = script("count_then_values.ctd");
    let reading = read(&g, b"3\n1 3 2\n").unwrap();
    let values: Vec<_> = reading.values.iter().map(|v| v.value.clone()).collect();
    assert_eq!(values, [3, 1, 3, 2].map(Value::Int));
    assert_eq!(reading.values[0].name.as_deref(), Some("n"));
    assert_eq!(
        reading.values[0].bounds,
        Some((Value::Int(1), Value::Int(100000)))
    );
    // a_i ≤ n: the bound evaluated from the n read.
    assert_eq!(
        reading.values[2].bounds,
        Some((Value::Int(1), Value::Int(3)))
    );
    assert_eq!(reading.values[2].span, 4..5);
    // The values of one repetition share one item.
    assert_eq!(reading.values[1].item, reading.values[3].item);
}

fn refusal(g: &Grammar, input: &[u8]) -> (usize, usize, Refusal) {
    let m = read(g, input).expect_err(&String::from_utf8_lossy(input));
    (m.line, m.column, m.refusal)
}

#[test]
fn what_checktestdata_refuses_is_refused_where_it_is() {
    let g = script("count_then_values.ctd");
    let expected = |what: &str| Refusal::Expected(what.to_string());
    assert_eq!(refusal(&g, b"3\n1 2\n"), (2, 4, expected("a space")));
    assert_eq!(refusal(&g, b"2\n1 2 2\n").2, expected("a newline"));
    assert_eq!(refusal(&g, b"2\n1 2\n\n").2, Refusal::Trailing);
    assert_eq!(refusal(&g, b"2\n1 2").2, expected("a newline"));
    assert_eq!(refusal(&g, b"").2, expected("an integer"));
    for token in ["01", "+1", "-0", "1.0", "x"] {
        let input = format!("2\n1 {token}\n");
        let (line, column, why) = refusal(&g, input.as_bytes());
        assert_eq!(line, 2, "{token}");
        assert!(matches!(why, Refusal::Expected(_)), "{token}: {why:?}");
        assert!(column >= 3, "{token}");
    }
    assert_eq!(refusal(&g, b"2\r\n1 2\n").2, expected("a newline"));
    assert_eq!(refusal(&g, b"2\n1\t2\n").2, expected("a space"));
    assert_eq!(
        refusal(&g, b"2\n1 3\n").2,
        Refusal::OutOfBounds {
            value: "3".into(),
            lo: "1".into(),
            hi: "2".into()
        }
    );
}
