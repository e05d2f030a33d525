//! The page: one HTML string with inline CSS and SVG, no script and no address
//! outside itself (the SVG namespace is an identifier, never fetched). The kill
//! matrix comes first (tests down, mutants and submissions across, each cell a
//! link to its test), then the time limit, a scored problem's scores, then a
//! section per test.

use crate::model::{KillRow, ReportData, ScoreTable, TestData};
use crate::svg::escape;
use crate::{draw, Picture};
use jurybox_core::Verdict;
use std::fmt::Write;

/// Answers longer than this many bytes are cut, with a note of the full size.
pub const ANSWER_BYTES: usize = 600;
/// ... or longer than this many lines.
const ANSWER_LINES: usize = 16;

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#212121}\
h2{border-bottom:1px solid #ccc}\
table.kills{border-collapse:collapse;font-size:12px}\
table.kills td,table.kills th{border:1px solid #ddd;padding:1px 4px;text-align:center}\
table.kills th.t{text-align:left}\
td a{color:inherit;text-decoration:none;display:block}\
.AC{background:#c8e6c9}.WA{background:#ef9a9a}.TLE{background:#ffcc80}.RTE{background:#ce93d8}.none{background:#fafafa}\
section.test{border-top:1px solid #ddd;padding:.5em 0}\
dl{display:grid;grid-template-columns:max-content auto;gap:0 1em;margin:.3em 0}dt{color:#666}dd{margin:0}\
pre{background:#f5f5f5;padding:.4em;max-width:60em;overflow:auto}\
.cap{color:#555;font-size:13px}.err{color:#b71c1c}\
table.margins td,table.margins th{padding:1px 8px;text-align:left}tr.close{background:#ffcc80}";

/// An HTML id for test `name` (letters, digits, `-` and `_` kept).
pub fn anchor(name: &str) -> String {
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("t-{safe}")
}

/// The answer as shown: whole when short, else its start and the full size.
pub fn abbreviate(answer: &[u8]) -> String {
    let text = String::from_utf8_lossy(answer);
    let mut cut = text.len().min(ANSWER_BYTES);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    if let Some((i, _)) = text[..cut].match_indices('\n').nth(ANSWER_LINES - 1) {
        cut = i + 1;
    }
    if cut == text.len() {
        text.into_owned()
    } else {
        format!(
            "{}… ({} bytes, {} lines in all)",
            &text[..cut],
            answer.len(),
            text.lines().count()
        )
    }
}

/// The cell's style class: the verdict's code (the page's style names one
/// per verdict), `none` when the test was not run.
fn verdict_class(verdict: Option<Verdict>) -> &'static str {
    verdict.map_or("none", Verdict::code)
}

fn kill_matrix(out: &mut String, data: &ReportData) {
    out.push_str("<h2>Kill matrix</h2>");
    if data.kills.is_empty() {
        let why = data
            .kills_note
            .as_deref()
            .unwrap_or("no mutant or submission was run");
        let _ = write!(out, "<p>{}</p>", escape(why));
        return;
    }
    out.push_str("<table class=\"kills\"><tr><th class=\"t\">test</th>");
    for row in &data.kills {
        let _ = write!(
            out,
            "<th title=\"{}\">{}</th>",
            escape(&row.kind),
            escape(&row.name)
        );
    }
    out.push_str("</tr>");
    for (i, test) in data.tests.iter().enumerate() {
        let href = anchor(&test.name);
        let _ = write!(
            out,
            "<tr><th class=\"t\"><a href=\"#{href}\">{}</a></th>",
            escape(&test.name)
        );
        for row in &data.kills {
            let _ = write!(
                out,
                "<td class=\"{}\"><a href=\"#{href}\">{}</a></td>",
                verdict_class(row.verdicts.get(i).copied().flatten()),
                row.code(i)
            );
        }
        out.push_str("</tr>");
    }
    out.push_str("<tr><th class=\"t\">killed by</th>");
    for row in &data.kills {
        let n = (0..data.tests.len()).filter(|&i| row.killed_by(i)).count();
        let _ = write!(out, "<th>{n}/{}</th>", data.tests.len());
    }
    out.push_str("</tr></table>");
}

fn test_section(out: &mut String, problem: &str, test: &TestData, kills: &[KillRow], i: usize) {
    let _ = write!(
        out,
        "<section class=\"test\" id=\"{}\"><h3>{}</h3><dl>",
        anchor(&test.name),
        escape(&test.name)
    );
    let mut field = |name: &str, value: &str| {
        let _ = write!(out, "<dt>{name}</dt><dd>{}</dd>", escape(value));
    };
    field("group", &test.group);
    field("about", &test.about);
    match (&test.family, &test.provenance) {
        (Some(family), _) => field("family", family),
        (None, Some(from)) => field("from", from),
        (None, None) => field("family", "hand-written"),
    }
    if !test.options.is_empty() {
        field("options", &test.options.join(" "));
    }
    if let Some(seed) = test.seed {
        field("seed", &seed.to_string());
    }
    field(
        "size",
        &format!(
            "input {} bytes, answer {} bytes",
            test.input.len(),
            test.answer.len()
        ),
    );
    for t in &test.times {
        field(
            &format!("CPU {}", t.program),
            &format!("{:.3} s ({})", t.seconds, t.how),
        );
    }
    if !kills.is_empty() {
        let killed: Vec<String> = kills
            .iter()
            .filter(|r| r.killed_by(i))
            .map(|r| format!("{} ({})", r.name, r.code(i)))
            .collect();
        field(
            "kills",
            &if killed.is_empty() {
                "nothing".to_string()
            } else {
                killed.join(", ")
            },
        );
    }
    out.push_str("</dl>");
    match draw(problem, &test.input, &test.answer) {
        Ok(Picture { svg, caption }) => {
            let _ = write!(
                out,
                "<div class=\"pic\">{svg}</div><p class=\"cap\">{}</p>",
                escape(&caption)
            );
        }
        Err(crate::DrawError::UnknownProblem(_)) => {
            let _ = write!(
                out,
                "<p class=\"cap\">input</p><pre>{}</pre><p class=\"cap\">answer</p>",
                escape(&abbreviate(&test.input))
            );
        }
        Err(e) => {
            let _ = write!(
                out,
                "<p class=\"err\">no picture: {}</p>",
                escape(&e.to_string())
            );
        }
    }
    let _ = write!(
        out,
        "<pre>{}</pre></section>",
        escape(&abbreviate(&test.answer))
    );
}

/// Each submission's slowest run against its line, the close ones marked
/// and their warnings listed under the table.
fn margins(out: &mut String, data: &ReportData) {
    if data.margins.is_empty() {
        return;
    }
    out.push_str(
        "<table class=\"margins\"><tr><th>submission</th><th>slowest test</th><th>CPU s</th><th>line</th><th>line ÷ slowest</th></tr>",
    );
    for m in &data.margins {
        let _ = write!(
            out,
            "<tr{}><td>{}</td><td><a href=\"#{}\">{}</a></td><td>{:.3}</td><td>{} {:.2} s</td><td>{:.2}×</td></tr>",
            if m.warning.is_some() { " class=\"close\"" } else { "" },
            escape(&m.program),
            anchor(&m.test),
            escape(&m.test),
            m.seconds,
            escape(&m.line),
            m.line_seconds,
            m.line_seconds / m.seconds.max(1e-9)
        );
    }
    out.push_str("</table>");
    for warning in data.margins.iter().filter_map(|m| m.warning.as_ref()) {
        let _ = write!(out, "<p class=\"err\">{}</p>", escape(warning));
    }
}

/// A scored problem's groups with their points, and each submission's score
/// per group and in all.
fn scores(out: &mut String, table: &ScoreTable) {
    let _ = write!(
        out,
        "<h2>Scores</h2><p>Of {}.</p><table class=\"margins\"><tr><th>submission</th><th>total</th>",
        escape(&table.best)
    );
    for group in &table.groups {
        let _ = write!(out, "<th>{}</th>", escape(group));
    }
    out.push_str("<th>expectation</th></tr>");
    for row in &table.rows {
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td>",
            escape(&row.name),
            escape(&row.total)
        );
        for cell in &row.groups {
            let _ = write!(out, "<td>{}</td>", escape(cell));
        }
        let _ = write!(out, "<td>{}</td></tr>", escape(&row.expectation));
    }
    out.push_str("</table>");
}

/// Every test's section, drawn in parallel on the caller's pool (a maximal
/// tetris3d test takes a fast engine run to draw); in the tests' order.
fn sections(data: &ReportData) -> Vec<String> {
    use rayon::prelude::*;
    data.tests
        .par_iter()
        .enumerate()
        .map(|(i, test)| {
            let mut out = String::new();
            test_section(&mut out, &data.problem, test, &data.kills, i);
            out
        })
        .collect()
}

/// The whole page.
pub fn render_html(data: &ReportData) -> String {
    let mut out = String::new();
    let title = format!("{}: judge suite report", data.problem);
    let _ = write!(
        out,
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title><style>{STYLE}</style></head><body><h1>{t}</h1>",
        t = escape(&title)
    );
    let samples = data.tests.iter().filter(|t| t.group == "sample").count();
    let _ = write!(
        out,
        "<p>{} tests ({samples} samples); {} mutants or submissions in the kill matrix.</p>",
        data.tests.len(),
        data.kills.len()
    );
    kill_matrix(&mut out, data);
    out.push_str("<h2>Time limit</h2>");
    let _ = write!(
        out,
        "<p>{}</p>",
        escape(data.time_limit.as_deref().unwrap_or("not recorded"))
    );
    margins(&mut out, data);
    if let Some(table) = &data.scores {
        scores(&mut out, table);
    }
    for (title, lines) in &data.notes {
        let _ = write!(out, "<h2>{}</h2><ul>", escape(title));
        for line in lines {
            let _ = write!(out, "<li><pre>{}</pre></li>", escape(line));
        }
        out.push_str("</ul>");
    }
    out.push_str("<h2>Tests</h2>");
    for section in sections(data) {
        out.push_str(&section);
    }
    out.push_str("</body></html>\n");
    out
}
