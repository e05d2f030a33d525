//! Tests of the puyo problem: the spec's samples, the validator's errors, the answer
//! reader and judge, the spec's known wrong solutions, and fast == naive on many
//! random settled screens of every shape.

use super::{fast, naive, Answer, Puyo, Screen, COLOURS, EMPTY};
use crate::problem::{answer_text, input_text};
use crate::{Constraints, Judgement, Problem};

type Solver = fn(&Screen) -> Answer;
const ENGINES: [(&str, Solver); 3] = [
    ("fast", fast::solve),
    ("fast-portable", fast::solve_portable),
    ("naive", naive::solve),
];

fn screen(rows: &[&str]) -> Screen {
    let mut text = String::new();
    for row in rows {
        text.push_str(&format!("|{row}|\n"));
    }
    text.push_str(&format!("+{}+\n", "-".repeat(rows[0].len())));
    Puyo::parse_input(text.as_bytes(), Constraints::Extended).unwrap()
}

fn rows(screen: &Screen) -> Vec<String> {
    screen
        .cells
        .chunks(screen.width)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect()
}

/// Solves with every engine and every kernel of the fast one this CPU runs,
/// checks they agree, returns the outcome.
fn solve_all(screen: &Screen) -> Answer {
    let want = naive::solve(screen);
    for (name, solve) in ENGINES {
        assert_eq!(
            solve(screen),
            want,
            "{name} != naive on\n{}",
            input_text::<Puyo>(screen)
        );
    }
    for kernel in fast::Kernel::available() {
        assert_eq!(
            fast::solve_with(screen, kernel),
            want,
            "fast with {kernel:?} != naive on\n{}",
            input_text::<Puyo>(screen)
        );
    }
    want
}

// ---- samples -------------------------------------------------------------------

const SAMPLES: [(&[u8], &str); 3] = [
    (
        include_bytes!("../../../corpus/puyo/samples/sample1.in"),
        include_str!("../../../corpus/puyo/samples/sample1.ans"),
    ),
    (
        include_bytes!("../../../corpus/puyo/samples/sample2.in"),
        include_str!("../../../corpus/puyo/samples/sample2.ans"),
    ),
    (
        include_bytes!("../../../corpus/puyo/samples/sample3.in"),
        include_str!("../../../corpus/puyo/samples/sample3.ans"),
    ),
];

#[test]
fn samples_give_the_exact_output_text_with_every_engine() {
    for (i, (input, expected)) in SAMPLES.iter().enumerate() {
        let screen = Puyo::parse_input(input, Constraints::Official).unwrap();
        for (name, solve) in ENGINES {
            let text = answer_text::<Puyo>(&screen, &solve(&screen));
            assert_eq!(&text, expected, "sample {} with {name}", i + 1);
        }
        assert_eq!(
            input_text::<Puyo>(&screen).as_bytes(),
            *input,
            "sample {} round trip",
            i + 1
        );
        let parsed = Puyo::parse_answer(&screen, expected.as_bytes()).unwrap();
        assert_eq!(parsed, naive::solve(&screen));
    }
}

#[test]
fn registered_engines_are_fast_then_naive() {
    let names: Vec<_> = Puyo::engines().iter().map(|e| e.name).collect();
    assert_eq!(
        names,
        [
            "fast",
            "fast-portable",
            "naive",
            "three-directions",
            "one-group-at-a-time",
            "link-per-group",
            "one-cell-gravity",
            "invisible-top-row"
        ]
    );
    assert_eq!(Puyo::NAME, "puyo");
}

// ---- validator -----------------------------------------------------------------

const OFFICIAL_EMPTY: &str = "|      |\n|      |\n|      |\n|      |\n|      |\n|      |\n|      |\n\
                              |      |\n|      |\n|      |\n|      |\n|      |\n|      |\n+------+\n";

fn error(text: &[u8], limits: Constraints) -> String {
    Puyo::parse_input(text, limits).unwrap_err().to_string()
}

fn official_error(text: &str) -> String {
    error(text.as_bytes(), Constraints::Official)
}

/// The empty official screen with row `row` (1 = top) replaced by `line`.
fn with_row(row: usize, line: &str) -> String {
    let mut lines: Vec<&str> = OFFICIAL_EMPTY.lines().collect();
    lines[row - 1] = line;
    lines.join("\n") + "\n"
}

