# The terminal's strings in English (crates/cli/src/i18n.rs formats them with
# fluent-bundle). Every message here has one of the same id in ../es/cli.ftl:
# the catalogue test (crates/cli/tests/i18n.rs) checks it. See docs/i18n.md.

## The command line

error-prefix = error: { $error }
opt-lang = The language of the texts: en or es [default: from LC_ALL, LC_MESSAGES or LANG]
bad-variant = bad variant for { $game }: { $error }
bad-position = bad position { $position }: { $error }
cannot-read-file = cannot read { $path }
cannot-read-record = cannot read the record { $path }
unknown-player = unknown player { $text }: use p1, p2, { $first } or { $second }
bad-player = { $error }; or human
match-no-position = --match plays two games from the start position; --position and --moves do not apply

## A variant's name in a title (docs/cli.md): the words the games write,
## in the language in use; a layout or a rule set's cards stay as written.

variant-label = { $variant }

## A side in a sentence: its grammatical number for the languages that
## agree with it (docs/i18n.md); in English every side is one.

side-number = one

## tablero play --help

play-about = Play a game in the terminal.
play-long-about =
    Play a game in the terminal.

    On a terminal the game is full screen: the board redrawn in place with the last move marked, the move list, the players, the computer thinking while the screen stays live; type a move or choose one with the arrow keys, then Enter; F1 lists the keys. Elsewhere (a pipe, a script), or with --plain, the game goes line by line: type a move in the game's notation (or its number in the list) at the prompt; `help` lists the other commands (undo, claim, resign, draw, quit).
