//! Super Dimensiones' ten cards: one drawing of a card face (number, name,
//! red or blue face, in English or Spanish), used by the printed kit and
//! served to the web app as SVG.

use crate::svg::{Anchor, Page};
use crate::Lang;
use std::fmt;
use std::str::FromStr;
use tablero_games::dimensiones::{Dimension, Formation, Power, RuleSet, Strategy, Tactics};

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

/// The cards' texts: number, name, and for each face its letter, name and
/// one line; red face first (the seed's first option), blue second.
struct CardText {
    name: (&'static str, &'static str),
    faces: [(char, &'static str, &'static str, &'static str, &'static str); 2],
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
            name: ("Dimension", "Dimensión"),
            faces: [
                (
                    letter_dimension(Dimension::Multi),
                    "Multidimensional",
                    "Multidimensional",
                    "A player's two armies never interact.",
                    "Las fichas nunca interactúan entre sí.",
                ),
                (
                    letter_dimension(Dimension::Inter),
                    "Interdimensional",
                    "Interdimensional",
                    "A piece may jump over its ally, in chains.",
                    "Una ficha puede saltar sobre su aliada.",
                ),
            ],
        },
        CardText {
            name: ("Strategy", "Estrategia"),
            faces: [
                (
                    letter_strategy(Strategy::Distract),
                    "Distract",
                    "Distraer",
                    "The lower value wins.",
                    "Gana quien queda con menos fichas o valor.",
                ),
                (
                    letter_strategy(Strategy::Conquer),
                    "Conquer",
                    "Conquistar",
                    "The higher value wins.",
                    "Gana quien tiene más fichas o valor.",
                ),
            ],
        },
        CardText {
            name: ("Tactics", "Táctica"),
            faces: [
                (
                    letter_tactics(Tactics::Armour),
                    "Armour",
                    "Con armadura",
                    "Capturing is optional.",
                    "Capturar no es obligatorio.",
                ),
                (
                    letter_tactics(Tactics::NoArmour),
                    "No armour",
                    "Sin armadura",
                    "Capturing is compulsory.",
                    "Capturar es obligatorio.",
                ),
            ],
        },
        CardText {
            name: ("Formation", "Formación"),
            faces: [
                (
                    letter_formation(Formation::Western),
                    "Western",
                    "Occidental",
                    "Diagonal moves, alternate squares.",
                    "En diagonal, escaques alternos.",
                ),
                (
                    letter_formation(Formation::Eastern),
                    "Eastern",
                    "Oriental",
                    "Orthogonal moves, 2x3 blocks.",
                    "Ortogonal, bloques de 2x3.",
                ),
            ],
        },
        CardText {
            name: ("Power", "Poder"),
            faces: [
                (
                    letter_power(Power::Real),
                    "Real",
                    "Real",
                    "Flying kings.",
                    "La dama recorre la fila.",
                ),
                (
                    letter_power(Power::Symbolic),
                    "Symbolic",
                    "Simbólico",
                    "Kings step one square.",
                    "La dama avanza un escaque.",
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
    let (letter, en, es, line_en, line_es) = card.faces[face.index()];
    let (colour, tint) = match face {
        Face::Red => (RED, "#fbe3e0"),
        Face::Blue => (BLUE, "#e0e9fa"),
    };
    let name = lang.pick(card.name.0, card.name.1);
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
    let face_word = match face {
        Face::Red => lang.pick("red face", "cara roja"),
        Face::Blue => lang.pick("blue face", "cara azul"),
    };
    page.text(
        x + 14.0,
        y + 13.5,
        2.8,
        Anchor::Start,
        false,
        "#555",
        face_word,
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
        lang.pick(en, es),
    );
    page.paragraph(
        x + 5.0,
        y + 33.0,
        cw - 10.0,
        3.2,
        false,
        lang.pick(line_en, line_es),
    );
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
        .map_or("", |c| lang.pick(c.name.0, c.name.1));
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
