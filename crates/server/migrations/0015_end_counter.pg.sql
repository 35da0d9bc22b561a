-- PostgreSQL numbers ends from the sequence game_end_seq (0012), which
-- only grows: SQLite's counter (0015_end_counter.sql) is not needed.
SELECT 1;
