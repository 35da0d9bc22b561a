//! Super Dimensiones' ten cards: one drawing of a card face (number, name,
//! red or blue face, in English or Spanish), used by the printed kit and
//! served to the web app as SVG.

use crate::svg::{Anchor, Page};
use crate::{Lang, Say};
use std::fmt;
use std::str::FromStr;
use tablero_games::dimensiones::{Dimension, Formation, Power, RuleSet, Strategy, Tactics};
use tablero_i18n::id;

/// Super Dimensiones' card, width and height.
pub const CARD_MM: (f64, f64) = (85.0, 48.0);

const INK: &str = "#222";
const RED: &str = "#d23c32";
const BLUE: &str = "#2f64c8";

/// One of a card's two faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// The red face (the first option of the Spanish text).
    Red,
    /// The blue face (the second option).
    Blue,
}

impl Face {
    /// `red` or `blue`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Face::Red => "red",
            Face::Blue => "blue",
        }
    }

    const fn index(self) -> usize {
        match self {
            Face::Red => 0,
            Face::Blue => 1,
        }
    }
}

impl FromStr for Face {
    type Err = String;
    fn from_str(s: &str) -> Result<Face, String> {
        match s.to_ascii_lowercase().as_str() {
            "red" | "roja" | "rojo" => Ok(Face::Red),
            "blue" | "azul" => Ok(Face::Blue),
            _ => Err(format!("unknown card face {s:?} (red or blue)")),
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The cards' texts (ids of `locales/*/print.ftl`): name, and for each
/// face its letter, name and one line; red face first (the seed's first
/// option), blue second.
struct CardText {
    name: tablero_i18n::Id,
    faces: [(char, tablero_i18n::Id, tablero_i18n::Id); 2],
}

fn letter_dimension(d: Dimension) -> char {
    match d {
        Dimension::Multi => 'M',
        Dimension::Inter => 'I',
    }
}
fn letter_strategy(s: Strategy) -> char {
    match s {
        Strategy::Conquer => 'C',
        Strategy::Distract => 'D',
    }
}
fn letter_tactics(t: Tactics) -> char {
    match t {
        Tactics::Armour => 'A',
        Tactics::NoArmour => 'N',
    }
}
fn letter_formation(f: Formation) -> char {
    match f {
        Formation::Western => 'W',
        Formation::Eastern => 'E',
    }
}
fn letter_power(p: Power) -> char {
    match p {
        Power::Real => 'R',
        Power::Symbolic => 'S',
    }
}

fn cards() -> [CardText; 5] {
    [
        CardText {
            name: id!("print-card-dimension"),
            faces: [
                (
                    letter_dimension(Dimension::Multi),
                    id!("print-card-dimension-multidimensional"),
                    id!("print-card-dimension-multidimensional-line"),
                ),
                (
                    letter_dimension(Dimension::Inter),
                    id!("print-card-dimension-interdimensional"),
                    id!("print-card-dimension-interdimensional-line"),
                ),
            ],
        },
        CardText {
            name: id!("print-card-strategy"),
            faces: [
                (
                    letter_strategy(Strategy::Distract),
                    id!("print-card-strategy-distract"),
                    id!("print-card-strategy-distract-line"),
                ),
                (
                    letter_strategy(Strategy::Conquer),
                    id!("print-card-strategy-conquer"),
                    id!("print-card-strategy-conquer-line"),
                ),
            ],
        },
        CardText {
            name: id!("print-card-tactics"),
            faces: [
                (
                    letter_tactics(Tactics::Armour),
                    id!("print-card-tactics-armour"),
                    id!("print-card-tactics-armour-line"),
                ),
                (
                    letter_tactics(Tactics::NoArmour),
                    id!("print-card-tactics-no-armour"),
                    id!("print-card-tactics-no-armour-line"),
                ),
            ],
        },
        CardText {
            name: id!("print-card-formation"),
            faces: [
                (
                    letter_formation(Formation::Western),
                    id!("print-card-formation-western"),
                    id!("print-card-formation-western-line"),
                ),
                (
                    letter_formation(Formation::Eastern),
                    id!("print-card-formation-eastern"),
                    id!("print-card-formation-eastern-line"),
                ),
            ],
        },
        CardText {
            name: id!("print-card-power"),
            faces: [
                (
                    letter_power(Power::Real),
                    id!("print-card-power-real"),
                    id!("print-card-power-real-line"),
                ),
                (
                    letter_power(Power::Symbolic),
                    id!("print-card-power-symbolic"),
                    id!("print-card-power-symbolic-line"),
                ),
            ],
        },
    ]
}

/// The letters of `rules`' five cards, in order.
fn chosen(rules: &RuleSet) -> [char; 5] {
    [
        letter_dimension(rules.dimension),
        letter_strategy(rules.strategy),
        letter_tactics(rules.tactics),
        letter_formation(rules.formation),
        letter_power(rules.power),
    ]
}

/// The letter of card `number`'s `face` in a rule set's code (`M`, `I`,
/// `C`, `D`, ...), or `None` for a number outside 1 to 5.
#[must_use]
pub fn letter(number: u8, face: Face) -> Option<char> {
    let i = usize::from(number).checked_sub(1)?;
    cards().get(i).map(|c| c.faces[face.index()].0)
}

/// The face of each of the five cards in `rules`, in order (card 1
/// first).
#[must_use]
pub fn faces(rules: &RuleSet) -> [Face; 5] {
    let picked = chosen(rules);
    let all = cards();
    std::array::from_fn(|i| {
        if all[i].faces[0].0 == picked[i] {
            Face::Red
        } else {
            Face::Blue
        }
    })
}

/// Draws the front of card `number` (1 to 5) showing `face`, its top left
/// corner at (`x`, `y`) millimetres, [`CARD_MM`] in size; `note`, when not
/// empty, is written small in the bottom right corner. Returns false (and
/// draws nothing) for a number outside 1 to 5.
pub fn draw_front(
    page: &mut Page,
    x: f64,
    y: f64,
    number: u8,
    face: Face,
    lang: Lang,
    note: &str,
) -> bool {
    let Some(card) = usize::from(number)
        .checked_sub(1)
        .and_then(|i| cards().into_iter().nth(i))
    else {
        return false;
    };
    let (cw, ch) = CARD_MM;
    let (letter, face_name, line) = card.faces[face.index()];
    let (colour, tint) = match face {
        Face::Red => (RED, "#fbe3e0"),
        Face::Blue => (BLUE, "#e0e9fa"),
    };
    let name = lang.say(card.name);
    page.raw(&format!(
        r#"<g class="card" data-card="{number}{letter}" data-face="{face}">"#
    ));
    page.round_rect(x + 0.8, y + 0.8, cw - 1.6, ch - 1.6, 3.0, tint, colour, 1.6);
    page.text(
        x + 5.0,
        y + 12.0,
        10.0,
        Anchor::Start,
        true,
        colour,
        &number.to_string(),
    );
    page.text(
        x + 14.0,
        y + 9.0,
        4.0,
        Anchor::Start,
        true,
        INK,
        &name.to_uppercase(),
    );
    let face_word = lang.say(match face {
        Face::Red => id!("print-face-red"),
        Face::Blue => id!("print-face-blue"),
    });
    page.text(
        x + 14.0,
        y + 13.5,
        2.8,
        Anchor::Start,
        false,
        "#555",
        &face_word,
    );
    page.text(
        x + cw - 5.0,
        y + 12.0,
        9.0,
        Anchor::End,
        true,
        colour,
        &letter.to_string(),
    );
    page.text(
        x + cw / 2.0,
        y + 25.0,
        5.2,
        Anchor::Middle,
        true,
        colour,
        &lang.say(face_name),
    );
    page.paragraph(x + 5.0, y + 33.0, cw - 10.0, 3.2, false, &lang.say(line));
    if !note.is_empty() {
        page.text(
            x + cw - 4.0,
            y + ch - 3.0,
            2.6,
            Anchor::End,
            false,
            "#555",
            note,
        );
    }
    page.raw("</g>");
    true
}

/// Draws the back of card `number` at (`x`, `y`): the same for both faces.
pub fn draw_back(page: &mut Page, x: f64, y: f64, number: u8, lang: Lang) {
    let (cw, ch) = CARD_MM;
    let name = usize::from(number)
        .checked_sub(1)
        .and_then(|i| cards().into_iter().nth(i))
        .map_or_else(String::new, |c| lang.say(c.name));
    page.round_rect(x, y, cw, ch, 3.0, "#2b2b2b", "#2b2b2b", 1.0);
    page.round_rect(
        x + 3.0,
        y + 3.0,
        cw - 6.0,
        ch - 6.0,
        2.0,
        "none",
        "#d8b45a",
        0.6,
    );
    page.text(
        x + cw / 2.0,
        y + 22.0,
        12.0,
        Anchor::Middle,
        true,
        "#d8b45a",
        &number.to_string(),
    );
    page.text(
        x + cw / 2.0,
        y + 31.0,
        4.2,
        Anchor::Middle,
        true,
        "#fff",
        &name.to_uppercase(),
    );
    page.text(
        x + cw / 2.0,
        y + 39.0,
        3.0,
        Anchor::Middle,
        false,
        "#bbb",
        "SUPER DIMENSIONES",
    );
}

/// Card `number`'s `face` as a standalone SVG document of [`CARD_MM`]
/// millimetres, or `None` for a number outside 1 to 5.
#[must_use]
pub fn card_svg(number: u8, face: Face, lang: Lang) -> Option<String> {
    let mut page = Page::new();
    if !draw_front(&mut page, 0.0, 0.0, number, face, lang, "") {
        return None;
    }
    let (w, h) = CARD_MM;
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}mm\" height=\"{h}mm\" viewBox=\"0 0 {w} {h}\">\n{}</svg>\n",
        page.body()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_follow_the_code_order() {
        let red: String = (1..=5).filter_map(|n| letter(n, Face::Red)).collect();
        let blue: String = (1..=5).filter_map(|n| letter(n, Face::Blue)).collect();
        assert_eq!(red, "MDAWR");
        assert_eq!(blue, "ICNES");
        assert_eq!(letter(0, Face::Red), None);
        assert_eq!(letter(6, Face::Blue), None);
    }

    #[test]
    fn faces_of_a_rule_set() {
        let rules: RuleSet = "M-C-N-W-R".parse().unwrap();
        assert_eq!(
            faces(&rules),
            [Face::Red, Face::Blue, Face::Blue, Face::Red, Face::Red]
        );
    }

    #[test]
    fn a_card_in_each_language() {
        let es = card_svg(2, Face::Blue, Lang::Es).unwrap();
        assert!(es.contains("ESTRATEGIA") && es.contains("Conquistar"));
        assert!(es.contains(r#"data-card="2C""#));
        let en = card_svg(1, Face::Red, Lang::En).unwrap();
        assert!(en.contains("DIMENSION") && en.contains("Multidimensional"));
        assert!(card_svg(6, Face::Red, Lang::En).is_none());
        assert_eq!("Azul".parse::<Face>(), Ok(Face::Blue));
        assert!("green".parse::<Face>().is_err());
    }
}
