-- Rematches and the two-game match: the seat offering a rematch, the game
-- that follows this one, the game this one follows, and the game's number
-- (1 or 2) in a two-game match.
ALTER TABLE games ADD COLUMN rematch_offer BIGINT;
ALTER TABLE games ADD COLUMN next_game TEXT;
ALTER TABLE games ADD COLUMN prev_game TEXT;
ALTER TABLE games ADD COLUMN match_game BIGINT;
