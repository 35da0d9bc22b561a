-- Conditional moves (issue #49; docs/rulings.md, "Conditional moves"):
-- one tree of lines per seat of a correspondence game ("if they play X, I
-- answer Y", JSON: [{"if", "then", "next": [...]}]), kept privately for
-- the seat's holder, with the position it starts from: its ply (the
-- opponent to move) and the last move before it. Taken (deleted) by the
-- process that commits the opponent's move, once.
CREATE TABLE conditional_moves (
    game_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    ply BIGINT NOT NULL,
    last_move TEXT,
    lines TEXT NOT NULL,
    updated BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
