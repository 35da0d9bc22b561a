//! Monte Carlo tree search: UCT with MCTS-Solver (proved wins and losses
//! propagate up the tree), tree reuse between moves, seeded randomness, a
//! time or iteration budget, root parallelism over several threads, and
//! random playouts that may stop early at a heuristic evaluation.

use crate::bot::{Bot, Budget, Deadline, Limits};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};
use tablero_core::{Evaluate, Game, History, MoveBuf, Player, Playouts};

/// Settings of [`Mcts`].
#[derive(Clone, Debug)]
pub struct MctsConfig {
    /// The UCT exploration constant `c` in `w/n + c·sqrt(ln N / n)`.
    pub exploration: f64,
    /// Iterations or time per move (per thread for iterations).
    pub budget: Budget,
    /// Independent trees searched in parallel, their root statistics summed
    /// (root parallelism).
    pub threads: usize,
    /// Seed of the first thread's random choices.
    pub seed: u64,
    /// Stop each playout after this many plies and score it with the game's
    /// heuristic; `None` plays to the end.
    pub cutoff: Option<u32>,
    /// Keep the tree between moves when the new position is in it.
    pub reuse: bool,
    /// Largest tree per thread, in nodes; past it leaves are no longer
    /// expanded.
    pub max_nodes: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 1.0,
            budget: Budget::Nodes(1000),
            threads: 1,
            seed: 1,
            cutoff: None,
            reuse: true,
            max_nodes: 2_000_000,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Unknown,
    /// The player who moved into the node wins with best play.
    Win,
    /// The player who moved into the node loses with best play.
    Loss,
}

#[derive(Clone, Debug)]
struct Node<M> {
    mv: Option<M>,
    parent: u32,
    first_child: u32,
    num_children: u32,
    expanded: bool,
    /// The player who made the move into this node.
    mover: Player,
    visits: u32,
    /// Sum of results for `mover` (1 win, ½ draw, 0 loss).
    reward: f64,
    proof: Proof,
}

/// One search tree.
struct Tree<G: Game> {
    root: G,
    nodes: Vec<Node<G::Move>>,
    rng: Xoshiro256PlusPlus,
    playouts: Playouts<G>,
    moves: G::MoveList,
}

/// What a tree's search calls after each interval: the tree and its
/// iterations so far.
type Reporter<'a, G> = dyn FnMut(&Tree<G>, u64) + Send + 'a;

/// What a search found at the root.
#[derive(Clone, Debug)]
pub struct MctsReport<M> {
    /// The chosen move.
    pub best: M,
    /// Iterations run (all threads).
    pub iterations: u64,
    /// The chosen move's mean result for the side to move, 0..1.
    pub win_rate: f64,
    /// Whether the result is proved: `Some(true)` a forced win, `Some(false)`
    /// a forced loss.
    pub proved: Option<bool>,
}

impl<G: Game + Evaluate> Tree<G> {
    fn new(root: G, seed: u64) -> Self {
        let mover = root.side_to_move().other();
        Tree {
            root,
            nodes: vec![Node {
                mv: None,
                parent: u32::MAX,
                first_child: 0,
                num_children: 0,
                expanded: false,
                mover,
                visits: 0,
                reward: 0.0,
                proof: Proof::Unknown,
            }],
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            playouts: Playouts::new(),
            moves: G::MoveList::default(),
        }
    }