play-opt-game = The game.
play-opt-variant = { opt-variant }
play-opt-p1 = Who plays player one (Imago, Linja: Red; Jarmo: Dark; Super Dimensiones: South): human, ai:1 to ai:5, random, solver, or a search spec such as mcts:ms=500 or ab:depth=4 [default: human, or the record's player when resuming with --moves @FILE].
play-opt-p2 = Who plays player two (Imago: Blue; Jarmo: Light; Linja: Black; Super Dimensiones: North); the same choices [default: ai:3, or the record's player when resuming].
play-opt-first = Who moves first: p1, p2, a colour name, or random.
play-opt-seed = Seed for the computer's random choices (default: from the clock).
play-opt-record = Save the game record to FILE after every move (written whole to a temporary file and renamed, so an interrupted game keeps every move played).
play-opt-no-color = Draw without colours (also when NO_COLOR is set or output is not a terminal).
play-opt-no-review = No review at the end (by default a finished game with a person at the board is reviewed: the moves worth a look, where the result slipped, each side's accuracy).
play-opt-plain = Play line by line (a prompt, then the board printed again after each move) even on a terminal: for scripts, pipes and screen readers.
play-opt-match = Play a match of two games (Jarmo's rule 11): in the second game the players swap seats and the points of both games add up. With --record FILE, game N is saved to FILE.N.
play-opt-layout = Imago layout file (the same as `--variant @FILE`).
play-opt-position = Start from this position string instead of the start position.
play-opt-moves = Moves to play first, in the game's notation, separated by commas; `@FILE` reads the moves of a saved record (or a plain move list).
play-opt-table = A table of exact values, Linja's (`tablero solve linja --build-table`) or a Super Dimensiones endgame table (`tablero solve dimensiones --build-table`), mapped into memory: level 5, `solver`, hints and reviews then play and show exact values wherever it covers the position. Give it once per rule set; `none` uses no table [default: the tables found in $XDG_DATA_HOME/tablero or ~/.local/share/tablero, named linja-publisher.tbl, linja-seed.tbl and dimensiones-M-C-N-W-R.tbl (the rule set's cards)].
specs-help =
    Player specs (WHO, SPEC):
      human                       a person at this terminal (play only)
      random                      uniformly random legal moves
      ai:1 ... ai:5               the game's levels, weakest to strongest (docs/ai.md)
      solver                      the exact player (Imago)
      hint                        the hint player: the solver where the game is solved, else ai:5
      mcts[:iters=N,ms=N,c=X,threads=N,cutoff=N,reuse=0/1]
                                  Monte Carlo tree search (default 1000 iterations, c 1.0)
      ab[:depth=N,ms=N,nodes=N,threads=N,q=0/1,focus=0/1]
                                  alpha-beta (default depth 4, one thread, quiescence
                                  and focus on)
      ugi:COMMAND                 an external engine speaking UGI (match only), e.g.
                                  "ugi:tablero engine dimensiones --player ab:ms=200"
    Example: --p2 mcts:ms=500,threads=2

## The game, line by line

play-help =
    Commands at the prompt:
      <move>       play a move in the game's notation, e.g. b2-c2 g5
      <number>     play the move with that number in the list
      moves        list the legal moves again
      undo         take back your last move (and the computer's reply); only
                   against the computer
      claim        claim a win (Imago's "Jacke"): won when the solver proves it,
                   lost when it does not
      resign       give up the game
      draw         offer a draw: a computer answers at once (Imago's levels 4 and 5
                   accept when they see no win of their own; others decline); at
                   the same terminal the other player is asked at once
      go           let the computer move, after `undo` took back its first move
      help         this text
      quit         stop (the record is saved if --record was given)
    The Spanish words work too: jugadas, deshacer, reclamar, rendirse, tablas, sigue, ayuda, salir.
play-keys =
    Keys of the full-screen game (the words above work too):
      Enter        play the move typed (cells in any case) or chosen
      Up/Down      choose among the legal moves (those starting with what was typed)
      F1 or ?      help          F2  hint (the solver's move where the game is solved, else level 5's)
      F3           undo          F4  offer a draw (y/n answers one)
      F5           claim         F6  resign
      F7           flip the board (rows the other way)
      Esc          clear the line; leave a finished game
      F10, Ctrl-C, Ctrl-D  leave (the record keeps every move)
to-move = { $side } to move. Legal moves:
to-move-army = { $side } ({ $army }) to move. Legal moves:
line-too-long = That line is { $len } bytes long; a command is at most { $max }.
line-not-utf8 = That line is not valid UTF-8 text; type it again.
cannot-read = cannot read the input: { $error }
offers-draw = { $side } offers a draw. { $other }, type `draw` to accept; anything else declines:{ " " }
declines-draw = { $side } declines the draw.
computer-accepts-draw = { $side } ({ $spec }) accepts the draw.
computer-declines-draw = { $side } ({ $spec }) declines the draw.
computer-paused = { $side } ({ $spec }) is to move: type `go` (or press Enter) to let it move.
paused-other = { $text }: type `go`, or `quit` to leave.
wins = { $side } wins
draw = Draw
result = { $result } ({ $why }). Score { $score }.
computer-claims = { $side } ({ $spec }) claims the win: { $claim }.
computer-plays = { $side } ({ $spec }) plays { $mv }
claim-word = claim
move-taken-back = Move taken back.
back-to-start = Back to the start.
no-move-number = There is no move number { $n }; the list has { $count }.
bad-move = { $error }. Type `moves` for the legal moves or `help` for commands.
record-saved = Record saved to { $path }.
unfinished = Game left unfinished.
interrupted = Interrupted.
interrupted-record = Interrupted. The record { $path } holds every move played.
no-interrupt-handler = warning: Ctrl-C will not be announced: { $error }
points = { $n ->
    [one] { $n } point
   *[other] { $n } points
}

## The two-game match

match-header = Match, game { $game } of 2: { $a } plays { $sidea }, { $b } plays { $sideb }.
match-unfinished = Match left unfinished in game { $game }.
match-game-points = Game { $game }: { $person } ({ $name }, { $side }) { $points }.
match-total = Total for { $person }: { $first } + { $second } = { $points }.
match-wins = { $person } wins the match.
match-drawn = The match is drawn.

## What ended a game

reason-goal = a piece reached its goal
reason-claim = { $claim }: the win was proved
reason-false-claim = { $claim } not proved: a false claim loses
reason-repetition = the same position occurred three times
reason-no-moves = neither player could move
reason-all-arrived = a side has all its archers on the enemy's first row
reason-move-cap = the move cap was reached
reason-passed = the two sides have passed each other
reason-resign = resignation
reason-agreed = agreed
reason-time = on time
reason-forfeit = by forfeit
reason-aborted = the game was called off
reason-subgames = both sub-games are decided
reason-no-archers = { $side } has no archers left
reason-no-archers-both = neither side has archers left

## The boards

army-red = Red
army-blue = Blue
army-aqua = Aqua
army-orange = Orange
# The pieces' letters in the drawings (the first character counts).
letter-draughts-white = w
letter-draughts-black = b
letter-imago-red = R
letter-imago-blue = B
letter-jarmo-dark = d
letter-jarmo-light = l
letter-linja-red = R
letter-linja-black = B
letter-dim-red = r
letter-dim-blue = b
letter-dim-aqua = a
letter-dim-orange = o
legend-imago =
    { $red }: Red, heading right to its goals [{ $red_goal }] (h1, h6).  { $blue }: Blue, heading left to [{ $blue_goal }] (a1, a6).
    Walls are drawn ┃ and ━. A move is your step and the opponent piece you push the opposite way: `b2-c2 g5`.
legend-jarmo-pieces = { $dark }, { $light }: a Dark, Light archer; { $dark_marked }, { $light_marked }: a marked archer (it has captured). Archers move along the lines:
legend-jarmo-moves = Moves: `b1-d2`, a capture `b1xd2`, with a return of a lost archer `c2-e3+b1`, `pass`.
legend-linja =
    { $red }: Red, moving up from row 0 to row 7.  { $black }: Black, moving down from row 7 to row 0.
    A move names rows: first move, following move, extra turn after `;`, e.g. `0-1 3-5` or `2-1 5-2; 1-0 1-0`.
legend-dimensiones =
    South plays Red ({ $red }) and Aqua ({ $aqua }), North plays Blue ({ $blue }) and Orange ({ $orange }); capitals are kings.
    Red faces Blue and Aqua faces Orange. Moves: W (diagonal) `b2-c3`, E (orthogonal) `c2-c3`;
    captures `a1xc3xe5` (W) or `c2xc4xc6` (E); huff penalties `c3-d4!b2`.
legend-draughts = { $first_letter }: { $first } (player one, moving up), { $second_letter }: { $second }; capitals are kings. Moves: `c3-d4`, captures `d4xf6xd8`.
linja-for = { $points } for { $side }
linja-start-red = Red's start, Black's goal: 5 for Black
linja-start-black = Black's start, Red's goal: 5 for Red
linja-full = (full)
linja-scores = Red { $red }, Black { $black } as it stands.
jarmo-first-row = { $side }'s first row, { $other }'s goal
jarmo-side-line = { $side }: { $board } on the board, { $lost } lost, { $owed ->
    [one] { $owed } return owed
   *[other] { $owed } returns owed
}, { $points } as it stands
jarmo-quiet = Moves without a capture: { $n }/{ $max }
jarmo-shuttle = No shuttling: { $side } may not play { $mv } now
dim-open = open
dim-won = won by { $side }
dim-drawn = drawn
dim-status = { $variant } · Red–Blue { $first } · Aqua–Orange { $second } · { $n } plies without capture or man move
dim-signal = The signal token ● is on { $army }: { $army } moves.

## The full-screen game

tui-save-failed = The record cannot be saved: { $error }
tui-choose-only = choose the only legal one
tui-choose-one = choose one of the { $n }
tui-no-hint-failed = No hint: its search failed.
tui-computer-failed = The computer player failed; the record keeps every move.
tui-computer-refused = The computer's move { $mv } was refused: { $error }
tui-hint = Hint: { $mv }. Enter plays it.
tui-no-hint-game = No hint in this game.
tui-looking = Looking for a hint...
tui-no-legal = No legal move here.
tui-no-legal-start = No legal move starts with { $text }.
tui-flipped = The board is turned over.
tui-wait = Wait: the computer is thinking.
tui-no-person = No person plays here; watch, or F10 to leave.
tui-legal-moves = Legal moves: { $moves }
tui-hint-person = A hint is for the person to move.
tui-taken-back = { $n ->
    [one] { $n } move taken back.
   *[other] { $n } moves taken back.
}
tui-no-number = There is no move number { $n }; the list (`moves`) has { $count }.
tui-not-your-turn = It is not your turn.
tui-key-help = F1 help
tui-key-hint = F2 hint
tui-key-undo = F3 undo
tui-key-draw = F4 draw
tui-key-claim = F5 claim
tui-key-resign = F6 resign
tui-key-flip = F7 flip
tui-key-quit = F10 quit
tui-key-choose = ↑↓ Enter
tui-key-leave = Enter or Esc leaves
tui-help-intro =
    Type a move in the game's notation (capitals are read as small letters) or its
    number, then Enter; or choose one of the legal moves with ↑↓ (← → and Tab too;
    what you typed first narrows the choice) and press Enter.
tui-help-line-help = F1 or ?  this help
tui-help-line-hint = F2       a hint: the exact player's move or level 5's
tui-help-line-undo = F3       undo (against the computer: back to your last turn)
tui-help-line-draw = F4       offer a draw
tui-help-line-claim = F5       claim the win ({ $claim })
tui-help-line-resign = F6       resign (asks first: y or F6 again)
tui-help-line-flip = F7       turn the board over
tui-help-line-quit = F10, Ctrl-C or Ctrl-D  leave (the record is kept)
tui-help-line-esc = Esc      clear the move line
tui-help-line-leave = Enter or Esc  leave the finished game
tui-help-words = The words { $words } work too.
tui-word = { $command }
tui-too-small = This terminal ({ $width }x{ $height }) is too small for the board, which needs { $need_width }x{ $need_height } at least. Make the window bigger, or play line by line with --plain. F10 leaves.
tui-none = none
tui-hint-word = hint
tui-thinking-word = thinking
tui-last-search = last search: { $info }
tui-captured = Pieces lost: { $list }
tui-moves = Moves
tui-enter-leaves = { $result } Enter or Esc leaves.
tui-person-to-move = { $side } to move: type a move or { $choose } with ↑↓, then Enter.
tui-paused = { $side } ({ $name }) to move: Enter (or `go`) lets it move.
tui-computer-to-move = { $side } ({ $name }) to move.
tui-played = { $side } ({ $name }) played { $mv }. { $prompt }
tui-claims = { $side } ({ $name }) claims the win: { $claim }. { $prompt }
tui-accepts-draw = { $side } accepts the draw. { $prompt }
tui-declines-draw = { $side } declines the draw. { $prompt }
tui-resigns = { $side } resigns.
tui-offers-draw = { $side } offers a draw. { $other }: y accepts, any other key declines.
tui-pick = { $i }/{ $n }, ↑↓ to choose
tui-help-title = Help
tui-help-close = Any key closes this help.

## tablero moves (the text form; --json stays as it is)

moves-position = position: { $position }
moves-side = side:     { $side }
moves-side-army = side:     { $side } ({ $army })
moves-outcome = outcome:  { $result } ({ $why }), score { $score }
moves-no-outcome = outcome:  none (the game goes on)
moves-legal = legal moves ({ $n }):

## The full-screen game: a move that is not legal (`why` is the game's reason, in English)

tui-bad-move = { $why }

## The two-game match in full screen

tui-match-game = Game { $game } of 2
tui-match-total = After game 1: A { $a }, B { $b }
tui-match-game-over = Game { $game } is over
tui-match-next = Any key starts game 2 (F10 leaves the match).
tui-match-over = The match is over
tui-match-leave = Any key leaves.

## Every command's --help (i18n::localize_help): X-about, X-opt-NAME, else opt-NAME

tablero-about = Play, study and test two-player abstract games (each command lists them): terminal games, perft, solvers, matches, a UGI engine, a web app and a print-and-play kit.
opt-game = The game.
opt-variant = The variant: Imago `default` or a layout text; Jarmo `standard` or `flipped`; Linja `publisher` or `seed`; Super Dimensiones five cards like `I-C-A-W-R` (`+huff` appended for that option); draughts `russian`, `turkish` or `english`; `@FILE` reads it from a file.
opt-layout = Imago layout file (the same as `--variant @FILE`).
opt-position = Start from this position string instead of the start position.
opt-moves = Moves to play first, in the game's notation, separated by commas; `@FILE` reads the moves of a saved record (or a plain move list).
opt-table = { play-opt-table }
serve-about = Serve the web app: play every game in the browser.
serve-opt-port = The port (0: any free port, printed at start).
serve-opt-host = The address to listen on.
serve-opt-database = A SQLite file, or a PostgreSQL URL (`postgres://user@host/db`).
serve-opt-rate = Requests per second allowed from one address (bursts of twice that); 0: no limit.
serve-opt-max-connections = Connections open at once, WebSockets included (also kept under the open-file limit); more are answered 503.
serve-opt-max-connections-per-address = Connections open at once from one address; more are answered 429. 0: no cap. A trusted proxy (`--trusted-proxy`) has none.
serve-opt-solves-per-minute = Solves of new Imago layouts (`POST /api/imago/solve`) one address may ask for per minute; 0: no limit.
serve-opt-trusted-proxy = A reverse proxy in front (may be repeated): for connections from this address the client's address is the last one of `X-Forwarded-For`, and every per-address limit counts it. Default: none, the header is believed from nobody.
perft-about = Count the move paths of each length from a position (move generator check).
perft-opt-depth = Deepest length counted; every depth from 1 is printed.
perft-opt-divide = Print the count below each first move at the deepest length instead.
perft-opt-json = Print JSON: `[{ "{" }"depth": 1, "nodes": 12, "seconds": 0.0{ "}" }, ...]`.
perft-opt-threads = Threads counting at once (the positions two plies from the root are shared out among them).
moves-about = Show a position, its side to move, its result and its legal moves.
moves-opt-json = Print JSON: `{ "{" }"position", "side", "army", "outcome", "legal"{ "}" }`.
solve-about = Solve a game exactly, where tablero has an exact solver (see `solve --help`).
solve-opt-json = Print JSON: Imago `positions`, `wins`, `losses`, `draws`, `start` (with --position/--moves: `position`, `value`, `moves`); Linja `score_diff`, `best_move`, `positions`, `seconds`; Super Dimensiones `position`, `exact`, `subgame`, `margin`, `best_moves`, `moves` (with --build-table: `rules`, `pieces`, `entries`, `bands`, `checksum`, `seconds`).
solve-opt-max-positions = Linja: give up once the search has stored this many positions [default: 20000000, a few gigabytes at most; the start is far beyond].
solve-opt-build-table = Linja: build the table of every position's value into FILE; Super Dimensiones: the endgame table of the sub-game (rule sets with cards M and W, --variant, default M-C-N-W-R). A build found there is resumed.
solve-opt-table = Linja, Super Dimensiones: answer from this table instead of searching.
solve-opt-verify = Linja, Super Dimensiones: check the table given by --table (checksum, and every value equal to its best successor's).
solve-opt-rules = Linja: the rules of --build-table, `publisher` or `seed` (the same as --variant).
solve-opt-free = Linja: pieces per side off the goal line that --build-table covers (12: every position; fewer: a small closed part of the game).
solve-opt-threads = Linja, Super Dimensiones: worker threads of --build-table and --verify (default: the cores).
solve-opt-pieces = Super Dimensiones: the most pieces (both armies) of the positions --build-table covers (8: the whole table; 2 to 12).
solve-dimensiones-needs-table = Super Dimensiones is solved from its endgame tables: give --table FILE (built with --build-table FILE)
solve-dimensiones-no-subgame = the rule set { $rules } has no endgame table: the tables are of the sub-game of the rule sets with cards M and W, without +huff
solve-dimensiones-table = { $path } ({ $rules }, { $pieces } pieces at most)
solve-dimensiones-not-covered = the table does not cover this position (more than { $pieces } pieces in the sub-game)
solve-dimensiones-subgame = { $value } (with { $left } plies left before the move cap)
solve-dimensiones-subgame-alone = { $value } for { $army }, the sub-game alone (both sub-games are open: not exact for the whole game)
solve-subgame-win = sub-game won
solve-subgame-draw = sub-game drawn
solve-subgame-loss = sub-game lost
solve-slice = slice { $slice } ({ $done }/{ $slices } done)
solve-resumed-slices = resumed after { $done } of { $slices } slices
field-subgame = sub-game
bench-about = Measure random playouts per second from the start position.
bench-opt-variant = The variant (see `tablero perft --help`); `@FILE` reads a file.
bench-opt-seconds = How long to play, in seconds.
bench-opt-threads = Threads playing at once.
bench-opt-seed = Seed of the first thread's random moves.
bench-opt-json = Print JSON: `{ "{" }"playouts", "moves", "seconds", "playouts_per_s", "moves_per_s"{ "}" }`.
match-about = Play a match between two computer players, with Elo and SPRT.
match-after-help = { specs-help }
match-opt-variant = { bench-opt-variant }
match-opt-a = Player A: `random`; `ai:1` to `ai:5` (the levels of `tablero play`); `solver` (Imago: perfect play); `mcts[:iters=N,ms=N,c=X,threads=N,cutoff=N]` (Monte Carlo tree search); `ab[:depth=N,ms=N,nodes=N,threads=N,q=0|1,focus=0|1]` (alpha-beta search). Example: `--a mcts:ms=500 --b ab:depth=4`.
match-opt-b = Player B: a SPEC as for --a.
match-opt-games = Games to play (rounded up to an even number).
match-opt-concurrency = Games played at the same time.
match-opt-sprt = Stop when the sequential probability ratio test between Elo ELO0 and ELO1 decides (α = β = 0.05).
match-opt-openings = Random plies played before each pair of games.
match-opt-seed = Seed of the openings and the players.
match-opt-records = Save each game's record in DIR as `game-001.txt`, `game-002.txt`, ... (created if missing), with the players' specs as tags.
match-opt-json = Print JSON: games, a_wins, b_wins, draws, score, elo, elo_low, elo_high, sprt (and interrupted: true after Ctrl-C); the lines of each game go to standard error then.
engine-about = Speak the UGI engine protocol on standard input and output.
engine-after-help = { specs-help }
engine-opt-game = The game to start with (`setoption name game value ...` changes it).
engine-opt-variant = The variant to start with.
engine-opt-player = The computer player that answers `go` (a spec as in `tablero match`).
lab-about = The designer's lab: survey variants for balance, decisiveness and depth.
lab-opt-game = The game, or `worker` to play units queued in --database.
lab-opt-database = A PostgreSQL database holding the work queue and the results.
lab-opt-variants = The variants: `all`, or a comma-separated list (default: the game's default variant).
lab-opt-variant = One more variant (repeatable; for texts with commas, like Imago layouts); `@FILE` reads it from a file.
lab-opt-level = Both players at this level (1-5).
lab-opt-players = Two player specs A,B (as in `tablero match`): A plays first in the first game of each pair.
lab-opt-ladder = The skill ladder: each level against the next one up, per variant.
lab-opt-games = Games per variant (and per ladder rung), rounded up to pairs.
lab-opt-openings = Random plies before each pair of games.
lab-opt-seed = The survey's seed.
lab-opt-report = The report folder (default `lab-GAME`); it also holds the saved results the survey resumes from.
lab-opt-threads = Threads playing games (default: every core).
lab-opt-json = Print one JSON value with every figure.
lab-opt-search-layouts = Imago: search wall layouts with the default start cells.
lab-opt-walls = Imago: walls per layout in the search.
lab-opt-symmetric = Imago: only layouts that are their own mirror image (fair to both colours).
lab-opt-max-layouts = Imago: the most layouts the search solves; beyond, it samples.
lab-opt-top = Imago: layouts kept in the search's ranking.
print-about = Write a game's print-and-play kit (board, pieces, cards, rules) as PDF or SVG.
print-opt-variant = The variant (Imago: a layout text; `@FILE` reads it from a file).
print-opt-paper = Paper: `a4` or `letter`.
print-opt-output = The file to write: `.pdf` or `.svg` (every page, one below the other).

## clap's own words (used in Spanish; English keeps clap's)

clap-usage = Usage:
clap-arguments = Arguments:
clap-options = Options:
clap-commands = Commands:
clap-options-placeholder = [OPTIONS]
clap-command-placeholder = <COMMAND>
clap-help = Print help
clap-help-more = Print help (see more with '--help')
clap-help-summary = Print help (see a summary with '-h')
clap-version = Print version
clap-help-command = Print this message or the help of the given subcommand(s)
clap-aliases = aliases: { $list }
clap-default = default: { $value }
clap-possible = possible values: { $list }
clap-possible-heading = Possible values:
clap-error-unknown = unexpected argument '{ $arg }' found
clap-error-subcommand = unrecognized subcommand '{ $name }'
clap-error-value = invalid value '{ $value }' for '{ $arg }'
clap-error-missing = the following required arguments were not provided: { $args }
clap-error-conflict = the argument '{ $arg }' cannot be used with '{ $other }'
clap-error-no-subcommand = a command is required
clap-error-count = wrong number of values for '{ $arg }'
clap-error-other = the command line is not valid
clap-error-tip = tip: a similar one exists: '{ $arg }'
clap-error-more = For more information, try '--help'.
value-game = GAME
value-file = FILE
value-who = WHO
value-list = LIST
value-dir = DIR
value-lang = LANG
value-path_or_url = PATH_OR_URL
value-port = PORT
value-host = HOST
value-first = FIRST
value-seed = SEED
value-depth = DEPTH
value-threads = THREADS
value-seconds = SECONDS
value-games = GAMES
value-concurrency = CONCURRENCY
value-openings = OPENINGS

## A search's info line as the full-screen game shows it (the engine protocol keeps its words)

search-depth = depth
search-score = score
search-nodes = nodes
search-mate = mate
search-pv = line
value-game-worker = GAME|worker

## Help of the lab's exact Linja and of serve --lab

serve-opt-lab = A folder of `tablero lab` reports (or one report) to show at /lab, read-only; surveys still running there show their progress live.
serve-opt-smtp = Send email notices of correspondence games through this SMTP server (`smtp://host:25`, `smtps://user:password@host`); without it no mail is sent.
serve-opt-smtp-from = The sender of the notices.
serve-opt-public-url = The server's address as players reach it, for the links in mails (default: the address it listens on).
serve-opt-mail-quiet = The least time between two notices to one address, in seconds.
serve-opt-tournaments = Site tournaments: a schedule (JSON, docs/deploy.md "Site tournaments"), each slot's tournament made once, ahead of its start.
lab-opt-exact = Linja, Super Dimensiones: answer from endgame tables instead of playing games (`--table FILE`, or `--free K` for Linja, `--pieces K` for Super Dimensiones).
lab-opt-free = Linja's exact lab: build (or reuse) a table of K free pieces per side in the report folder, for the rules of --variants (default publisher).

## What solve, lab, match, bench and perft print (labels are padded after translation; --json stays English)

field-position = position
field-score-diff = score diff
field-best-move = best move
field-best-moves = best moves
field-positions = positions
field-layout = layout
field-wins = wins
field-losses = losses
field-draws = draws
field-value = value
field-table = table
field-entries = entries
field-checksum = checksum
field-mismatches = mismatches
field-start = start
field-game = game
field-threads = threads
field-playouts = playouts
field-moves = moves
field-seconds = seconds
field-playouts-per-s = playouts/s
field-moves-per-s = moves/s
solve-warning = warning: { $text }
solve-score-diff = { $diff } (for { $side }, the side to move, under perfect play)
solve-no-best-move = none (the game is over)
solve-best-moves = { $best } of { $all }: { $list }
solve-seconds = solved in { $seconds } s
solve-wins = { $n } (for the side to move)
solve-longest-win = longest forced win: { $plies ->
    [one] { $plies } ply
   *[other] { $plies } plies
}
solve-start-label = start, { $side } moves first
solve-value-for = { $value } for { $side }
solve-value-for-mover = { $value } for { $side }, the side to move
solve-value-win = win in { $plies }
solve-value-loss = loss in { $plies }
solve-value-draw = draw
solve-table = { $path } ({ $rules } rules, { $free ->
    [one] { $free } free piece
   *[other] { $free } free pieces
} per side)
solve-resumed = resumed after { $done } of { $layers } layers
solve-table-start = { $value } for the side to move (either colour first); { $keep } of { $all } first moves keep it
solve-built = built in { $seconds } s
solve-checksum-ok = ok
solve-checksum-wrong = WRONG
solve-layer = layer { $layer } ({ $done }/{ $layers } done)
tables-installed = Linja ({ $rules } rules): exact values from { $path }
tables-installed-dimensiones = Super Dimensiones ({ $rules }): endgame table from { $path }
tables-none-serve = Linja: no table of exact values installed, so reviews, hints and level 5 use the endgame solver, which reaches only the last moves of a game; `tablero solve linja --build-table FILE` builds the table (about 20 minutes and 2.5 GB), then `tablero serve --table FILE` (or put it at ~/.local/share/tablero/linja-publisher.tbl) uses it.
bar-games = games
bar-layouts = layouts
bar-entries = entries
lab-survey-done = { $games ->
    [one] { $games } game
   *[other] { $games } games
} of { $game } in { $seconds } s; report: { $path }
lab-survey-resumed = { $games ->
    [one] { $games } game
   *[other] { $games } games
} of { $game }: { $now } played now in { $seconds } s, { $before } from before; report: { $path }
lab-col-variant = variant
lab-col-games = games
lab-col-first-wins = first wins %
lab-col-second-wins = second wins %
lab-col-draws = draws %
lab-col-length = length
lab-col-capped = capped%
lab-col-drama = drama
lab-ladder = ladder { $variant }: { $stronger } v { $weaker }: +{ $wins } ={ $draws } -{ $losses }  score { $score }
lab-worker-played = played { $n ->
    [one] { $n } unit
   *[other] { $n } units
} of the { $game } survey
lab-side-first = { $side } first
lab-first-moves = { $value }; { $losing } of { $moves } first moves lose (soonest { $soonest }, latest { $latest })
lab-shares = positions won/lost/drawn: { $won }% / { $lost }% / { $drawn }%; longest forced win { $plies ->
    [one] { $plies } ply
   *[other] { $plies } plies
}
lab-searched = searched { lab-layouts-searched } in { $seconds } s; best first:
lab-report-written = The report is in { $path }
lab-file = file: { $path }
lab-linja-table = Linja, { $rules } rules, table of { $free ->
    [one] { $free } free piece
   *[other] { $free } free pieces
} per side ({ $path })
lab-linja-positions = positions { $n } ({ $exhaustive ->
    [yes] every one
   *[no] sampled
}): won { $won } %, drawn { $drawn } %, lost { $lost } % for the side to move; mean value { $mean }, largest { $largest }
lab-linja-start = { $side } first from { $position }: { $value } for { $side }; { $losing }/{ $moves } first moves lose (worst { $worst }), { $mistakes } give away points (at most { $drop }); perfect games { $shortest }-{ $longest } turns
lab-report = report: { $path }
match-games = games { $games }: A wins { $a }, draws { $draws }, B wins { $b }
match-score-interval = score { $score }   Elo { $elo } [{ $low }, { $high }] (95 %)
match-score-no-interval = score { $score }   Elo { $elo } (not enough decisive games for an interval)
match-no-elo = n/a
match-sprt = SPRT: { $verdict }
match-start = Match of { $a } (A) against { $b } (B) at { $game } ({ $variant }), { $games } games
match-started = Started game { $game } of { $total } ({ $p1 } vs { $p2 })
match-finished = Finished game { $game } ({ $p1 } vs { $p2 }): { $result }
match-score = Score of { $a } vs { $b }: { $wins } - { $losses } - { $draws }  [{ $score }] { $games }
match-interrupted = Interrupted: { $games ->
    [0] no game finished
    [one] the game finished
   *[other] the { $games } games finished
} so far (a game under way is not counted):
perft-total = total: { $n }
perft-divide-depth = --divide counts below each first move: give --depth 1 or more
rules-publisher = publisher
rules-seed = seed
pdn-only-draughts = { $path }: PDN records are for draughts; { $game } records are saved in the project's format (another name than *.pdn)
io-not-found = no such file or folder
io-permission-denied = permission denied
io-is-a-directory = it is a folder
io-not-text = it is not UTF-8 text
io-address-in-use = the address is already in use
io-address-not-available = the address is not one of this machine's
io-connection-refused = the connection was refused
serve-cannot-listen = cannot listen on { $addr }: { $reason }
serve-bad-mail = cannot send mail: { $reason }
serve-bad-tournaments = cannot read the tournaments schedule { $file }: { $reason }
serve-cannot-open-database = cannot open the database { $database }: { $reason }
serve-database-cannot-open-file = the file cannot be opened or created (does its folder exist?)
opt-games-at-least-one = --games must be at least 1
opt-threads-at-least-one = --threads must be at least 1
bench-seconds-positive = --seconds must be a positive number
print-output-extension = the output file must end in .pdf or .svg
print-written = { $path }: { $pages ->
        [one] { $pages } page
       *[other] { $pages } pages
    }, { $paper ->
        [letter] Letter
       *[other] A4
    }
match-sprt-two = --sprt takes ELO0,ELO1, e.g. 0,50
match-sprt-order = --sprt needs ELO0 < ELO1
lab-search-layouts-exact = --search-layouts is for Imago's exact lab (no --level, --players or --ladder)
lab-exact-linja = --exact is for Linja and Super Dimensiones (Imago's lab is exact without it)
lab-unknown-game = unknown game { $text }: imago, jarmo, linja, dimensiones, draughts or worker
lab-worker-database = a worker needs --database postgres://...
lab-no-survey = no survey is queued in that database
lab-ladder-level = --ladder: { $level } is not a level 1-5
lab-ladder-two = --ladder needs at least two levels, weakest first, e.g. 1,3,5
lab-players-two = --players takes A,B, e.g. ai:2,mcts:iters=500
lab-level-range = --level takes 1 to 5
lab-bad-layout = bad layout: { $error }
lab-walls-range = --walls takes 1 to 12
lab-free-range = --free takes 1 to 12
lab-one-rule-set = the exact lab studies one rule set: --variants publisher or seed
lab-exact-needs-table = --exact needs --table FILE, or --free K (Linja) or --pieces K (Super Dimensiones)
lab-opt-pieces = Super Dimensiones' exact lab: build (or reuse) in the report folder the endgame table of at most K pieces of each rule set of --variants that has one (cards M and W; `all`: the eight).
lab-dimensiones-no-table = none of these rule sets has an endgame table: the tables are of the rule sets with cards M and W, without +huff
lab-dimensiones-study = { $rules }, at most { $pieces } pieces: { $n } positions; not drawn { $decisive } % (equal material { $even } %); decided by play, not by the move cap, { $play } %; longest forced { $longest } plies
cannot-write = cannot write { $path }
cannot-create = cannot create { $path }
serve-no-runtime = cannot start the async runtime
lab-worker-failed = a worker failed
solve-no-solver = tablero has no exact solver for { $game }
solve-beyond-cap = this position is beyond the cap: the search stored { $cap } positions without finishing (raise --max-positions, solve a position nearer the end, or use a table: --build-table/--table)
solve-table-damaged = the table is damaged
table-cannot-open = cannot open the table { $path }: { $error }
table-cannot-build = cannot build the table { $path }: { $error }
table-cannot-verify = cannot check the table { $path }: { $error }
table-cannot-use = --table { $path }: { $error }
cannot-write-stdout = cannot write to standard output: { $error }
lab-cannot-plot = cannot draw a plot: { $error }
lab-bad-variant = bad variant { $variant } for { $game }: { $error }
lab-no-games = the survey has no games to play
lab-cannot-open-store = cannot open the database { $path }
lab-other-survey = this report folder holds another survey ({ $game }, { $variants } variant(s), { $pairs } pair(s), seed { $seed }); use another --report folder or the same options
lab-stored-game = a stored game does not read
lab-stored-survey = the stored survey does not read
bar-eta = ETA
unit-seconds = { $n } s
unit-minutes = { $n } min
unit-hours = { $n } h
unit-days = { $n } d
ugi-no-command = ugi: expected a command after `ugi:`
ugi-cannot-start = ugi: cannot start { $program }: { $error }
ugi-no-pipes = ugi: no pipes to { $program }
ugi-cannot-write = ugi engine { $command }: cannot write: { $error }
ugi-no-answer = ugi engine { $command }: no `{ $word }` within { $seconds } s
ugi-closed = ugi engine { $command }: it closed its output before `{ $word }`
ugi-engine-error = ugi engine { $command }: { $error }
ugi-failed = ugi engine { $command } failed ({ $error }); the first legal move is played for it
lab-study-failed = cannot study the table { $path }: { $error }
lab-report-title = tablero lab: { $game }
lab-report-intro = { $games } { $games ->
        [one] game
       *[other] games
    }; { $pairs } { $pairs ->
        [one] colour-swapped pair
       *[other] colour-swapped pairs
    } per variant and match-up from random openings of { $openings } { $openings ->
        [one] ply
       *[other] plies
    }; seed { $seed }. Every interval is a 95 % interval (Wilson for rates, bootstrap for the others). The figures are explained in docs/lab.md.
lab-report-results = Results
lab-report-length-section = Length, branching and drama
lab-report-ladder-section = Skill gradient
lab-report-plots = Plots
lab-report-histograms = Length histograms
lab-report-raw-data = The raw data: { $store } (every game's figures and record) and { $json }; each variant's records are in { $records }.
lab-report-col-variant = variant
lab-report-col-games = games
lab-report-col-first-wins = first player wins
lab-report-col-second-wins = second player wins
lab-report-col-draws = draws
lab-report-col-draws-by-reason = draws by reason
lab-report-col-balance = balance
lab-report-col-completion = completion
lab-report-col-capped = ended by a cap
lab-report-col-a-score = A's score
lab-report-col-length-mean = length: mean
lab-report-col-median = median
lab-report-col-quartiles = quartiles
lab-report-col-range = range
lab-report-col-branching = branching
lab-report-col-lead-changes = lead changes
lab-report-col-decided-at = decided at
lab-report-col-drama = drama
lab-report-col-coverage = coverage
lab-report-col-stronger = stronger
lab-report-col-weaker = weaker
lab-report-col-stronger-wins = stronger wins
lab-report-col-weaker-wins = weaker wins
lab-report-col-stronger-score = stronger's score
lab-report-col-histogram = plies: games
lab-report-draw-reason = { $reason ->
        [no-moves] no moves
        [move-cap] move cap
        [all-arrived] all arrived
        [false-claim] false claim
        [agreed] agreement
       *[other] { $reason }
    }
lab-report-plot-first = First player's win rate (95 % Wilson interval)
lab-report-plot-draws = Draw rate (95 % Wilson interval)
lab-report-plot-lengths = Game length in plies: box from the first to the third quartile, median, whiskers to the extremes, mean as a dot
lab-report-plot-ladder = Skill gradient: the stronger level's score against the next level down (95 % Wilson interval); 0.5 means no gradient
lab-report-axis-first-wins = first player wins
lab-report-axis-draws = draws
lab-report-axis-plies = plies
lab-report-axis-stronger-score = stronger's score
table-wrong-rules = the table is for the { $table } rules, the position for the { $position } rules
table-not-covered = the table covers the positions with at most { $free } pieces per side off the goal line; this one has more
lab-imago-title = Imago layouts, solved
lab-imago-search-title = Imago layout search: { lab-layouts-searched }
# What a layout search covered (for lab-searched and lab-imago-search-title).
lab-layouts-searched = { $layouts ->
    [one] { $layouts } layout
   *[other] { $layouts } layouts
} with { $walls ->
    [one] { $walls } wall
   *[other] { $walls } walls
}{ $symmetric ->
    [yes] , symmetric
   *[no] {""}
}, { $exhaustive ->
    [yes] every one
   *[no] sampled
}
lab-imago-intro = Values from the exact solver, for the side that moves first; see tablero's docs/lab.md.
player-human = human
tui-resign-confirm = Resign this game? y (or F6 again) resigns; any other key plays on.
tui-resign-kept = You play on. { $prompt }
tui-draw-agreed = The draw is agreed. { $prompt }
tui-move-number = number { $n } in the list (`moves`)
tui-help-lines = lines { $from }-{ $to } of { $total }: ↑↓ PgUp PgDn scroll
line-full-screen-only = `{ $word }` works in the full-screen game only.
jarmo-lines-title = Lines from { $side }'s archers:
reason-no-pieces = { $side } has no pieces left
reason-blocked = { $side } cannot move
dim-end-no-pieces = { $army } has no pieces left
dim-end-blocked = { $army } could not move
dim-end = { $first }; { $second }

## tablero review
review-about = Review a saved game: a verdict for every move, the move where the result slipped, accuracy.
review-opt-file = The game's record (`play --record`, `match --records`; PDN for draughts).
review-opt-json = Print JSON: the review (docs/cli.md, "review").
review-opt-depth = Jarmo, Super Dimensiones, draughts: the depth of the search before each move [default: the game's, docs/ai.md].
review-opt-max-positions = Linja without a table: the most positions the endgame solver stores over the review [default: 2000000].
review-opt-threads = Jarmo, Super Dimensiones, draughts: positions searched at once.
review-progress = reviewing: { $done }/{ $total }
review-played = Played on { $date } { $clock ->
    [none] without a clock
    [unknown] on a clock not known
   *[other] on a { $clock } clock
}.
review-title = Review of { $game } ({ $variant }): { $how }
review-how-exact = exact values from { $sources }
review-how-none = no move could be judged: no table of exact values covers this game and the endgame solver reaches none of its positions (`tablero solve linja --build-table` builds the table)
review-none-judged = No move was judged, so none is said to have changed the result.
review-view-search = Values for { $side } (player one), one search a position: a move's second value is the next move's first. A verdict compares the best move with the move played, each seen as far (the position after the move searched one ply less), so it can differ from the change between two values.
review-view-exact = Exact values for { $side } (player one) with best play from each position.
review-how-search = alpha-beta at depth { $depth } with the game's evaluation
review-source = { $source ->
    [solver] the solver
    [table] the table of exact values
    [endgame] the endgame solver
    [search] the search
   *[other] nothing
}
review-verdict = { $verdict ->
    [best] best
    [kept] kept
    [worse] worse
    [slip] SLIP
    [good] good
    [inaccuracy] inaccuracy
    [mistake] MISTAKE
    [blunder] BLUNDER
   *[other] ?
}
review-best = best: { $moves }
review-margin = { $points } points
review-beyond = { $n ->
    [one] { $n } move is
   *[other] { $n } moves are
} beyond reach (?): no table of exact values covers them and the endgame solver does not reach them (`tablero solve linja --build-table` builds the table).
review-slipped = The result slipped at move { $ply } ({ $side }, { $played }): { $before } → { $after } for { $p1 }.
review-no-slip = No move changed the result with best play.
review-accuracy = { $side }: { $percent }% accuracy ({ $kept } of { $judged } moves kept the value)
review-accuracy-none = { $side }: no move judged
review-chart = The value over the game for { $side } ({ $plies ->
    [one] { $plies } ply
   *[other] { $plies } plies
}):
review-chart-even = even
review-unknown-game = unknown game { $game } in the record: the games are { $games }
play-opt-black = Who plays Black (Linja's and Russian and Turkish draughts' player two, English draughts' player one, who moves first); as --p1.
play-opt-white = Who plays White (draughts: player one in Russian and Turkish, player two in English); as --p1.
play-no-such-side = { $option }: this game has no side of that name (its sides: { $first }, { $second })
play-seat-twice = { $option } names the same side as { $seat }: give one of them
pdn-first-game = { $path } holds { $count } games, all read; the first is the one used
match-bad-book = cannot read the opening book { $path }
match-book-line = line { $line }
match-book-over = opening { $number } is a finished game
match-book-variant = opening { $number } is of the variant { $found }, not { $variant }
match-book-empty = the book holds no opening
match-opt-book = Openings from FILE instead of random plies, pair N taking the Nth (round again when there are fewer): a PDN file of draughts games, a record, or a text of move lists from the start, one a line (`c3-d4, f6-e5`; `#` starts a comment line).
play-opt-clock = Play on a clock: minutes for the game + seconds added after each move (Fischer), such as 5+3, 1+0 or 0.5+0 (at most 180+180). The first move starts the clocks; a side whose clock runs out loses on time. The computer then takes its time from its clock. No undo.
play-clock-bad = { $text } is not a time control: write minutes+seconds of increment, like 5+3 or 0.5+0 (at most { $minutes }+{ $seconds })
play-clock-live-only = { $text }: the terminal plays live clocks only (minutes+seconds, like 5+3); days per move are for games on the server
play-clock-no-match = --clock does not go with --match: play the two games one by one
clock-line = Clocks: { $clocks }
tui-clock-control = clock { $control }

## Puzzles: `puzzles generate` and `puzzle`

puzzles-about = Mine puzzles from self-play and saved games, each with its proof.
puzzles-generate-about = Mine puzzles from seeded self-play (and saved games), each with the value of every legal move.
puzzles-generate-opt-game = The game.
puzzles-generate-opt-variant = The variant [default: the game's].
puzzles-generate-opt-count = How many puzzles.
puzzles-generate-opt-seed = The seed of the first self-play game (the next ones count up).
puzzles-generate-opt-out = Write the puzzles to FILE (JSON lines) [default: standard output, as JSON lines when it is a file or a pipe, as a list of the puzzles when it is a terminal].
puzzles-generate-opt-from-records = Mine the saved games of DIR first (records of this game; others are passed over).
puzzles-generate-opt-max-games = Give up after this many self-play games.
puzzles-generate-opt-depths = Jarmo, Super Dimensiones, draughts: the two search depths, shallow and deep, such as 3,5 [default: the review's depth and two less].
puzzles-generate-opt-max-positions = Linja without a table: the most positions the endgame solver stores for one game [default: 200000].
puzzles-bad-depths = --depths { $text }: give two depths from 1 to 30, the shallow one first, such as 3,5
puzzles-progress = mining: { $games } games, { $found } of { $count } puzzles
puzzles-done = { $found } of { $count } { $game } puzzles found.
puzzles-mine-about = Mine a game's whole puzzle set (Imago from its solved layouts, Linja from its table, the others from self-play confirmed by deeper searches) into a compressed file and the set's manifest.
puzzles-mine-opt-game = The game.
puzzles-mine-opt-out = The set's file [default: data/puzzles/GAME.jsonl.gz].
puzzles-mine-opt-manifest = The manifest to record the set in [default: manifest.json next to the set's file].
puzzles-mine-opt-count = How many puzzles to keep [default: 12000 for Imago and Linja, 1200 for the others].
puzzles-mine-opt-seed = The seed of the games and of the selection.
puzzles-mine-opt-games = Linja: the games walked through the table; Jarmo, Super Dimensiones, draughts: the most self-play games.
puzzles-mine-opt-depths = Jarmo, Super Dimensiones, draughts: the depths of the search that finds a puzzle and of the one that confirms it, at least 4 apart [default: 4,8].
puzzles-mine-opt-table = Linja: the whole table of exact values [default: the table at the default location].
puzzles-mine-layouts = mining: { $done } of { $of } layouts solved and mined
puzzles-mine-games = mining: { $games } games, { $found } puzzles
puzzles-mine-no-table = Linja's puzzles come from the whole table of exact values: build it with `tablero solve linja --build-table FILE` and give it with --table FILE
puzzles-mine-shallow = --depths: the confirming search must look at least { $least } plies deeper
puzzles-mine-found = found: { $variant }, { $theme }: { $n }
puzzles-mine-done = { $kept } of { $found } puzzles kept in { $path } ({ $bytes } bytes); the manifest records its SHA-256.
puzzles-list-line = { $number }. { $id } · { $theme } · difficulty { $difficulty } · { $side } to move · { $position }
puzzles-list-save = These puzzles are not saved: `--out FILE` writes them for `tablero puzzle FILE` (or send standard output to a file).
value-depth-depth = DEPTH,DEPTH
value-rating = RATING
puzzle-about = Solve puzzles at the terminal: right or wrong at once, a streak, a rating.
puzzle-opt-file = A puzzle file (`tablero puzzles generate`).
puzzle-opt-game = Only the puzzles of this game.
puzzle-opt-rating = Your puzzle rating to start from [default: 1500, a new player's].
puzzle-opt-no-color = Draw the board without colours (also when NO_COLOR is set or output is not a terminal).
puzzle-cannot-read = cannot read the puzzles of { $path }
puzzle-none = { $path } has no puzzle of that game
puzzle-title = Puzzle { $number } of { $total } · { $game } ({ $variant }) · { $theme } · difficulty { $difficulty } · your rating { $rating }
puzzle-task = { $side } to move: find the only best move ({ $theme }). Type a move, `moves`, `skip` or `quit`.
puzzle-help = Type a move in the game's notation (or its number in the list of `moves`), `moves` for the legal moves, `skip` for the next puzzle, `quit` to stop.
puzzle-skipped = Skipped: the answer was { $answer }.
puzzle-right = Right! { $answer }. Streak { $streak }; rating { $rating } ({ $change }).
puzzle-wrong = Wrong: { $played }; the answer was { $answer }. { $ended ->
    [0] Rating
   *[other] The streak of { $ended } is over; rating
} { $rating } ({ $change }).
puzzle-move-exact = { $mv } ({ $value })
puzzle-move-searched = { $mv } ({ $shallow } at depth { $a }, { $deep } at depth { $b })
puzzle-summary = { $right } of { $tried } right; best streak { $streak }; rating { $rating }.
puzzle-theme-win-in = { $n ->
    [one] win in 1 move
   *[other] win in { $n } moves
}
puzzle-theme = { $theme ->
    [only-win] the only winning move
    [only-draw] the only move that saves the draw
    [best-margin] the move that wins the most points
    [least-loss] the move that loses the fewest points
    [longest-defence] the defence that loses slowest
    [winning-blow] the winning blow
    [only-move] the only good move
   *[other] { $theme }
}

## tablero moderator (#44): the moderators of the web app's chat
moderator-about = Give an account the moderator's role in the web app's chat, take it back, or list the moderators.
moderator-grant-about = Make an account a moderator: it may list reports, hide chat messages and hide an account's chat from others.
moderator-grant-opt-name = The account's name.
moderator-grant-opt-database = The server's database: a SQLite file, or a PostgreSQL URL.
moderator-revoke-about = The account is no longer a moderator.
moderator-revoke-opt-name = The account's name.
moderator-revoke-opt-database = The server's database: a SQLite file, or a PostgreSQL URL.
moderator-list-about = List the moderators.
moderator-list-opt-database = The server's database: a SQLite file, or a PostgreSQL URL.
value-name = NAME
moderator-no-account = no account named { $name }
moderator-no-database = no database at { $database }: give the server's with --database
moderator-granted = { $name } is a moderator
moderator-revoked = { $name } is no longer a moderator
moderator-was-not = { $name } was not a moderator
moderator-none = no moderators

## ---- tablero bot (H45B, issue #45) ----
bot-about = Play on a tablero server as a bot account, with a UGI engine.
bot-opt-server = The server's address (`https://example.org`, `http://127.0.0.1:8080`).
bot-opt-token = The bot's API token (made by its owner: `POST /api/bots`).
bot-opt-engine = The engine's command, split at spaces (`tablero engine linja --player ai:2`).
bot-opt-games = The games accepted, separated by commas (default: every game).
bot-opt-min-minutes = The shortest clock accepted, in minutes of starting time.
bot-opt-max-minutes = The longest clock accepted, in minutes of starting time.
bot-opt-correspondence = Accept correspondence games (days per move).
bot-opt-untimed = Accept games without a clock.
bot-opt-max-games = The most games played at once (a challenge beyond is declined "later").
bot-opt-movetime = Think this many milliseconds a move (default: the engine decides from the clocks; 1000 without a clock).
bot-bad-server = cannot read the server's address { $url }: { $error }
bot-connected = playing as { $name } on { $server }
bot-refused = the server refused the bot ({ $status }): { $error }
bot-stopped = the bot's token was refused: stopping
bot-silent = nothing heard for { $seconds } seconds
bot-stream-closed = the server closed the stream
bot-reconnect = stream dropped ({ $why }); connecting again in { $ms } ms
bot-game-reconnect = game { $id }: stream dropped ({ $why }); connecting again in { $ms } ms
bot-accepted = challenge { $id } from { $from } ({ $what }): accepted
bot-declined = challenge { $id } from { $from } ({ $what }): declined ({ $reason })
bot-answer-failed = challenge { $id }: the answer failed: { $error }
bot-game-started = game { $id } ({ $game }): { $players }
bot-game-over = game { $id } over: { $score } ({ $reason })
bot-move-refused = game { $id }: the move { $mv } was refused: { $error }

## ---- tablero tournament (H45B, issue #45) ----
tournament-about = Run a round-robin, gauntlet or Swiss tournament between computer players or UGI engines.
tournament-after-help = { specs-help }
tournament-opt-variant = { bench-opt-variant }
tournament-opt-player = A player (at least two): a SPEC as `tablero match --a` takes it (`ai:3`, `mcts:ms=200`, `ugi:CMD`); the first is the gauntlet's.
tournament-opt-kind = The kind of tournament: round-robin (everyone plays everyone once, by FIDE's Berger tables), double-round-robin (twice, the seats swapped), gauntlet (the first player against each of the others), swiss (rounds paired by score).
tournament-opt-rounds = Rounds of a Swiss tournament (default: the ceiling of log2 of the players' count).
tournament-opt-games-per-pair = Games each pairing plays, the seats swapped in turn (1 for Swiss).
tournament-opt-concurrency = Games played at the same time.
tournament-opt-openings = Random plies played before each pairing's games.
tournament-opt-seed = Seed of the openings and the players.
tournament-opt-out = Save each game's record in DIR as `game-001.txt`, ... (`.pdn` for draughts; created if missing), with the players' specs as tags.
tournament-two-players = a tournament needs at least two players (--player SPEC, once each)
tournament-swiss-one-game = a Swiss tournament plays one game a pairing: leave out --games-per-pair
tournament-start = { $kind } of { $game }: { $players } players, { $games } games
tournament-round = Round { $round } of { $rounds }
tournament-bye = Round { $round }: { $player } has the bye (1 point)
tournament-no-pairing = Round { $round } cannot be paired without a repeat meeting: the tournament ends here
tournament-kind-round-robin = Round-robin
tournament-kind-double-round-robin = Double round-robin
tournament-kind-gauntlet = Gauntlet
tournament-kind-swiss = Swiss tournament
tournament-col-rank = Rank
tournament-col-name = Name
tournament-col-points = Points
tournament-col-games = Games
tournament-col-buchholz = Buchholz
tournament-col-sb = S-B
