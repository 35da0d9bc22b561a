-- Clocks: the time control (`5+3`, `3d`; none for an untimed game), each
-- seat's time left in ms (for the seat to move: as its turn began), and
-- the deadline (ms since 1970) when the seat to move runs out, while the
-- clocks run. The deadline is what the server keeps: a restart or another
-- process reads it back, so no time is lost or given.
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN time0 BIGINT;
ALTER TABLE games ADD COLUMN time1 BIGINT;
ALTER TABLE games ADD COLUMN deadline BIGINT;
CREATE INDEX games_deadline ON games (deadline);