#[test]
fn a_floating_puyo_is_named_by_row_and_column() {
    let text = with_row(4, "|  g   |");
    assert_eq!(
        official_error(&text),
        "line 4, column 4: puyo 'g' at row 4, column 3 floats above an empty cell"
    );
}

#[test]
fn the_trailing_newline_is_optional() {
    let screen = Puyo::parse_input(OFFICIAL_EMPTY.as_bytes(), Constraints::Official).unwrap();
    assert_eq!((screen.width, screen.height), (6, 13));
    assert!(screen.cells.iter().all(|&c| c == EMPTY));
    let trimmed = OFFICIAL_EMPTY.trim_end_matches('\n');
    assert_eq!(
        Puyo::parse_input(trimmed.as_bytes(), Constraints::Official).unwrap(),
        screen
    );
    assert_eq!(
        official_error(&format!("{OFFICIAL_EMPTY}\n")),
        "line 15, column 1: expected end of input, found end of line"
    );
}

#[test]
fn bad_cells_and_walls_name_the_rule() {
    assert_eq!(
        official_error(&with_row(13, "| x    |")),
        "line 13, column 3: 'x' is not a colour (expected one of rgbyp or a space)"
    );
    assert_eq!(
        official_error(&with_row(13, "| R    |")),
        "line 13, column 3: 'R' is not a colour (expected one of rgbyp or a space)"
    );
    assert_eq!(
        official_error(&with_row(5, "      ||")),
        "line 5, column 1: expected '|' (a row) or '+' (the floor), found a space"
    );
    assert_eq!(
        official_error(&with_row(5, "|     |")),
        "line 5, column 7: this row has 5 cells; the first row has 6"
    );
    assert_eq!(
        official_error(&with_row(5, "|       |")),
        "line 5, column 8: this row has more than 6 cells; the first row has 6"
    );
    assert_eq!(
        official_error(&with_row(5, "|      |x")),
        "line 5, column 9: expected end of line, found 'x'"
    );
    assert_eq!(
        official_error(&with_row(5, "|      ")),
        "line 5, column 8: expected '|' (the right wall), found end of line"
    );
    assert_eq!(
        official_error(&with_row(5, "|     ")),
        "line 5, column 7: expected a cell (one of rgbyp or a space), found end of line"
    );
}

#[test]
fn sizes_follow_the_limits() {
    assert_eq!(
        official_error(&with_row(1, "|       |")),
        "line 1, column 9: the screen has 7 columns; officially it has 6"
    );
    let fourteen = format!("|      |\n{OFFICIAL_EMPTY}");
    assert_eq!(
        official_error(&fourteen),
        "line 14, column 1: the screen has 14 rows; officially it has 13"
    );
    let twelve = OFFICIAL_EMPTY.split_once('\n').unwrap().1;
    assert_eq!(
        official_error(twelve),
        "line 13, column 1: the screen has 12 rows; officially it has 13"
    );
    // The extended limits take any width and height from 1 to 64.
    let small = b"|r|\n+-+\n";
    assert!(error(small, Constraints::Official)
        .contains("the screen has 1 columns; officially it has 6"));
    let s = Puyo::parse_input(small, Constraints::Extended).unwrap();
    assert_eq!((s.width, s.height, s.cells.clone()), (1, 1, b"r".to_vec()));
    let big = format!(
        "{}+{}+\n",
        format!("|{}|\n", "g".repeat(64)).repeat(64),
        "-".repeat(64)
    );
    let s = Puyo::parse_input(big.as_bytes(), Constraints::Extended).unwrap();
    assert_eq!((s.width, s.height), (64, 64));
    let wide = format!("|{}|\n+{}+\n", " ".repeat(65), "-".repeat(65));
    assert_eq!(
        error(wide.as_bytes(), Constraints::Extended),
        "line 1, column 67: the screen has 65 columns; the limit is 64"
    );
    let tall = format!("{}+-+\n", "| |\n".repeat(65));
    assert_eq!(
        error(tall.as_bytes(), Constraints::Extended),
        "line 65, column 1: the screen has 65 rows; the limit is 64"
    );
    assert_eq!(
        error(b"||\n+-+\n", Constraints::Extended),
        "line 1, column 2: the screen has 0 columns; it needs at least 1"
    );
}

