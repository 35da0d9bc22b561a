# The web app's strings in English (web/i18n.js formats them with @fluent/bundle).
# Every message here has one of the same id in ../es/web.ftl (the catalogue test checks it).

lang_name = English
lang_switch = Language
tagline = Four abstract games for two players
nav_home = Games
nav_editor = Layout editor
nav_label = Main
skip = Skip to content
loading = Loading…
not_found = There is no such page.
back_home = Back to the games
error_prefix = Error: { $error }
net_error = The server could not be reached.
army_red = Red
army_blue = Blue
army_aqua = Aqua
army_orange = Orange
army_letter_red = R
army_letter_blue = B
army_letter_aqua = A
army_letter_orange = O
rules = Rules
new_game = New game
my_games = My recent games
no_games = No games yet. Start one above.
open_game = Open
ply_n = ply { $n }
your_move_short = your move
over_short = finished
to_move_short = { $side } to move
editor_link = Imago layout editor: draw walls, move the start pieces, see who wins.
new_title = New game of { $game }
variant = Variant
layout = Layout
layout_default = Default (no walls)
layout_from_editor = From the editor: { $layout }
ruleset = Rule set (five cards)
huff = Huff: instead of compulsory capture, a missed capture is penalised
cards_help = Cards: M multi / I inter · C conquer / D distract · A armour / N no armour · W western / E eastern · R real / S symbolic.
who_plays = Who plays { $side }?
seat_me = Me, on this screen
seat_link = A friend, by link
seat_ai = The computer
level = Level
level_n = Level { $n }
first_mover = Who moves first?
create = Start the game
creating = Starting…
kind_human = player at a screen
kind_link = friend by link
kind_ai = computer, level { $level }
you = you
turn_marker = to move
invite = Send this link to your friend:
invite_seat = Link for { $side }:
copy = Copy
copied = Copied!
flip = Flip board
play_again = New game of { $game }
undo = Undo
claim = Claim the win ({ $claim })
resign = Resign
resign_confirm = Yes, resign
cancel = Cancel
draw_offer = Offer a draw
draw_accept = Accept the draw
draw_decline = Decline the draw
draw_offered = { $side } offers a draw.
pass = Pass
play_move = Play { $move }
moves_title = Moves
no_moves_yet = No moves yet.
hist_first = First position
hist_prev = Previous move
hist_next = Next move
hist_last = Current position
hist_showing = Showing the position after ply { $n } of { $total }.
hist_start = Showing the start position.
status_turn = { $side } to move
status_your_turn = Your move ({ $side })
status_army = { $army } army
status_win = { $side } wins { $score }: { $reason }
status_draw = Draw { $score }: { $reason }
status_you_won = You won { $score }: { $reason }
status_you_lost = You lost { $score }: { $reason }
status_you_drew = Draw { $score }: { $reason }
announce_move = { $side } played { $move }.
thinking = The computer is thinking…
conn_live = live
conn_down = reconnecting…
selection = Selected: { $cells }
choose = More than one move fits: pick one, or click a highlighted cell to go on.
msg_illegal = That cell does not continue any legal move.
msg_not_your_turn = It is not your turn.
msg_spectator = You are watching this game.
msg_over = The game is over.
msg_browsing = You are looking at an earlier position. Go to the current one to move.
msg_refused = Not accepted: { $error }
msg_claim_refused = The claim was refused: the solver does not prove a win here.
msg_wait = Wait for the computer.
sides = Players
board_label = { $game } board
reason_goal = a piece reached its goal
reason_claim = a proven win was claimed
reason_repetition = threefold repetition
reason_no-moves = neither side could move
reason_all-arrived = all archers arrived
reason_move-cap = the move limit was reached
reason_passed = the two sides passed each other
reason_subgames = both sub-games are decided
reason_resign = resignation
reason_agreed = by agreement
cell_empty = { $cell }, empty
cell_selected = selected
cell_target = can be clicked now
cell_missing = { $cell }
imago_piece = { $cell }, { $side } piece
imago_goal = goal of { $side }
imago_push_which = Now push which piece? Click it.
linja_now_rows = Now a following move of exactly { $n ->
        [one] { $n } row
       *[other] { $n } rows
    } (or onto your goal line).
