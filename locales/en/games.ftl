# The games' reasons: why a move, a move list, a position string or a
# variant was refused. Shared by the terminal and the web app; the ids are
# those of `Localize::message` in tablero-core and tablero-games (the English
# text is the errors' `Display`). Every id exists in both languages
# (crates/cli/tests/i18n.rs, crates/games/tests/messages.rs).

## Shared

error-at = at byte { $at }: { $reason }
list-join = { $a }; { $b }
list-item = { $text }
list-or = { $a } or { $b }
move-empty = empty move
move-syntax = "{ $text }" is not a move: { $reason }
move-illegal = { $text } is not legal here
move-illegal-why = { $text } is not legal here: { $why }
move-ambiguous = { $text } is ambiguous: it could be { $candidates }
move-game-over = the game is over
move-list-empty-item = move { $index } of the list is empty
move-list-item = move { $index } ({ $text }): { $error }
move-list-legal = { $error }; legal moves: { $legal }

## Imago

imago-pos-field-count = at byte { $at }: expected 3 fields `red,red/blue,blue side passes`, found { $found }
imago-pos-missing-slash = at byte { $at }: the pieces field needs a `/` between Red's and Blue's cells
imago-pos-bad-cell = at byte { $at }: { $text } is not a cell of the board
imago-pos-piece-count = at byte { $at }: { $colour } needs 2 pieces, found { $found }
imago-pos-overlap = at byte { $at }: two pieces on { $cell }
imago-pos-foreign-goal = at byte { $at }: { $colour } piece on { $cell }, a goal cell of the other colour
imago-pos-two-goals = at byte { $at }: only one piece can have reached a goal (the game ends there)
imago-pos-bad-side = at byte { $at }: the side to move must be `r` or `b`, found { $text }
imago-pos-bad-passes = at byte { $at }: the passes in a row must be 0, 1 or 2 (0 once a goal is reached), found { $text }
imago-move-bad-cell = { $text } is not a cell of the board
imago-move-shape = expected a step like `b2-c2`, a pushed piece after a space (`b2-c2 g5`), or `pass`
imago-not-neighbours = { $from } and { $to } are not neighbours
imago-layout-start-count = { $colour } needs 2 start cells, found { $found }
imago-layout-start-on-goal = start cell { $cell } is a goal cell; pieces start on the 6x6 grid b1-g6
imago-layout-start-overlap = two pieces start on { $cell }
imago-layout-wall-not-adjacent = a wall can only stand between two neighbouring cells, not between { $from } and { $to }
imago-layout-duplicate-wall = the wall { $from }-{ $to } is listed twice
imago-layout-invalid = invalid layout: { $problems }
imago-layout-unknown-field = unknown field "{ $field }" (expected red:, blue: or walls:)
imago-layout-no-field = "{ $part }" comes before any field; start with red:, blue: or walls:
imago-layout-wall-shape = a wall is written like c3-d3, not "{ $part }"
imago-layout-not-cell = "{ $text }" is not a cell
imago-layout-empty = empty layout (write `default` for the default one)
imago-pass-not-legal = a pass is only legal when no step exists
imago-no-piece = no { $colour } piece on { $cell }
imago-wall-between = a wall stands between { $from } and { $to }
imago-cell-taken = { $to } is taken
imago-foreign-goal-step = { $to } is a goal cell of the other colour
imago-goal-step-alone = reaching { $to } wins: write the step alone, { $from }-{ $to }
imago-name-push = name the opponent piece to push after a space, e.g. `b2-c2 g5`

## Jarmo