#[test]
fn the_floor_is_checked() {
    let no_floor = OFFICIAL_EMPTY.rsplit_once("+------+").unwrap().0;
    assert_eq!(
        official_error(no_floor),
        "line 14, column 1: expected '|' (a row) or '+' (the floor), found end of input"
    );
    let short = OFFICIAL_EMPTY.replace("+------+", "+-----+");
    assert_eq!(
        official_error(&short),
        "line 14, column 7: expected '-' (the floor is '+', 6 '-', '+'), found '+'"
    );
    let long = OFFICIAL_EMPTY.replace("+------+", "+-------+");
    assert_eq!(
        official_error(&long),
        "line 14, column 8: the floor is longer than the screen is wide (6)"
    );
    assert_eq!(
        error(b"+-+\n", Constraints::Extended),
        "line 1, column 1: expected '|' (the left wall of the top row), found '+': the screen has no rows"
    );
}

#[test]
fn empty_input_windows_line_ends_and_binary_are_errors() {
    assert_eq!(
        error(b"", Constraints::Official),
        "line 1, column 1: expected '|' (the left wall of the top row), found end of input"
    );
    let crlf = OFFICIAL_EMPTY.replace('\n', "\r\n");
    let e = official_error(&crlf);
    assert!(
        e.starts_with("line 1, column 9: expected end of line, found '\\r'"),
        "{e}"
    );
    assert!(e.contains("Windows line ending"), "{e}");
    let e = error(b"|\xff\xfe|\n+--+\n", Constraints::Extended);
    assert_eq!(
        e,
        "line 1, column 2: byte 0xff is not a colour (expected one of rgbyp or a space)"
    );
}

#[test]
fn parsing_never_panics_on_mangled_text() {
    let mut rng = Lcg(7);
    let base = SAMPLES[0].0.to_vec();
    let alphabet = b"| +-\nrgbyp x\r\xff0123456789chains";
    for _ in 0..20_000 {
        let mut text = base.clone();
        for _ in 0..rng.below(4) + 1 {
            let at = rng.below(text.len() + 1);
            match rng.below(3) {
                0 if at < text.len() => {
                    text.remove(at);
                }
                1 if at < text.len() => text[at] = alphabet[rng.below(alphabet.len())],
                _ => text.insert(at, alphabet[rng.below(alphabet.len())]),
            }
        }
        let len = rng.below(text.len() + 1);
        let cut = if rng.below(4) == 0 {
            &text[..len]
        } else {
            &text[..]
        };
        for limits in [Constraints::Official, Constraints::Extended] {
            if let Ok(s) = Puyo::parse_input(cut, limits) {
                solve_all(&s);
            }
        }
        let input = Puyo::parse_input(base.as_slice(), Constraints::Official).unwrap();
        let mut answer = SAMPLES[0].1.as_bytes().to_vec();
        answer.extend_from_slice(cut);
        let _ = Puyo::parse_answer(&input, cut);
        let _ = Puyo::parse_answer(&input, &answer);
    }
}

// ---- answers and the judge -------------------------------------------------------

#[test]
fn answers_are_read_strictly() {
    let input = Puyo::parse_input(SAMPLES[1].0, Constraints::Official).unwrap();
    let ans = SAMPLES[1].1;
    let reference = naive::solve(&input);
    let read = |text: &str| Puyo::parse_answer(&input, text.as_bytes());
    assert_eq!(read(ans).unwrap(), reference);
    assert_eq!(read(ans.trim_end()).unwrap(), reference);
    let e = |text: &str| read(text).unwrap_err().to_string();
    assert_eq!(
        e(&ans.replace("2 chains", "2 chain")),
        "line 15, column 8: expected ' chains' after the number, found end of line"
    );
    assert_eq!(
        e(&ans.replace("2 chains", "02 chains")),
        "line 15, column 1: the number of chains has a leading zero"
    );
    assert_eq!(
        e(&ans.replace("2 chains", "-2 chains")),
        "line 15, column 1: expected the number of chains, found '-'"
    );
    assert_eq!(
        e(&ans.replace("2 chains", "99999999999 chains")),
        "line 15, column 1: the number of chains does not fit in 32 bits"
    );
    assert_eq!(
        e(&ans.replace("2 chains\n", "")),
        "line 15, column 1: expected the line 'N chains', found end of input"
    );
    assert_eq!(
        e(&ans.replace("2 chains", "2  chains")),
        "line 15, column 3: expected ' chains' after the number, found a space"
    );
    assert_eq!(
        e(&format!("{ans}\n")),
        "line 16, column 1: expected end of input, found end of line"
    );
    assert_eq!(
        e(&format!("|      |\n{ans}")),
        "line 14, column 1: the screen has 14 rows; the input screen has 13"
    );
    assert_eq!(
        e("").to_string(),
        "line 1, column 1: expected '|' (the left wall of the top row), found end of input"
    );
    // A floating puyo in an answer is well formed, and wrong.
    let floating = ans.replacen("|      |\n", "|r     |\n", 1);
    let candidate = read(&floating).unwrap();
    assert_eq!(
        Puyo::judge(&input, &reference, &candidate),
        Judgement::WrongAnswer("row 1, column 1: expected an empty cell, found 'r'".into())
    );
}