linja_extra_turn = Extra turn: move again.
jarmo_archer = { $cell }, { $side } archer
jarmo_marked = { $cell }, marked { $side } archer
jarmo_first_row = { $side }'s first row
jarmo_side_line = { $side }: { $board } on the board, { $lost } lost, { $owed ->
        [one] { $owed } return owed
       *[other] { $owed } returns owed
    }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    } as it stands
jarmo_quiet = Plies without a capture: { $quiet }/{ $cap }
jarmo_shuttle = No shuttling: { $from }-{ $to } is not allowed now.
linja_row = row { $row }: { $red } red, { $black } black
linja_full = full
linja_points = { $n } for { $side }
linja_scores = As it stands: Red { $red }, Black { $black } points.
linja_rules_line = Rules: { $rules }
dim_man = { $cell }, { $army } man
dim_king = { $cell }, { $army } king
dim_frozen = frozen
dim_subgame = { $a }–{ $b }: { $state }
sub_open = open
sub_won = won by { $side }
sub_drawn = drawn
dim_clock = Plies without a capture or man move: { $n }/60
dim_armies = { $side } plays { $a } and { $b }
dim_to_move = The signal token is on { $army }: { $army } moves.
dim_rules = Rule set: { $rules }
editor_title = Imago layout editor
editor_help = Click the edge between two cells to put up or take down a wall. Click a piece, then an empty cell, to move it (you can also drag it). The layout text below follows every change, and you can edit it too.
layout_text = Layout text
apply_text = Apply the text
solve_title = Value of the start position
red_first = Red moves first
blue_first = Blue moves first
value_win = { $side } wins in { $plies } plies
value_win_np = { $side } wins
value_draw = draw
warnings = Warnings
solving = Solving…
layout_name = Name
save_layout = Save
saved = Saved as “{ $name }”.
name_needed = Give the layout a name first.
play_layout = Play this layout
parse_error = The layout text could not be read: { $error }
saved_layouts = Saved layouts
load = Load
reset_default = Default layout
clear_walls = Remove all walls
edge_label = edge { $a }–{ $b }, { $state }
edge_wall = wall
edge_open = no wall
rules_title = Rules of { $game }
in_short = In short
full_rules = The rules as implemented (in English)
play_now = Play { $game }

## Short rules summaries, one paragraph per message: summary_GAME_N (N from 1).

summary_imago_1 = A 6x6 grid plus four goal cells at the ends of rows 1 and 6. Red (player one) starts on the left and heads for h1 and h6; Blue starts on the right and heads for a1 and a6. Walls block movement between two cells.
summary_imago_2 = A turn: step one of your two pieces one cell up, down, left or right onto an empty cell, then choose an enemy piece: it is pushed one cell the opposite way, if that cell exists, is free, is not a goal and no wall is in between.
summary_imago_3 = Reach one of your goal cells with a step and you win at once. If you cannot step, you pass. A position seen for the third time, or two passes in a row, is a draw.
summary_imago_4 = Jacke: instead of moving you may claim the win; it is accepted only if the solver proves you win by force.
summary_imago_5 = To move here: click your piece, then the cell it steps to, then the enemy piece to push.
summary_jarmo_1 = Each side has five archers on its first row of a 25-point board whose lines jump like a chess knight. Dark (player one) moves first.
summary_jarmo_2 = A turn: move one archer along a line to the point at its other end, onto an empty point or onto an enemy archer, which is captured. A capturing archer becomes marked. Capturing is optional.
summary_jarmo_3 = An archer on the enemy's first row never moves again. When a marked archer arrives there, one of your lost archers may come back to your own first row (a return).
summary_jarmo_4 = No shuttling: the same back-and-forth move may not be made four times in a row.
summary_jarmo_5 = The game ends when a player has all its archers on the enemy's first row. That player scores 2 per archer; the other 2 per arrived archer and 1 per other archer. More points wins.
summary_jarmo_6 = To move here: click an archer, then the point it goes to (then the return point, if one is due).
summary_linja_1 = Eight rows separated by seven sticks. Red moves up from row 0, Black down from row 7. Each field row holds at most six pieces.
summary_linja_2 = A turn has two moves. First move: one of your pieces one row forward, not onto a full row. Following move: any of your pieces exactly as many rows forward as there were pieces on the row the first move reached.
summary_linja_3 = A first move onto an empty row gives no following move; onto your goal line, a following move of one. With the publisher's rules, a following move onto an empty row gives one more whole turn.
summary_linja_4 = The game ends when the two sides have passed each other. Red scores 5, 3, 2, 1 per piece on rows 7, 6, 5, 4; Black the same on rows 0, 1, 2, 3. More points wins.
summary_linja_5 = To move here: click the row you move from, then the row you move to, for each of the moves.
summary_dimensiones_1 = A 6x6 board with four armies of six men: South plays Red and Aqua, North plays Blue and Orange. Red fights Blue and Aqua fights Orange, each pair its own sub-game.
summary_dimensiones_2 = The armies move in turn, Red, Blue, Aqua, Orange; the signal token shows whose turn it is. A decided sub-game freezes its pieces.
summary_dimensiones_3 = Five cards set the rules: M/I (may a piece jump over its ally), C/D (normal or giveaway), A/N (optional or compulsory capture), W/E (diagonal or orthogonal), R/S (flying or short kings).
summary_dimensiones_4 = Each sub-game won is worth 1 point, a drawn one ½. More points wins.
summary_dimensiones_5 = To move here: click a piece, then each square it lands on.

