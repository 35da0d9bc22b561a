// A tournament's games (issue #45): the tournament page marks the game it
// sends a player to (in this tab's session storage), and the game's page,
// seeing that game end, goes back to the tournament a moment later, where
// the next pairing sends the player on (as lichess's tournament games do).

/** How long the ended game stays on screen before going back. */
const BACK_MS = 1500;

const key = (game) => `tablero.tournament.${game}`;

/** Marks `game` as tournament `tournament`'s, for this tab. */
export function markTournamentGame(game, tournament) {
  try { sessionStorage.setItem(key(game), tournament); } catch { /* private mode: no way back */ }
}

/** When `game` is a tournament's (marked in this tab), goes back to the
 * tournament's page after [`BACK_MS`] if the reader is still on the game. */
export function backToTournament(game, navigate) {
  let tournament = null;
  try { tournament = sessionStorage.getItem(key(game)); } catch { /* none */ }
  if (!tournament) return;
  const here = location.pathname;
  setTimeout(() => {
    if (location.pathname === here) navigate(`/tournament/${encodeURIComponent(tournament)}`);
  }, BACK_MS);
}
