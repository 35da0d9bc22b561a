-- SQLite numbers a game's end from a counter that only grows: one more
-- than the highest number in use would give a reopened game's number (an
-- undo after the end) to the next end, which is then not later than every
-- end before it. (PostgreSQL's sequence only grows: 0015_end_counter.pg.sql.)
CREATE TABLE end_counter (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    n BIGINT NOT NULL
);
INSERT INTO end_counter (id, n) SELECT 1, COALESCE(MAX(end_seq), 0) FROM games;