jarmo-variant = at byte { $at }: unknown Jarmo variant { $text } (expected standard or flipped)
jarmo-pos-field-count = at byte { $at }: expected 5 fields `board side owed quiet recent`, found { $found }
jarmo-pos-row-count = at byte { $at }: the board needs 5 rows separated by `/` (row 5 first), found { $found }
jarmo-pos-bad-char = at byte { $at }: { $ch } is not an archer (d, D, l, L) or a count of empty points (1-5)
jarmo-pos-row-length = at byte { $at }: row { $row } describes { $found } points, not 5
jarmo-pos-too-many = at byte { $at }: { $colour } has { $found } archers on the board; each side has 5
jarmo-pos-bad-side = at byte { $at }: the side to move must be `d` (Dark) or `l` (Light), found { $text }
jarmo-pos-bad-owed = at byte { $at }: the returns owed must be written `dark/light`, e.g. `0/1`, found { $text }
jarmo-pos-owed-too-many = at byte { $at }: { $colour } is owed { $owed } returns but has lost only { $lost } archers
jarmo-pos-bad-quiet = at byte { $at }: the moves without a capture must be a number from 0 to 200, found { $text }
jarmo-recent-shape = the recent moves must be written `dark/light` (`-` for none), found "{ $found }"
jarmo-recent-count = at most three recent moves per side
jarmo-recent-item = a recent move is `pass` or like `b1-d2`, not "{ $item }"
jarmo-recent-points = "{ $item }" does not name two points
jarmo-move-bad-point = { $text } is not a point of the board (a1-e5)
jarmo-move-shape = expected a move like `b1-d2`, a capture like `b1xd2`, `pass`, each with an optional return like `+a1`
jarmo-no-line = no line joins { $from } and { $to }
jarmo-pass-not-legal = a pass is only legal when no archer can move
jarmo-no-archer = no { $mine } archer on { $from }
jarmo-archer-home = the archer on { $from } stands on the enemy's first row and never moves again
jarmo-own-archer = { $to } holds your own archer
jarmo-write-capture = { $to } holds an enemy archer: write the capture { $from }x{ $to }
jarmo-write-step = { $to } is empty: write { $from }-{ $to }
jarmo-no-shuttling = no shuttling: this archer went { $to }-{ $from }, { $from }-{ $to }, { $to }-{ $from } in your last three moves
jarmo-return-due = a return is due: name the point of your first row it goes to, e.g. +a1
jarmo-no-return-due = no return is due (or your first row has no empty point)
jarmo-bad-return = a returned archer goes to an empty point of your first row, not { $r }

## Linja

