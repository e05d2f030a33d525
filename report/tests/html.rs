//! The page as a whole: self-contained, escaped, deterministic, every picture drawn.

use jurybox_core::Verdict;
use jurybox_report::{render_html, KillRow, MarginRow, ProgramTime, ReportData, TestData};

fn data() -> ReportData {
    let test = |name: &str, input: &str, answer: &str| TestData {
        name: name.to_string(),
        group: "secret".to_string(),
        about: "a <b>bold</b> & \"quoted\" test".to_string(),
        family: Some("random".to_string()),
        provenance: None,
        options: vec!["fill=10".to_string()],
        seed: Some(7),
        input: input.as_bytes().to_vec(),
        answer: answer.as_bytes().to_vec(),
        times: vec![ProgramTime {
            program: "fast".to_string(),
            seconds: 0.25,
            how: "in-process".to_string(),
        }],
    };
    ReportData {
        problem: "papercut".to_string(),
        time_limit: Some("0.5 s <floor>".to_string()),
        margins: vec![
            MarginRow {
                program: "accepted/slow<1>.cpp".to_string(),
                test: "odd name/<x>".to_string(),
                seconds: 0.45,
                line: "limit".to_string(),
                line_seconds: 0.5,
                warning: Some("WARNING: accepted/slow<1>.cpp is within 1.25× of the limit".into()),
            },
            MarginRow {
                program: "accepted/fast.cpp".to_string(),
                test: "sample1".to_string(),
                seconds: 0.1,
                line: "limit".to_string(),
                line_seconds: 0.5,
                warning: None,
            },
        ],
        tests: vec![
            test("sample1", "2 1 0\n", "FIRST\n1 0 1 1\n"),
            test(
                "odd name/<x>",
                "2 2 4\n0 1 2 1\n0 1 2 1\n1 2 1 0\n1 1 1 2\n",
                "SECOND\n",
            ),
            test("broken", "2 1\n", "SECOND\n"),
        ],
        kills: vec![KillRow {
            name: "sum-overlaps".to_string(),
            kind: "mutant, wrong answer".to_string(),
            verdicts: vec![Some(Verdict::AC), Some(Verdict::WA), None],
        }],
        kills_note: None,
        scores: None,
        notes: vec![(
            "Mutation <score>".to_string(),
            vec!["3/4 & more".to_string()],
        )],
    }
}

#[test]
fn the_page_references_nothing_outside_itself() {
    let html = render_html(&data());
    assert!(!html.contains("<script"), "no script");
    // The SVG namespace is an identifier, not a fetch; no other address may appear.
    let without_ns = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    assert!(!without_ns.contains("http"), "no address");
    assert!(!without_ns.contains("src="), "no external source");
}

#[test]
fn text_from_the_suite_is_escaped() {
    let html = render_html(&data());
    assert!(html.contains("a &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; test"));
    assert!(!html.contains("<b>bold"));
    assert!(html.contains("0.5 s &lt;floor&gt;"));
    assert!(html.contains("Mutation &lt;score&gt;") && html.contains("3/4 &amp; more"));
    assert!(html.contains("id=\"t-odd_name__x_\""), "ids are sanitised");
}

#[test]
fn matrix_cells_link_to_their_tests_and_kills_are_listed() {
    let html = render_html(&data());
    assert!(html.contains("<td class=\"WA\"><a href=\"#t-odd_name__x_\">WA</a></td>"));
    assert!(html.contains("sum-overlaps (WA)"));
    assert!(html.contains("1/3"));
}

#[test]
fn margins_are_shown_under_the_limit_and_the_close_ones_marked() {
    let html = render_html(&data());
    let table = &html[html.find("<table class=\"margins\">").unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    assert_eq!(table.matches("<tr class=\"close\">").count(), 1, "{table}");
    assert!(table.contains("accepted/slow&lt;1&gt;.cpp"), "{table}");
    assert!(
        table.contains("<a href=\"#t-odd_name__x_\">odd name/&lt;x&gt;</a>"),
        "{table}"
    );
    assert!(
        table.contains("<td>1.11×</td>") && table.contains("<td>5.00×</td>"),
        "{table}"
    );
    assert!(html.contains(
        "<p class=\"err\">WARNING: accepted/slow&lt;1&gt;.cpp is within 1.25× of the limit</p>"
    ));
}

#[test]
fn a_test_that_does_not_parse_is_reported_not_drawn() {
    let html = render_html(&data());
    assert!(html.contains("no picture: input:"));
    assert_eq!(html.matches("<svg").count(), 2);
}

#[test]
fn the_page_is_a_pure_function_of_its_data() {
    assert_eq!(render_html(&data()), render_html(&data()));
}

#[test]
fn long_answers_are_abbreviated() {
    let long: String = (0..1000).map(|i| format!("{i}\n")).collect();
    let short = jurybox_report::abbreviate(long.as_bytes());
    assert!(short.len() < 200, "{short}");
    assert!(short.contains("1000 lines in all"));
}

/// A package's test, of a problem jurybox cannot draw, is shown as text with
/// where it came from.
#[test]
fn a_test_of_an_unknown_problem_is_previewed_with_its_provenance() {
    let mut data = data();
    data.problem = "maxsum".into();
    data.tests[0].family = None;
    data.tests[0].provenance = Some("found by jurybox harden: catches <wa>".into());
    let html = render_html(&data);
    assert!(html.contains("found by jurybox harden: catches &lt;wa&gt;"));
    assert!(
        html.contains("<pre>2 1 0\n</pre>"),
        "the input is previewed"
    );
    assert!(!html.contains("no picture"));
}
