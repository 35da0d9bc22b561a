-- SQLite numbers a game's end inside the transaction that writes it (one
-- writer at a time): it needs no sequence (PostgreSQL's is in
-- 0012_end_sequence.pg.sql).
SELECT 1;