    /// Moves the root to `target` when it is the root or lies one or two
    /// plies below it, keeping that subtree; otherwise starts afresh.
    fn reroot(&mut self, target: &G) {
        if &self.root == target {
            return;
        }
        let mut found = None;
        'search: for c in self.children(0) {
            let mut p1 = self.root.clone();
            p1.play_unchecked(self.nodes[c].mv.expect("child has a move"));
            if &p1 == target {
                found = Some(c);
                break;
            }
            for g in self.children(c) {
                let mut p2 = p1.clone();
                p2.play_unchecked(self.nodes[g].mv.expect("child has a move"));
                if &p2 == target {
                    found = Some(g);
                    break 'search;
                }
            }
        }
        let seed = self.rng.gen();
        let Some(new_root) = found else {
            *self = Tree::new(target.clone(), seed);
            return;
        };
        // Copy the subtree breadth-first so that children stay contiguous.
        let mut nodes = Vec::with_capacity(self.nodes.len() / 4);
        let mut root = self.nodes[new_root].clone();
        root.parent = u32::MAX;
        root.mv = None;
        nodes.push(root);
        let mut i = 0;
        while i < nodes.len() {
            let n = &nodes[i];
            if n.expanded && n.num_children > 0 {
                let (first, count) = (n.first_child as usize, n.num_children as usize);
                let new_first = nodes.len() as u32;
                nodes[i].first_child = new_first;
                for k in 0..count {
                    let mut c = self.nodes[first + k].clone();
                    c.parent = i as u32;
                    nodes.push(c);
                }
            }
            i += 1;
        }
        self.nodes = nodes;
        self.root = target.clone();
    }

    fn children(&self, n: usize) -> std::ops::Range<usize> {
        let node = &self.nodes[n];
        if node.expanded {
            node.first_child as usize..(node.first_child + node.num_children) as usize
        } else {
            0..0
        }
    }

    fn expand(&mut self, n: usize, pos: &G, max_nodes: usize) {
        if self.nodes.len() >= max_nodes {
            return;
        }
        pos.legal_moves(&mut self.moves);
        let moves = self.moves.as_mut_slice();
        moves.shuffle(&mut self.rng);
        let first = self.nodes.len() as u32;
        let mover = pos.side_to_move();
        for &mv in moves.iter() {
            self.nodes.push(Node {
                mv: Some(mv),
                parent: n as u32,
                first_child: 0,
                num_children: 0,
                expanded: false,
                mover,
                visits: 0,
                reward: 0.0,
                proof: Proof::Unknown,
            });
        }
        let node = &mut self.nodes[n];
        node.first_child = first;
        node.num_children = moves.len() as u32;
        node.expanded = true;
    }

    fn select(&mut self, n: usize, c: f64) -> usize {
        let parent_visits = f64::from(self.nodes[n].visits.max(1));
        let log_n = parent_visits.ln();
        let range = self.children(n);
        let unvisited = range
            .clone()
            .find(|&i| self.nodes[i].visits == 0 && self.nodes[i].proof == Proof::Unknown);
        if let Some(i) = unvisited {
            return i;
        }
        let mut best = range.start;
        let mut best_score = f64::NEG_INFINITY;
        for i in range {
            let child = &self.nodes[i];
            let score = match child.proof {
                Proof::Win => f64::INFINITY,
                Proof::Loss => -1.0,
                Proof::Unknown => {
                    let v = f64::from(child.visits);
                    child.reward / v + c * (log_n / v).sqrt()
                }
            };
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// One iteration: select, expand, simulate, back up. `base` counts the
    /// game's earlier positions for the repetition rule.
    fn iterate(&mut self, config: &MctsConfig, base: &FxHashMap<u64, u32>, path: &mut Vec<u64>) {
        let mut pos = self.root.clone();
        let mut n = 0;
        path.clear();
        let limit = G::repetition_limit();
        let mut repeated = false;
        loop {
            if self.nodes[n].proof != Proof::Unknown || pos.outcome().is_some() || repeated {
                break;
            }
            if !self.nodes[n].expanded {
                self.expand(n, &pos, config.max_nodes);
                if !self.nodes[n].expanded {
                    break;
                }
            }
            let child = self.select(n, config.exploration);
            pos.play_unchecked(self.nodes[child].mv.expect("child has a move"));
            n = child;
            if let Some(limit) = limit {
                let key = pos.repetition_key();
                path.push(key);
                let seen = base.get(&key).copied().unwrap_or(0)
                    + path.iter().filter(|&&k| k == key).count() as u32;
                repeated = seen >= limit;
            }
            if self.nodes[n].visits == 0 {
                break;
            }
        }
        // The result for player one.
        let result = if let Some(o) = pos.outcome() {
            // A proof only from the board itself: a position's outcome is
            // never a repetition (History applies that rule), but a draw
            // rule's counter may end it, and that is no proof.
            if o.winner.is_some() && pos.natural_outcome().is_some() {
                let mover = self.nodes[n].mover;
                self.nodes[n].proof = if o.winner == Some(mover) {
                    Proof::Win
                } else {
                    Proof::Loss
                };
            }
            o.result_for(Player::P1)
        } else if repeated {
            pos.repetition_outcome().result_for(Player::P1)
        } else {
            self.simulate(pos, config.cutoff)
        };
        self.backup(n, result);
    }

    fn simulate(&mut self, mut pos: G, cutoff: Option<u32>) -> f64 {
        match cutoff {
            None => self
                .playouts
                .run(&pos, &mut self.rng)
                .outcome
                .result_for(Player::P1),
            Some(plies) => {
                for _ in 0..plies {
                    if let Some(o) = pos.outcome() {
                        return o.result_for(Player::P1);
                    }
                    pos.legal_moves(&mut self.moves);
                    let m = self.moves.as_slice();
                    let mv = m[self.rng.gen_range(0..m.len())];
                    pos.play_unchecked(mv);
                }
                if let Some(o) = pos.outcome() {
                    return o.result_for(Player::P1);
                }
                let p = 1.0 / (1.0 + (-f64::from(pos.evaluate()) / 400.0).exp());
                if pos.side_to_move() == Player::P1 {
                    p
                } else {
                    1.0 - p
                }
            }
        }
    }

    fn backup(&mut self, leaf: usize, result_p1: f64) {
        let mut n = leaf;
        loop {
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.reward += if node.mover == Player::P1 {
                result_p1
            } else {
                1.0 - result_p1
            };
            let parent = node.parent;
            if parent == u32::MAX {
                break;
            }
            let p = parent as usize;
            if self.nodes[p].proof == Proof::Unknown {
                match self.nodes[n].proof {
                    // The parent's mover has a winning move: the player who
                    // moved into the parent loses.
                    Proof::Win => self.nodes[p].proof = Proof::Loss,
                    Proof::Loss => {
                        if self.children(p).all(|c| self.nodes[c].proof == Proof::Loss) {
                            self.nodes[p].proof = Proof::Win;
                        }
                    }
                    Proof::Unknown => {}
                }
            }
            n = p;
        }
    }

    /// Iterates until the deadline or a proof; with `report`, calls it
    /// after each interval: when the iterations reach 1000, 2000, 4000...
    /// (doubling, as an iterative deepening's work does) and at least once
    /// a second besides.
    fn search(
        &mut self,
        config: &MctsConfig,
        deadline: &Deadline,
        base: &FxHashMap<u64, u32>,
        mut report: Option<&mut Reporter<'_, G>>,
    ) -> u64 {
        let mut path = Vec::new();
        let mut iterations = 0u64;
        let mut next = REPORT_FIRST;
        let mut reported = Instant::now();
        while self.nodes[0].proof == Proof::Unknown {
            if iterations > 0 && deadline.reached(iterations) {
                break;
            }
            if deadline.unbounded() && iterations >= 1000 {
                break;
            }
            self.iterate(config, base, &mut path);
            iterations += 1;
            if let Some(report) = report.as_mut() {
                let due = iterations >= next
                    || (iterations % 64 == 0 && reported.elapsed() >= REPORT_EVERY);
                if due {
                    report(self, iterations);
                    next = next.max(iterations.saturating_mul(2));
                    reported = Instant::now();
                }
            }
        }
        iterations
    }

    /// The most visited line from the root (children with no visit end
    /// it).
    fn principal_variation(&self, max: usize) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut n = 0;
        while line.len() < max {
            let Some(c) = self
                .children(n)
                .filter(|&c| self.nodes[c].visits > 0)
                .max_by_key(|&c| self.nodes[c].visits)
            else {
                break;
            };
            line.push(self.nodes[c].mv.expect("child has a move"));
            n = c;
        }
        line
    }

    /// The engine `info` fields of this tree after `iterations` iterations
    /// and `time`: the most visited line as `depth` and `pv`, the score of
    /// its first move (as [`Bot::info`] gives it), the iterations as
    /// `nodes`.
    fn info_line(&self, iterations: u64, time: Duration) -> Option<String> {
        let pv = self.principal_variation(64);
        let first = self
            .children(0)
            .filter(|&c| self.nodes[c].visits > 0)
            .max_by_key(|&c| self.nodes[c].visits)?;
        let node = &self.nodes[first];
        let proved = match node.proof {
            Proof::Win => Some(true),
            Proof::Loss => Some(false),
            Proof::Unknown => None,
        };
        let rate = node.reward / f64::from(node.visits.max(1));
        Some(crate::bot::info_fields(
            &self.root,
            pv.len(),
            &score_text(proved, rate),
            iterations,
            time,
            &pv,
        ))
    }
}