#[test]
fn the_judge_names_counts_and_the_first_differing_cell() {
    let input = Puyo::parse_input(SAMPLES[0].0, Constraints::Official).unwrap();
    let reference = naive::solve(&input);
    assert_eq!(
        Puyo::judge(&input, &reference, &reference),
        Judgement::Accepted
    );
    let mut wrong = reference.clone();
    wrong.chains = 8;
    wrong.screen.set(12, 0, b'y');
    assert_eq!(
        Puyo::judge(&input, &reference, &wrong),
        Judgement::WrongAnswer(
            "expected 9 chains, found 8; row 13, column 1: expected 'b', found 'y'".into()
        )
    );
    let text = answer_text::<Puyo>(&input, &wrong);
    assert!(
        crate::problem::judge_output::<Puyo>(&input, &reference, text.as_bytes())
            .to_string()
            .starts_with("wrong answer: expected 9 chains, found 8")
    );
}

// ---- the spec's known wrong solutions ------------------------------------------

#[test]
fn a_u_shaped_group_is_one_group() {
    // A search in only three directions from the top-left 'r' (right, down, left)
    // never climbs back up the right arm.
    let s = screen(&["r r", "rgr", "rrr"]);
    let out = solve_all(&s);
    assert_eq!(out.chains, 1);
    assert_eq!(rows(&out.screen), ["   ", "   ", " g "]);
    // Without 'up', the search from the top-left 'g' stops at five cells and
    // leaves the right arm's two as a separate group of two that stays.
    let s = screen(&["g g", "g g", "ggg", "byb"]);
    let out = solve_all(&s);
    assert_eq!(rows(&out.screen), ["   ", "   ", "   ", "byb"]);
    // Two concave groups of two colours, both in the first link.
    let s = screen(&["b  r", "b  r", "bb r", "yrrr"]);
    let out = solve_all(&s);
    assert_eq!(rows(&out.screen), ["    ", "    ", "    ", "y   "]);
    assert_eq!(out.chains, 1);
}

#[test]
fn simultaneous_groups_are_one_link() {
    // Three colours vanish in the same step: one link, not three.
    let s = screen(&["rgb", "rgb", "rgb", "rgb"]);
    let out = solve_all(&s);
    assert_eq!(out.chains, 1);
    assert!(out.screen.cells.iter().all(|&c| c == EMPTY));
    // Removing the groups one at a time with gravity in between would let the
    // 'y's join after the first removal; all at once, they never meet.
    let s = screen(&["y  ", "g  ", "gy ", "gyy", "grr", "rrb"]);
    let out = solve_all(&s);
    assert_eq!(out.chains, 2);
}

#[test]
fn three_stays_beside_four_that_goes() {
    let s = screen(&["rrrggg", "bbbbyy"]);
    let out = solve_all(&s);
    assert_eq!(out.chains, 1);
    // The three 'r's fall and stay; a 'g' falls and the 'g's stay three.
    assert_eq!(rows(&out.screen), ["    gg", "rrrgyy"]);
    let s = screen(&["rrr", "rrr"]);
    assert_eq!(solve_all(&s).chains, 1);
    let s = screen(&["r  ", "rr "]);
    assert_eq!(solve_all(&s).chains, 0);
}

#[test]
fn every_shape_of_three_stays_and_every_shape_of_four_goes() {
    // The lane engine tells groups of four from groups of three by the cells'
    // degrees alone (`core/src/puyo/fast/lanes/mod.rs`): a path of three, a T
    // whose middle has three neighbours of degree 1, a line whose middles have
    // degree 2 beside degree 2, and the same shapes next to other colours.
    let threes: [&[&str]; 4] = [&["rrr"], &["r", "r", "r"], &["rr", "rg"], &["gr", "rr"]];
    for rows in threes {
        assert_eq!(solve_all(&screen(rows)).chains, 0, "{rows:?}");
    }
    let fours: [&[&str]; 8] = [
        &[" r ", "rrr"],
        &["rrr", "grg"],
        &[" r ", "rrr", "grg"],
        &["rrrr"],
        &[" rr", "rrg"],
        &["rr", "rr"],
        &["r ", "r ", "rr"],
        &["rg", "rr", "gr", "gr"],
    ];
    for rows in fours {
        assert_eq!(solve_all(&screen(rows)).chains, 1, "{rows:?}");
    }
}

