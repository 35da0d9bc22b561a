-- PostgreSQL numbers the games' ends with a sequence (several processes
-- write at once), starting after the games 0011 numbered.
CREATE SEQUENCE game_end_seq;
SELECT setval('game_end_seq', COALESCE((SELECT MAX(end_seq) FROM games), 0) + 1, false);