/// The MCTS player.
pub struct Mcts<G: Game> {
    config: MctsConfig,
    trees: Vec<Tree<G>>,
    last: Option<MctsReport<G::Move>>,
}

impl<G: Game + Evaluate> Mcts<G> {
    /// A player with these settings.
    #[must_use]
    pub fn new(config: MctsConfig) -> Self {
        Mcts {
            config,
            trees: Vec::new(),
            last: None,
        }
    }

    /// The report of the last search.
    #[must_use]
    pub fn last_report(&self) -> Option<&MctsReport<G::Move>> {
        self.last.as_ref()
    }

    /// Searches the current position of `history` and reports the move to
    /// play.
    ///
    /// # Panics
    /// If the game is over.
    pub fn search(&mut self, history: &History<G>, limits: &Limits) -> MctsReport<G::Move> {
        let root = history.current();
        let threads = self.config.threads.max(1);
        if !self.config.reuse || self.trees.len() != threads {
            self.trees = (0..threads)
                .map(|i| {
                    Tree::new(
                        root.clone(),
                        self.config.seed.wrapping_add(i as u64 * 0x9E37),
                    )
                })
                .collect();
        } else {
            for t in &mut self.trees {
                t.reroot(root);
            }
        }
        let mut base: FxHashMap<u64, u32> = FxHashMap::default();
        if G::repetition_limit().is_some() {
            for p in history.positions() {
                *base.entry(p.repetition_key()).or_insert(0) += 1;
            }
        }
        let deadline = Deadline::new(self.config.budget, limits);
        let config = &self.config;
        // The first tree reports its intervals (its own iterations: with
        // several threads, a part of the whole search).
        let started = Instant::now();
        let mut report = |t: &Tree<G>, iterations: u64| {
            if let (Some(p), Some(line)) =
                (&limits.progress, t.info_line(iterations, started.elapsed()))
            {
                p.set(line);
            }
        };
        let mut wanted: Option<&mut Reporter<'_, G>> = if limits.progress.is_some() {
            Some(&mut report)
        } else {
            None
        };
        let iterations: u64 = if threads == 1 {
            self.trees[0].search(config, &deadline, &base, wanted)
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = self
                    .trees
                    .iter_mut()
                    .map(|t| {
                        let (deadline, base) = (&deadline, &base);
                        let mine = wanted.take();
                        s.spawn(move || t.search(config, deadline, base, mine))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("search thread"))
                    .sum()
            })
        };
        let report = self.choose(iterations);
        self.last = Some(report.clone());
        report
    }

    fn choose(&mut self, iterations: u64) -> MctsReport<G::Move> {
        // Sum the root children of every tree by move.
        let mut stats: Vec<(G::Move, u64, f64, Proof)> = Vec::new();
        let mut root_proof = Proof::Unknown;
        for t in &self.trees {
            if t.nodes[0].proof != Proof::Unknown {
                root_proof = t.nodes[0].proof;
            }
            for c in t.children(0) {
                let n = &t.nodes[c];
                let mv = n.mv.expect("child has a move");
                match stats.iter_mut().find(|s| s.0 == mv) {
                    Some(s) => {
                        s.1 += u64::from(n.visits);
                        s.2 += n.reward;
                        if n.proof != Proof::Unknown {
                            s.3 = n.proof;
                        }
                    }
                    None => stats.push((mv, u64::from(n.visits), n.reward, n.proof)),
                }
            }
        }
        if stats.is_empty() {
            // Not even expanded (tiny budget): expand the first tree's root now.
            let t = &mut self.trees[0];
            let root = t.root.clone();
            t.expand(0, &root, usize::MAX);
            let mv = t.nodes[t.children(0).start].mv.expect("a legal move");
            return MctsReport {
                best: mv,
                iterations,
                win_rate: 0.5,
                proved: None,
            };
        }
        let rank = |s: &(G::Move, u64, f64, Proof)| match s.3 {
            Proof::Win => (2, s.1),
            Proof::Unknown => (1, s.1),
            Proof::Loss => (0, s.1),
        };
        let best = *stats.iter().max_by_key(|s| rank(s)).expect("a move");
        let proved = match (root_proof, best.3) {
            (_, Proof::Win) => Some(true),
            (Proof::Win, _) => Some(false),
            _ => None,
        };
        MctsReport {
            best: best.0,
            iterations,
            win_rate: if best.1 > 0 {
                best.2 / best.1 as f64
            } else {
                0.5
            },
            proved,
        }
    }
}

