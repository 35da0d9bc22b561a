-- PostgreSQL's form of 0011_end_seq.sql: the same columns and numbering,
-- and the sequence that numbers the ends from now on (it starts after the
-- games already numbered).
ALTER TABLE games ADD COLUMN end_seq BIGINT;
ALTER TABLE games ADD COLUMN ended BIGINT;
UPDATE games SET end_seq = r.n, ended = r.updated
FROM (SELECT id, updated, ROW_NUMBER() OVER (ORDER BY updated, id) AS n
      FROM games WHERE result IS NOT NULL) r
WHERE games.id = r.id;
CREATE UNIQUE INDEX games_end_seq ON games (end_seq);
CREATE SEQUENCE game_end_seq;
SELECT setval('game_end_seq', COALESCE((SELECT MAX(end_seq) FROM games), 0) + 1, false);
