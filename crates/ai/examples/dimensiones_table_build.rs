//! Times a build of a Super Dimensiones table: `dimensiones_table_build
//! PIECES FILE [THREADS]`.
use std::path::PathBuf;
use tablero_ai::solve::dimensiones_table::{build, BuildOptions, BuildOrder, TableRules};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pieces: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let path = PathBuf::from(
        args.get(2)
            .cloned()
            .unwrap_or_else(|| "/tmp/dim.tbl".into()),
    );
    let threads: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let _ = std::fs::remove_file(&path);
    let t = std::time::Instant::now();
    let r = build(
        &path,
        &BuildOptions {
            rules: TableRules::default(),
            pieces,
            threads,
            stop_after: None,
            order: BuildOrder::Canonical,
        },
        |_| {},
    )
    .expect("build");
    println!("{r:?} in {:.2}s", t.elapsed().as_secs_f64());
}