impl<G: Game + Evaluate> Bot<G> for Mcts<G> {
    fn name(&self) -> String {
        let budget = match self.config.budget {
            Budget::Time(d) => format!("ms={}", d.as_millis()),
            Budget::Nodes(n) => format!("iters={n}"),
            Budget::Depth(d) => format!("depth={d}"),
        };
        format!(
            "mcts({budget},c={},threads={})",
            self.config.exploration, self.config.threads
        )
    }

    fn choose(&mut self, history: &History<G>, limits: &Limits) -> G::Move {
        self.search(history, limits).best
    }

    fn new_game(&mut self) {
        self.trees.clear();
    }

    fn info(&self) -> Option<String> {
        let r = self.last.as_ref()?;
        Some(format!(
            "score {} nodes {}",
            score_text(r.proved, r.win_rate),
            r.iterations
        ))
    }
}

/// The first report of a search, in iterations; the next ones double it.
const REPORT_FIRST: u64 = 1000;
/// The longest time between two reports of a search.
const REPORT_EVERY: Duration = Duration::from_secs(1);

/// A result as an engine's `info` says it: `mate 1` / `mate -1` when
/// proved, else the win rate as centipawns (400 · log10(p / (1 - p))).
fn score_text(proved: Option<bool>, win_rate: f64) -> String {
    match proved {
        Some(true) => "mate 1".to_string(),
        Some(false) => "mate -1".to_string(),
        None => {
            let p = win_rate.clamp(0.001, 0.999);
            format!("cp {}", (400.0 * (p / (1.0 - p)).log10()) as i32)
        }
    }
}
