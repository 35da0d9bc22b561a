-- The end of a game (see src/games/end.rs): `end_seq` numbers the games in
-- the order they ended, strictly increasing, written in the transaction
-- that ends the game (SQLite: one more than the highest, inside that
-- transaction; PostgreSQL: the sequence of 0012); `ended` is when (ms
-- since 1970). NULL while a game is played (an undo that takes an end
-- back clears them). The games that ended before this migration are
-- numbered in the order of their last change.
ALTER TABLE games ADD COLUMN end_seq BIGINT;
ALTER TABLE games ADD COLUMN ended BIGINT;
UPDATE games SET end_seq = r.n, ended = r.updated
FROM (SELECT id, updated, ROW_NUMBER() OVER (ORDER BY updated, id) AS n
      FROM games WHERE result IS NOT NULL) r
WHERE games.id = r.id;
CREATE UNIQUE INDEX games_end_seq ON games (end_seq);
