//! Prints every game's computer levels' fixed ratings, as the server rates
//! games against them, from the arena's measured ladders
//! (`tablero_ai::strength::LADDERS`), as the table in docs/ai.md:
//!
//!     cargo run -p tablero-ai --example level_ratings

use tablero_ai::strength::LADDERS;

fn main() {
    println!("| game | variant | level 1 | level 2 | level 3 | level 4 | level 5 |");
    println!("|---|---|---|---|---|---|---|");
    for l in &LADDERS {
        let cells: Vec<String> = l
            .ratings()
            .iter()
            .map(|r| format!("{:.0} ± {:.0}", r.rating, r.deviation))
            .collect();
        println!(
            "| {} | {} | {} |",
            l.game,
            l.variant.unwrap_or("all"),
            cells.join(" | ")
        );
    }
    println!();
    println!("| game | variant | step | games | +/=/- | Elo | ± (1 s.e.) |");
    println!("|---|---|---|---|---|---|---|");
    for l in &LADDERS {
        for (k, s) in l.steps.iter().enumerate() {
            let (elo, se) = s.elo();
            println!(
                "| {} | {} | {} vs {} | {} | {}/{}/{} | {:+.0} | {:.0} |",
                l.game,
                l.variant.unwrap_or("all"),
                k + 2,
                k + 1,
                s.wins + s.draws + s.losses,
                s.wins,
                s.draws,
                s.losses,
                elo,
                se
            );
        }
    }
}
