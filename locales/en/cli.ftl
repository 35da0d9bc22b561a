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

## tablero play --help

play-about = Play a game in the terminal.
play-long-about =
    Play a game in the terminal.

    On a terminal the game is full screen: the board redrawn in place with the last move marked, the move list, the players, the computer thinking while the screen stays live; type a move or choose one with the arrow keys, then Enter; F1 lists the keys. Elsewhere (a pipe, a script), or with --plain, the game goes line by line: type a move in the game's notation (or its number in the list) at the prompt; `help` lists the other commands (undo, claim, resign, draw, quit).
play-opt-game = The game.
play-opt-variant = The variant: Imago `default` or a layout text; Jarmo `standard` or `flipped`; Linja `publisher` or `seed`; Super Dimensiones five cards such as MCANR.
play-opt-p1 = Who plays player one (Imago, Linja: Red; Jarmo: Dark; Super Dimensiones: South): human, ai:1 to ai:5, random, solver, or a search spec such as mcts:ms=500 or ab:depth=4 [default: human, or the record's player when resuming with --moves @FILE].
play-opt-p2 = Who plays player two (Imago: Blue; Jarmo: Light; Linja: Black; Super Dimensiones: North); the same choices [default: ai:3, or the record's player when resuming].
play-opt-first = Who moves first: p1, p2, a colour name, or random.
play-opt-seed = Seed for the computer's random choices (default: from the clock).
play-opt-record = Save the game record to FILE after every move (written whole to a temporary file and renamed, so an interrupted game keeps every move played).
play-opt-no-color = Draw without colours (also when NO_COLOR is set or output is not a terminal).
play-opt-plain = Play line by line (a prompt, then the board printed again after each move) even on a terminal: for scripts, pipes and screen readers.
play-opt-match = Play a match of two games (Jarmo's rule 11): in the second game the players swap seats and the points of both games add up. With --record FILE, game N is saved to FILE.N.
play-opt-layout = Imago layout file (the same as `--variant @FILE`).
play-opt-position = Start from this position string instead of the start position.
play-opt-moves = Moves to play first, in the game's notation, separated by commas; `@FILE` reads the moves of a saved record (or a plain move list).
play-opt-table = Linja: a table of exact values (built by `tablero solve linja --build-table`), mapped into memory: level 5, `solver` and hints then play and show exact values wherever it covers the position. Give it once per rule set; `none` uses no table [default: the tables found in $XDG_DATA_HOME/tablero or ~/.local/share/tablero, named linja-publisher.tbl and linja-seed.tbl].
specs-help =
    Player specs (WHO, SPEC):
      human                       a person at this terminal (play only)
      random                      uniformly random legal moves
      ai:1 ... ai:5               the game's levels, weakest to strongest (docs/ai.md)
      solver                      the exact player (Imago)
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
      claim        claim a win (Imago's "Jacke"): accepted only when it is proved
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
      F1 or ?      help          F2  hint (the move ai:2 would play)
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
reason-repetition = the same position occurred three times
reason-no-moves = neither player could move
reason-all-arrived = a side has all its archers on the enemy's first row
reason-move-cap = the move cap was reached
reason-passed = the two sides have passed each other
reason-resign = resignation
reason-agreed = agreed
reason-no-archers = { $side } has no archers left
reason-no-archers-both = neither side has archers left

## Why the table refused a command

refusal-game-over = The game is over.
refusal-not-your-turn = It is { $side }'s turn, not yours.
refusal-too-long = A move is at most { $max } characters.
refusal-illegal = Illegal move { $mv }.
refusal-no-claims = There are no claims in { $game }.
refusal-claim-own-turn = One claims on one's own turn.
refusal-claim-refused = Claim refused: the position is not a proved win for you; the game goes on.
refusal-computer-declines = The computer declines the draw.
refusal-no-offer = There is no draw offer to answer.
refusal-undo-computer-only = Undo is only for games against the computer.
refusal-nothing-to-undo = There is no move of yours to take back.

## The boards

army-red = Red
army-blue = Blue
army-aqua = Aqua
army-orange = Orange
legend-imago =
    R: Red, heading right to its goals [r] (h1, h6).  B: Blue, heading left to [b] (a1, a6).
    Walls are drawn ┃ and ━. A move is your step and the opponent piece you push the opposite way: `b2-c2 g5`.
legend-jarmo-pieces = d, l: a Dark, Light archer; D, L: a marked archer (it has captured). Archers move along the lines:
legend-jarmo-moves = Moves: `b1-d2`, a capture `b1xd2`, with a return of a lost archer `c2-e3+b1`, `pass`.
legend-linja =
    R: Red, moving up from row 0 to row 7.  B: Black, moving down from row 7 to row 0.
    A move names rows: first move, following move, extra turn after `;`, e.g. `0-1 3-5` or `2-1 5-2; 1-0 1-0`.
legend-dimensiones =
    South plays Red (r) and Aqua (a), North plays Blue (b) and Orange (o); capitals are kings.
    Red faces Blue and Aqua faces Orange. Moves: W (diagonal) `b2-c3`, E (orthogonal) `c2-c3`;
    captures `a1xc3xe5` (W) or `c2xc4xc6` (E); huff penalties `c3-d4!b2`.
legend-draughts = w: White (player one, moving up), b: Black; capitals are kings. Moves: `c3-d4`, captures `d4xf6xd8`.
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
tui-hint = Hint ({ $spec }): { $mv }. Enter plays it.
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
tui-no-number = There is no move number { $n }.
tui-not-your-turn = It is not your turn.
tui-keys-bar = F1 help F2 hint F3 undo F4 draw F5 claim F6 resign F7 flip F10 quit ↑↓ Enter
tui-none = none
tui-hint-word = hint
tui-thinking-word = thinking
tui-last-search = last search: { $info }
tui-captured = Captured: { $list }
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
tui-help =
    Type a move in the game's notation (capitals are read as small letters) or its
    number, then Enter; or choose one of the legal moves with ↑↓ (← → and Tab too;
    what you typed first narrows the choice) and press Enter.

    F1 or ?  this help           F2 hint: the move { $spec } would play
    F3 undo (against the computer: back to your last turn)
    F4 draw offer                F5 claim the win (Imago's Jacke)
    F6 resign                    F7 flip the board (rows the other way)
    Esc clears the line          F10, Ctrl-C or Ctrl-D leaves (the record is kept)
    The words help, moves, hint, undo, draw, claim, resign, flip, quit work too.
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