## Analysis board, rematch, two-game match, players, hint (#17)
an_title = Analysis: { $game }
an_values = Every move
an_search_title = The computer’s view
an_best_play = With best play, { $side } { $value }.
an_thinking = Thinking…
an_exact_note = Exact values: the result each move leads to with perfect play from both sides.
an_search_note = The strongest level’s search: its evaluation (positive is good for the side to move) and the line it expects.
an_eval = Evaluation: { $score } (depth { $depth })
an_line = Best line:
an_win_in = wins in { $n }
an_loss_in = loses in { $n }
an_lost = lost
an_draw = draw
an_win_by =
    { $n ->
        [one] wins by 1 point
       *[other] wins by { $n } points
    }
an_loss_by =
    { $n ->
        [one] loses by 1 point
       *[other] loses by { $n } points
    }
an_over = The game is over in this position.
an_to_move = { $side } to move.
an_back_to_game = Back to the game’s moves
an_open_game = Open the game
an_changed = This move changed the result: the best move { $best }, this one { $played }.
analyse = Analyse
player_you = You
player_friend = Friend
player_ai = Computer, level { $level }
player_connected = connected
player_away = not connected
rematch = Rematch
rematch_accept = Accept the rematch
rematch_offered = Rematch offered: waiting for your friend
rematch_offer_in = Your friend offers a rematch
next_game = Go to the next game
prev_game = Previous game
match_option = Two-game match (seats swapped for game 2, points added)
match_line = Match, game { $n } of 2 · { $a }: { $pa } · { $b }: { $pb }
match_you_won = you won the match
match_you_lost = you lost the match
match_drawn = the match is drawn
match_side_won = { $side } won the match
match_next = Game 2 starts with the seats swapped…
hint = Hint
hint_move = Hint: { $move }
hint_wait = Looking for a hint…

## Settings, sound, moves taken back (#17)
no_such_game = There is no such game.
msg_rolled_back = Your move was taken back: { $error }
captured_here = a piece was captured here
settings = Settings
setting_sound = Sound on a move and at the end
setting_palette = Colour-blind-safe colours

## Rules pages, cards, print (#18)
rules_link = How to play { $game }
rules_print = Print the kit (PDF)
rules_paper = Paper
rules_details = Details for developers (in English): rulings, notation, position strings
rules_try = Try it
rules_try_hint = Click the highlighted cells in order to play { $move }.
rules_try_done = Played { $move }.
rules_try_again = Again
rules_diagram_error = This diagram could not be drawn: { $error }
rules_diagram_label = Diagram: { $caption }
cards_title = The five cards
cards_flip_hint = Click a card to flip it to its other face.
cards_code = Code
card_alt = Card { $n }, { $name }, { $colour } face: { $face }
card_flip = Card { $n }, { $name }: { $face } ({ $colour } face). Click to flip.
game_cards = Rule set: the five cards
