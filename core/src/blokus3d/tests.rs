//! The spec's sample first, then the parser's and the answer reader's rules, then
//! hand-made positions for each rule of Turns, every engine on each.

use super::rules::{Illegal, Referee, Search, SPEC};
use super::{fast, naive, Answer, Blokus3d, Game, Input, Reply};
use crate::problem::{answer_text, judge_output};
use crate::{Constraints, Judgement, Problem};

const SAMPLE_IN: &str = include_str!("../../../corpus/blokus3d/samples/sample1.in");
const SAMPLE_ANS: &str = include_str!("../../../corpus/blokus3d/samples/sample1.ans");

fn parse(text: &str) -> Input {
    Blokus3d::parse_input(text.as_bytes(), Constraints::Official).unwrap_or_else(|e| panic!("{e}"))
}

fn error(text: &str) -> String {
    Blokus3d::parse_input(text.as_bytes(), Constraints::Official)
        .unwrap_err()
        .to_string()
}

/// Every trusted engine's answer, checked to agree, returned once.
fn solve(input: &Input) -> Answer {
    let want = naive::solve(input);
    assert_eq!(fast::solve(input), want, "fast against naive");
    want
}

#[test]
fn the_sample_gives_its_23_lines() {
    let input = parse(SAMPLE_IN);
    let answer = solve(&input);
    assert_eq!(answer_text::<Blokus3d>(&input, &answer), SAMPLE_ANS);
    assert_eq!(answer.iter().map(Vec::len).sum::<usize>(), 23);
}

#[test]
fn the_sample_round_trips() {
    let input = parse(SAMPLE_IN);
    let mut text = String::new();
    Blokus3d::write_input(&input, &mut text);
    assert_eq!(text, SAMPLE_IN);
}

#[test]
fn spaces_around_tokens_and_commas_are_accepted() {
    let spaced = "1\n1 2 2 2\n..\n..\n  1  { 000 , 001 }  ( 0 , 1 )  \n";
    let tight = "1\n1 2 2 2\n..\n..\n1{000,001}(0,1)\n";
    assert_eq!(parse(spaced), parse(tight));
    assert_eq!(
        parse(tight).games[0].actions[0].cubes,
        vec![[0, 0, 0], [0, 0, 1]]
    );
}

#[test]
fn descriptions_that_are_not_pieces_are_valid_input_and_illegal_actions() {
    for desc in [
        "{}",
        "{000}",
        "{000,000}",
        "{000,011}",
        "{000,001,002,003,010}",
    ] {
        let input = parse(&format!("1\n1 1 2 2\n..\n..\n1 {desc} (0,0)\n"));
        assert_eq!(solve(&input), vec![vec![Reply::No]], "{desc}");
    }
}

#[test]
fn input_errors_name_line_column_and_rule() {
    let head = "1\n1 2 2 2\n..\n..\n";
    assert_eq!(
        error(&format!("{head}1 {{004,000}} (0,0)\n")),
        "line 5, column 6: cube coordinate '4' is above 3"
    );
    assert_eq!(
        error(&format!("{head}1 {{001,002}} (0,0)\n")),
        "line 5, column 3: the description's z coordinates have minimum 1, not 0"
    );
    assert!(error(&format!("{head}3 {{000,001}} (0,0)\n")).contains("player id = 3 exceeds"));
    assert_eq!(
        error(&format!("{head}1 {{000,001}} (2,0)\n")),
        "line 5, column 14: x = 2 is off the board (0 <= x < X = 2)"
    );
    assert!(error(&format!("{head}1 {{0001}} (0,0)\n")).contains("exactly three digits"));
    assert!(error(&format!("{head}1 {{000,}} (0,0)\n")).contains("expected a cube"));
    assert!(error("1\n1 2 2 2\n.x\n..\n1 {} (0,0)\n").starts_with("line 3, column 2"));
    assert!(error("2\n1 2 1 1\n.\n1 {} (0,0)\n1 2 1 1\n.\n1 {} (0,0)\n")
        .starts_with("line 5, column 1: expected an empty line"));
    assert!(error("21\n").contains("T = 21 exceeds the limit 20"));
    assert!(error("1\n1 51 1 1\n.\n1 {} (0,0)\n").contains("K = 51"));
}