#[test]
fn the_thirteenth_row_counts() {
    // Four 'g's lying on the 13th row of a full checkerboard vanish.
    let mut full: Vec<&str> = (0..12)
        .map(|r| if r % 2 == 0 { "bybyby" } else { "ybybyb" })
        .collect();
    full.insert(0, "gggg  ");
    let s = screen(&full);
    assert_eq!((s.width, s.height), (6, 13));
    let out = solve_all(&s);
    assert_eq!(out.chains, 1);
    assert_eq!(rows(&out.screen)[0], "      ");
    assert_eq!(rows(&out.screen)[1..], full[1..]);
}

#[test]
fn gravity_falls_all_the_way_down() {
    // After 'r' goes, 'y' must fall three cells (onto 'b'), not one.
    let s = screen(&["y", "r", "r", "r", "r", "b"]);
    let out = solve_all(&s);
    assert_eq!(rows(&out.screen), [" ", " ", " ", " ", "y", "b"]);
    assert_eq!(out.chains, 1);
}

#[test]
fn empty_and_full_without_groups() {
    let e = screen(&[" "]);
    assert_eq!(solve_all(&e).chains, 0);
    let rows13: Vec<String> = (0..13)
        .map(|r| if r % 2 == 0 { "rgbrgb" } else { "gbrgbr" }.to_string())
        .collect();
    let s = screen(&rows13.iter().map(String::as_str).collect::<Vec<_>>());
    let out = solve_all(&s);
    assert_eq!((out.chains, out.screen), (0, s));
}

// ---- fast == naive -------------------------------------------------------------

/// A tiny LCG: tests stay deterministic without a dependency.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A settled screen: each column a random stack of `colours` colours, each column
/// filled to about `fill` percent (and sometimes to the top).
fn random_screen(
    rng: &mut Lcg,
    width: usize,
    height: usize,
    colours: usize,
    fill: usize,
) -> Screen {
    let mut s = Screen::empty(width, height);
    for c in 0..width {
        let stack = if rng.below(100) < fill {
            height
        } else {
            rng.below(height * fill / 100 + 1)
        };
        for k in 0..stack.min(height) {
            s.set(height - 1 - k, c, COLOURS[rng.below(colours)]);
        }
    }
    s
}

#[test]
fn fast_matches_naive_on_official_screens() {
    let mut rng = Lcg(1);
    let mut longest = 0;
    for i in 0..20_000 {
        let colours = 2 + i % 4;
        let fill = [30, 60, 90, 100][i / 4 % 4];
        let s = random_screen(&mut rng, 6, 13, colours, fill);
        longest = longest.max(solve_all(&s).chains);
    }
    assert!(
        longest >= 5,
        "the random screens should make some chains (longest {longest})"
    );
}

/// Every edge of the extended bounds (1 and 64 wide or high) and a few shapes
/// between.
const EXTENDED_SHAPES: [(usize, usize); 16] = [
    (1, 1),
    (64, 64),
    (1, 64),
    (64, 1),
    (1, 5),
    (5, 1),
    (2, 63),
    (1, 63),
    (2, 42),
    (9, 12),
    (10, 11),
    (8, 14),
    (3, 64),
    (64, 2),
    (33, 33),
    (63, 64),
];

/// 3 000 screens cycling through [`EXTENDED_SHAPES`], drawn from `rng`.
fn cycled_extended_screens(rng: &mut Lcg) -> impl Iterator<Item = Screen> + '_ {
    EXTENDED_SHAPES
        .iter()
        .cycle()
        .take(3_000)
        .enumerate()
        .map(move |(i, &(w, h))| random_screen(rng, w, h, 2 + i % 3, [50, 95, 100][i % 3]))
}

#[test]
fn fast_matches_naive_on_extended_shapes() {
    for s in cycled_extended_screens(&mut Lcg(2)) {
        solve_all(&s);
    }
}

