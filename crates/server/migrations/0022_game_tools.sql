-- In-game tools (issues #44 and #49): a standing takeback offer, kept with
-- the game as its draw offer is (the seat that offers to take back its
-- last turn; it lapses when anyone moves), and each player's private
-- notes on a game, one text per seat, read and written only by whoever
-- holds that seat (the seat's token, or the account it is bound to).
ALTER TABLE games ADD COLUMN takeback_offer BIGINT;
CREATE TABLE game_notes (
    game_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    body TEXT NOT NULL,
    updated BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
