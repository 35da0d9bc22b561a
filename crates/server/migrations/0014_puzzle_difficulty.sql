-- Puzzle ratings that behave (#46): a puzzle's difficulty is a Glicko-2
-- rating recalibrated from players' answers (tablero_ai::puzzles::rating).
-- `rating`/`deviation`/`volatility` are NULL until the first answer that
-- moves it (then `difficulty` is kept as the rounded rating, the column
-- puzzles are picked by); `tries` counts those answers and is the
-- compare-and-set key of an update. `puzzle_ratings` and
-- `puzzle_attempts` now also hold browsers (key `browser:` and the
-- SHA-256 of the browser's cookie) besides accounts.
ALTER TABLE puzzles ADD COLUMN rating DOUBLE PRECISION;
ALTER TABLE puzzles ADD COLUMN deviation DOUBLE PRECISION;
ALTER TABLE puzzles ADD COLUMN volatility DOUBLE PRECISION;
ALTER TABLE puzzles ADD COLUMN tries BIGINT NOT NULL DEFAULT 0;