linja-variant = unknown Linja variant { $text }: use `publisher` (default) or `seed`
linja-pos-field-count = at byte { $at }: expected 3 fields `ROWS SIDE PASSES` (e.g. `6r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 0`), found { $found }
linja-pos-row-count = at byte { $at }: expected 8 rows (0 to 7) separated by `/`, found { $found }
linja-pos-bad-row = at byte { $at }: row { $text } must be `.` (empty) or counts like `3r`, `2b`, `1r4b`
linja-pos-piece-count = at byte { $at }: { $colour } needs 12 pieces, found { $found }
linja-pos-full-row = at byte { $at }: row { $row } holds { $found } pieces; a field row holds at most 6
linja-pos-bad-side = at byte { $at }: the side to move must be `r` or `b`, found { $text }
linja-pos-bad-passes = at byte { $at }: the passes in a row must be 0, 1 or 2 (0 once the sides have passed each other), found { $text }
linja-move-bad-step = { $text } is not a step: write two different rows 0-7 like `0-1` or `3-5`
linja-move-shape = expected `0-1`, `0-1 3-5` or `2-1 5-2; 1-0 1-0` (at most two steps, then `;` and the extra turn's steps)
linja-pass-not-legal = a pass is only legal when no first move exists
linja-no-piece = no { $colour } piece on row { $row }
linja-first-forward = the first move goes one row forward, from { $from } to { $to }
linja-extra-first-forward = the extra turn's first move goes one row forward, from { $from } to { $to }
linja-row-full = row { $row } is full
linja-following-compulsory = a following move of { $n } { $n ->
    [one] row
   *[other] rows
  } is compulsory here
linja-passed-over = the sides have passed each other after { $from }-{ $to }: the game is over
linja-empty-no-following = row { $row } was empty: no following move
linja-no-following = no following move is possible here
linja-no-piece-following = no { $colour } piece on row { $row } for the following move
linja-following-distance = the following move goes { $n } { $n ->
    [one] row
   *[other] rows
  }: from { $from } to { $to }
linja-extra-turn-follows = row { $row } was empty: an extra turn follows, written after `; `
linja-seed-no-extra = the seed rules have no extra turn
linja-one-extra = only one extra turn per turn
linja-no-extra = no extra turn: row { $row } was not an empty field row

## Draughts and Super Dimensiones

draughts-variant = at byte 0: unknown draughts variant "{ $text }" (expected russian, turkish or english)
draughts-pos-field-count = at byte { $at }: expected { $expected } fields ({ $what ->
    [board-side-clock] board side clock
   *[other] board army sub-games clock cycle
  }), found { $found }
draughts-pos-row-count = at byte { $at }: the board needs { $expected } rows separated by `/`, found { $found }
draughts-pos-row-length = at byte { $at }: rank { $rank } covers { $found } squares, not { $expected }
draughts-pos-bad-char = at byte { $at }: { $ch } is not a piece ({ $pieces }) or a count of empty squares
draughts-pos-at = at byte { $at }: { $what }
draughts-pos-bad-side = at byte { $at }: the side to move must be { $allowed }, found { $text }
draughts-pos-bad-army = at byte { $at }: the army to move must be { $allowed }, found { $text }
draughts-pos-bad-clock = at byte { $at }: the move counter must be a number from 0 to { $max }, found { $text }
draughts-light-square = a piece on the light square { $sq }
draughts-man-on-crowning-row = a { $colour } man on { $sq }, its crowning row
draughts-move-bad-square = { $text } is not a square of the board
draughts-move-shape = expected a move like `c3-d4` or a capture like `b4xd6xf4`
draughts-move-penalty = a penalty is written `!b2` (piece removed), `!+a1` (man returned) or `!=b1` (man crowned)
draughts-capture-compulsory = a capture is compulsory
draughts-penalty-choices = that penalty is not one of the choices ({ $choices })
draughts-no-piece-from = no piece of the side to move can move from { $from }
draughts-no-capture = there is no capture here
draughts-no-such-move = the piece on { $from } has no such move
dimensiones-unknown-option = unknown option "{ $option }" (the only one is +huff)
dimensiones-card-count = expected five cards like I-C-A-W-R, found { $found } part(s)
dimensiones-card-letter = card { $card } ({ $name }) must be { $a } or { $b }, found "{ $found }"
dimensiones-huff-needs-n = +huff exists only with tactics N (capturing compulsory)
dimensiones-too-many-pieces = { $army } has { $found } pieces; an army has at most 6
dimensiones-man-on-crowning-row = a { $army } man on { $sq }, its crowning row
dimensiones-off-colour = a { $army } piece on { $sq }: in formation W it stays on its colour
dimensiones-bad-subgames = the sub-games field is two of `-` (open), `1`, `2` (won by that player) or `=` (drawn), found "{ $found }"
dimensiones-bad-cycle = the cycle is `rbao` (player one moved first) or `broa`, found "{ $found }"
dimensiones-open-without-pieces = { $army } has no pieces, so its sub-game cannot be open
dimensiones-no-army-open = no army to move, but a sub-game is open
dimensiones-army-decided = { $army } cannot move: its sub-game is decided
dimensiones-army-stuck = { $army } has no legal move: its sub-game would already be decided

## Around the board: why the table (or the web app's server) refused an action

table-game-over = the game is over
table-time-up = the clock of { $side } ran out: the game is lost on time
table-clock-no-undo = there are no take-backs in a game with a clock
clock-bad-control = { $text } is not a time control: write minutes+seconds of increment (like 5+3, at most { $minutes }+{ $seconds }) or days per move (like 3d: 1, 2, 3, 5, 7 or 14)
table-not-your-turn = it is { $side }'s turn, not yours
table-too-long = a move is at most { $max } characters
table-illegal = illegal move { $mv }
table-no-claims = there are no claims in { $game }
table-claim-own-turn = one claims on one's own turn
table-undo-false-claim = a game lost by a false claim is over for good: a claim cannot be taken back
table-computer-declines = the computer declines the draw
table-no-offer = there is no draw offer to answer
table-undo-computer-only = undo is only for games against the computer
table-nothing-to-undo = there is no move of yours to take back
table-bad-variant = { $game } variant { $variant }: { $error }
table-bad-position = bad position: { $error }
table-unknown-game = unknown game { $game }: the games are { $games }
table-spectator = you hold no seat in this game (a spectator cannot play)
table-next-started = the game is over and the next one has started
table-moved-on = the game has moved on: it is at ply { $ply }, the move was made at ply { $seen }
table-computer-no-undo = the computer does not undo

# Reading a game record (tablero_core::RecordError).
record-bad-tag = line { $line }: { $reason }
record-missing-tag = the record has no [{ $tag } ...] tag
record-wrong-game = this is a record of { $found }, not of { $expected }
record-bad-variant = bad Variant tag: { $error }
record-bad-position = bad Position tag: { $error }
record-bad-result = bad result: { $error }
record-bad-value = bad { $tag } tag: { $reason }
record-time-control = { $text } is not a time control as PGN writes it (`-` without a clock, `?` unknown, seconds and increment `180+2`, moves in seconds `40/7200`, periods joined by `:`)
record-date = { $text } is not a date as PGN writes it (`2025.03.01`, with `?` for a part not known: `2025.??.??`)
record-result-word = Result { $result } is not p1, p2, draw or *
record-needs-reason = a finished game needs a Reason tag
record-unknown-reason = unknown Reason { $reason }
record-bad-score = Score { $score } is not two numbers of points
record-tag-shape = a tag must look like [Name "value"]
record-tag-parts = a tag needs a name and a quoted value
record-tag-name = bad tag name { $name }
record-tag-quotes = the tag value must be in double quotes
record-tag-escape = bad escape in tag value (only \\ and \" are allowed)
record-tag-quote = unescaped quote in tag value
# Reading a PDN file (draughts::pdn::PdnError).
pdn-bad-tag = line { $line }: { $reason }
pdn-game-type = GameType { $type } is not one of the 8x8 configurations (25 Russian, 21 English, 30 Turkish)
pdn-bad-fen = FEN { $fen }: { $reason }
pdn-bad-move = move { $number } ({ $text }): { $reason }
pdn-no-square = { $square } is no square
pdn-fen-side = it starts with W or B, the side to move
pdn-fen-list = each side's list starts with W or B
pdn-fen-range = a range is two square numbers
pdn-fen-number = a square is 1 to 32
pdn-fen-square = a square is unknown
pdn-no-result = Result { $result } is no result
pdn-tag-shape = a tag is [Key "value"]
pdn-tag-parts = a tag has a key and a value
pdn-tag-quotes = a tag's value is quoted
# A player spec (`--a`, `--b`, `--players`, `--p1`...: tablero_ai::parse_spec).
spec-not-key-value = { $pair } in { $spec } is not key=value
spec-not-number = { $key }={ $value }: not a number
spec-levels = { $spec }: levels are ai:1 to ai:5
spec-unknown-key = unknown { $kind } key { $key } ({ $keys })
spec-no-exact = { $game } has no exact player
spec-unknown-player = unknown player { $spec }: use random, ai:1..ai:5, hint, solver, mcts:..., ab:...
# A Linja table file (tablero_ai::solve::linja_table::TableError).
linja-table-io = { $reason }
linja-table-incomplete = the table is not finished: { $done } of { $layers } layers (run --build-table again to resume)
linja-table-too-short = the file is too short for a Linja table
linja-table-not-a-table = not a tablero Linja table
linja-table-version = table format version { $version }; this program reads version { $reads }
linja-table-unknown-rules = unknown rules { $rules } in the header
linja-table-bad-free = bad free pieces { $free } in the header
linja-table-bad-length = the file has { $bytes } bytes; a table of { $free } free pieces has { $want }
linja-table-bad-layers = bad layer count in the header
linja-table-other-rules = { $path } holds a table for the { $rules } rules with { $free } free pieces, not { $wanted } with { $wanted_free }; remove it or name another file
linja-table-in-use = a table for the { $rules } rules is in use already
linja-table-holds-rules = this file holds the { $rules } rules' table
dimensiones-table-io = { $reason }
dimensiones-table-incomplete = the table is not finished: { $done } of { $slices } slices (run --build-table again to resume)
dimensiones-table-too-short = the file is too short for a Super Dimensiones table
dimensiones-table-not-a-table = not a tablero Super Dimensiones table
dimensiones-table-version = table format version { $version }; this program reads version { $reads }
dimensiones-table-bad-header = the table's header is damaged
dimensiones-table-bad-length = the file has { $bytes } bytes; its header says { $want }
dimensiones-table-other-rules = { $path } holds a table for the { $rules } rules with { $pieces } pieces, not { $wanted } with { $wanted_pieces }; remove it or name another file
dimensiones-table-in-use = a table for the { $rules } rules is in use already
dimensiones-table-holds-rules = this file holds the { $rules } rules' table
dimensiones-table-check-failed = the check found { $wrong } wrong values in slice { $slice }; nothing of it was written
# Advice on an Imago layout (Layout::warnings).
imago-long-wall = the wall starting at { $wall } runs { $len } cells; the rules recommend walls no longer than two cells
# A record's declared result checked against its moves (record::check_result).
record-result-not-rules = the record says { $declared }, but its { $moves } moves end the game with { $actual }
record-result-not-over = the record says { $declared }, but after its { $moves } moves the game is not over (a game goes on until the rules end it, a player resigns, the players agree a draw or the side to move claims a proved win)
record-result-score = the record says { $declared }, but that result scores "{ $score }"
record-claim-unproved = the record ends with a claim, but the position after its moves is not a proved win for the claimant
# PDN files of several games.
pdn-in-game = game { $number } of the file: { $error }
pdn-no-game = the file holds no game

## Puzzles (tablero_ai::puzzles): why a puzzle file is refused
puzzle-line = line { $line }: { $problem }
puzzle-problem-json-syntax = not JSON (column { $column })
puzzle-problem-json-missing = not a puzzle: the field { $field } is missing (column { $column })
puzzle-problem-json-kind = not a puzzle: a value of the wrong kind for its field (column { $column })
puzzle-problem-tampered = its id does not match its content (the line was changed)
puzzle-problem-game = unknown game { $game }
puzzle-problem-variant = variant { $variant } does not read
puzzle-problem-position = position { $position } does not read
puzzle-problem-side = the side to move is not the position's
puzzle-problem-moves = the proof does not value every legal move exactly once
puzzle-problem-answer = the answer { $answer } is not the only best move of the proof
puzzle-problem-values = the proof's values are not of the kind its source gives
puzzle-set-io = cannot read the puzzle set: { $error }
puzzle-set-gzip = the puzzle set is not a gzip file of JSON lines: { $error }
puzzle-set-wrong-game = line { $line }: a puzzle of { $found } in the set of { $game }
puzzle-set-duplicate = line { $line }: the same position again ({ $id })
puzzle-set-shallow = line { $line }: the deep search is { $deeper } plies deeper than the shallow one; a set needs at least { $least }
puzzle-set-digest = the puzzle set of { $game } is not the one this build was made with (its SHA-256 is { $found }, expected { $expected }): it was changed
puzzle-set-unknown = this build has no puzzle set of { $game }
puzzle-set-count = the puzzle set of { $game } holds { $found } puzzles, the manifest says { $expected }