/// The second half of the test above, a test of its own so that the two
/// halves run on two test threads (this one was its binary's last seconds,
/// alone): 5 000 random shapes, drawn after the cycled screens, which are
/// drawn again (not solved) so that these are the screens they always were.
#[test]
fn fast_matches_naive_on_random_extended_shapes() {
    let mut rng = Lcg(2);
    cycled_extended_screens(&mut rng).for_each(drop);
    for _ in 0..5_000 {
        let (w, h) = (1 + rng.below(64), 1 + rng.below(64));
        let (colours, fill) = (2 + rng.below(4), rng.below(101));
        let s = random_screen(&mut rng, w, h, colours, fill);
        solve_all(&s);
    }
}

#[test]
fn fast_matches_naive_on_unsettled_grids() {
    // Not valid inputs, but the engines still agree: the first fall settles all.
    let mut rng = Lcg(3);
    for _ in 0..5_000 {
        let (w, h) = (1 + rng.below(12), 1 + rng.below(20));
        let mut s = Screen::empty(w, h);
        for cell in &mut s.cells {
            if rng.below(3) > 0 {
                *cell = COLOURS[rng.below(3)];
            }
        }
        let want = naive::solve(&s);
        for kernel in fast::Kernel::available() {
            assert_eq!(fast::solve_with(&s, kernel), want);
        }
    }
}

#[cfg(feature = "arbitrary")]
#[test]
fn arbitrary_screens_are_valid_inputs() {
    use arbitrary::{Arbitrary, Unstructured};
    let mut rng = Lcg(4);
    let mut chains = 0;
    for _ in 0..2_000 {
        let bytes: Vec<u8> = (0..rng.below(400)).map(|_| rng.next() as u8).collect();
        let Ok(s) = Screen::arbitrary(&mut Unstructured::new(&bytes)) else {
            continue;
        };
        let text = input_text::<Puyo>(&s);
        assert_eq!(
            Puyo::parse_input(text.as_bytes(), Constraints::Extended).unwrap(),
            s
        );
        chains += solve_all(&s).chains;
    }
    assert!(chains > 0);
}

// ---- the mutants ---------------------------------------------------------------

#[test]
fn each_mutant_is_wrong_on_the_screen_made_for_it() {
    use super::mutants;
    let wrong = |solve: fn(&Screen) -> Answer, rows: &[&str]| {
        let s = screen(rows);
        let (got, want) = (solve(&s), naive::solve(&s));
        assert_ne!(got, want, "a mutant agrees with naive on {rows:?}");
        got
    };
    // The right arm of the U is reached only by climbing: two cells stay.
    let got = wrong(mutants::three_directions, &["g g", "g g", "ggg", "byb"]);
    assert_eq!(rows(&got.screen), ["   ", "  g", "  g", "byb"]);
    // After the first group goes and the rest falls, the 'y's join.
    wrong(
        mutants::one_group_at_a_time,
        &["y  ", "g  ", "gy ", "gyy", "grr", "rrb"],
    );
    let got = wrong(mutants::link_per_group, &["rgb", "rgb", "rgb", "rgb"]);
    assert_eq!(got.chains, 3);
    let got = wrong(mutants::one_cell_gravity, &["y", "r", "r", "r", "r", "b"]);
    assert_eq!(rows(&got.screen), [" ", "y", " ", " ", " ", "b"]);
    let got = wrong(mutants::invisible_top_row, &["gggg  ", "bybyby", "ybybyb"]);
    assert_eq!(got.chains, 0);
}

#[test]
fn mutants_are_registered_as_mutants_only() {
    for engine in Puyo::engines() {
        let mutant = !matches!(engine.name, "fast" | "fast-portable" | "naive");
        assert_eq!(!engine.kind.is_trusted(), mutant, "{}", engine.name);
    }
}

#[test]
fn steps_walk_the_chain_link_by_link() {
    for (i, (input, _)) in SAMPLES.iter().enumerate() {
        let screen = Puyo::parse_input(input, Constraints::Official).unwrap();
        let outcome = naive::solve(&screen);
        let steps = naive::steps(&screen);
        assert_eq!(steps.len(), outcome.chains as usize + 1, "sample {}", i + 1);
        assert_eq!(steps[0].screen, screen);
        assert_eq!(steps.last().unwrap().screen, outcome.screen);
        assert!(steps.last().unwrap().cleared.is_empty());
        assert!(steps[..steps.len() - 1]
            .iter()
            .all(|s| s.cleared.len() >= 4));
    }
}