#[test]
fn answers_are_read_tolerantly_and_judged_by_action() {
    let input = parse(SAMPLE_IN);
    let answer = solve(&input);
    let loose = SAMPLE_ANS
        .replace("\n\n", "\n")
        .replace(' ', " \t ")
        .replace('\n', "\r\n\n");
    assert_eq!(
        Blokus3d::parse_answer(&input, loose.as_bytes()),
        Ok(answer.clone())
    );
    let no_for_scores = SAMPLE_ANS.replacen("5 6", "NO", 1);
    assert_eq!(
        judge_output::<Blokus3d>(&input, &answer, no_for_scores.as_bytes()),
        Judgement::WrongAnswer("test case 1, action 4: expected 5 6, found NO".into())
    );
    let short = SAMPLE_ANS.replacen("5 6", "5", 1);
    assert!(matches!(
        judge_output::<Blokus3d>(&input, &answer, short.as_bytes()),
        Judgement::PresentationError(_)
    ));
    let missing = SAMPLE_ANS.replacen("2 7\n", "", 1);
    assert!(matches!(
        judge_output::<Blokus3d>(&input, &answer, missing.as_bytes()),
        Judgement::PresentationError(_)
    ));
}

fn game(k: u32, board: &[&str], actions: &[&str]) -> Game {
    let mut text = format!(
        "1\n{} {k} {} {}\n",
        actions.len(),
        board.len(),
        board[0].len()
    );
    for row in board {
        text.push_str(row);
        text.push('\n');
    }
    for a in actions {
        text.push_str(a);
        text.push('\n');
    }
    parse(&text).games.remove(0)
}

fn replies(game: &Game) -> Vec<String> {
    let input = Input {
        games: vec![game.clone()],
    };
    solve(&input)[0]
        .iter()
        .map(|r| match r {
            Reply::No => "NO".to_string(),
            Reply::Scores(s) => s.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
        })
        .collect()
}

#[test]
fn a_later_first_piece_needs_the_board_and_a_touch() {
    let g = game(
        2,
        &["......", "......"],
        &[
            "1 {000,010} (0,0)",
            "2 {000,010} (0,4)", // on the board, touching nothing
            "2 {000,001} (0,0)", // touching, but in the air
            "2 {000,010} (1,0)", // on the board, beside player 1's cubes
        ],
    );
    assert_eq!(replies(&g), ["3 0", "NO", "NO", "3 3"]);
}

#[test]
fn a_board_without_room_ends_the_game_at_once() {
    let g = game(3, &["##", "##"], &["1 {000,001} (0,0)"]);
    assert_eq!(replies(&g), ["NO"]);
    let referee = Referee::new(&g, SPEC, Search::Everywhere);
    assert_eq!(referee.current(), None);
}

#[test]
fn a_gap_above_the_lowest_layer_is_illegal() {
    // Player 1 puts a domino on row 0; player 2 an L3 whose upper cube overhangs.
    let g = game(
        2,
        &["...", "..."],
        &["1 {000,010} (0,0)", "2 {000,001,101} (0,2)"],
    );
    let mut referee = Referee::new(&g, SPEC, Search::Everywhere);
    referee.play(&g.actions[0]);
    assert_eq!(referee.verdict(&g.actions[1]), Err(Illegal::Gap));
}

#[test]
fn the_near_search_agrees_with_the_exhaustive_one_on_the_sample() {
    for game in parse(SAMPLE_IN).games {
        let mut everywhere = Referee::new(&game, SPEC, Search::Everywhere);
        let mut near = Referee::new(&game, SPEC, Search::NearCubes);
        for a in &game.actions {
            assert_eq!(everywhere.play(a), near.play(a));
            assert_eq!(everywhere.current(), near.current());
        }
    }
}

#[test]
fn actions_after_game_over_are_no() {
    // One cell: player 2 can never have a cube at z = 0; player 1 stacks the three
    // straight pieces and is then stuck, so the game is over.
    let g = game(
        2,
        &["."],
        &[
            "1 {000,001} (0,0)",
            "2 {000,001} (0,0)",
            "1 {000,001,002} (0,0)",
            "1 {000,001,002,003} (0,0)",
            "1 {000,010} (0,0)",
            "2 {000,001} (0,0)",
        ],
    );
    assert_eq!(replies(&g), ["2 0", "NO", "3 0", "4 0", "NO", "NO"]);
    let mut referee = Referee::new(&g, SPEC, Search::Everywhere);
    for a in &g.actions {
        referee.play(a);
    }
    assert_eq!(referee.current(), None);
    assert_eq!(referee.verdict(&g.actions[4]), Err(Illegal::GameOver));
}

#[test]
fn extended_limits_are_larger() {
    let text = format!(
        "1\n1 250 1 300\n{}\n1 {{000,010}} (0,299)\n",
        ".".repeat(300)
    );
    assert!(error(&text).contains("K = 250 exceeds the limit 50"));
    let input = Blokus3d::parse_input(text.as_bytes(), Constraints::Extended).expect("extended");
    assert_eq!((input.games[0].k, input.games[0].cols), (250, 300));
    // Off the grid to the right: a legal input line, an illegal action.
    assert_eq!(solve(&input), vec![vec![Reply::No]]);
}
