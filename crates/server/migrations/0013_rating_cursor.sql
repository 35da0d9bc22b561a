-- The ratings' cursor (see src/ratings): the end sequence
-- (`games.end_seq`) up to which every ended game has been rated or passed
-- over. The ratings concern rates the rated games strictly in the order
-- they ended: each rating's transaction first moves the cursor from the
-- end before to the game's own (compare and set), so two processes never
-- rate a game twice and a later game is never rated before an earlier
-- one. One row (`id` 1). It starts before the first rated game that
-- ended and is not yet rated, else after every game that ended.
CREATE TABLE rating_cursor (
    id BIGINT PRIMARY KEY,
    end_seq BIGINT NOT NULL
);
INSERT INTO rating_cursor (id, end_seq)
SELECT 1, COALESCE(
    (SELECT MIN(g.end_seq) - 1 FROM games g
     WHERE g.rated IS NOT NULL AND g.end_seq IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = g.id)),
    (SELECT MAX(end_seq) FROM games),
    0);
