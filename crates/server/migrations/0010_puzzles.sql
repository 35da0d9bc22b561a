-- Puzzles (see src/puzzles.rs). `puzzles` holds each proven puzzle as its
-- JSON line (`tablero_ai::puzzles::Puzzle`, the answer and proof with it),
-- with the columns it is picked by. `puzzle_ratings` is each account's
-- Glicko-2 puzzle rating, with the number of rated tries that made it (the
-- compare-and-set key of an update). `puzzle_attempts`: the puzzles an
-- account has tried; only the first try of a puzzle is rated.
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    line TEXT NOT NULL,
    difficulty BIGINT NOT NULL,
    theme TEXT NOT NULL,
    created BIGINT NOT NULL
);
CREATE INDEX puzzles_game ON puzzles (game, difficulty);
CREATE TABLE puzzle_ratings (
    account TEXT PRIMARY KEY,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    updated BIGINT NOT NULL
);
CREATE TABLE puzzle_attempts (
    account TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (account, puzzle)
);
