# The web app's strings in English (web/i18n.js formats them with @fluent/bundle).
# Every message here has one of the same id in ../es/web.ftl (the catalogue test checks it).

lang_name = English
lang_switch = Language
tagline = Four abstract games for two players
nav_home = Games
nav_editor = Layout editor
nav_editor_short = Editor
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
claim_confirm = Yes, claim: a claim that is not a proven win loses the game
cancel = Cancel
draw_offer = Offer a draw
draw_accept = Accept the draw
draw_decline = Decline the draw
draw_offered = { $side } offers a draw.
claim_ask = Play { $side } as { $name }?
claim_note = This browser holds this seat. Yes: the game shows your name and is kept in your account, on any device. No: it stays this browser's alone.
claim_yes = Yes, as { $name }
claim_no = Play without my account
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
msg_wait = Wait for the computer.
sides = Players
board_label = { $game } board
reason_goal = a piece reached its goal
reason_claim = a proven win was claimed
reason_false-claim = a claim that was not a proven win (a false claim loses)
reason_repetition = threefold repetition
reason_no-moves = neither side could move
reason_all-arrived = all archers arrived
reason_move-cap = the move limit was reached
reason_passed = the two sides passed each other
reason_subgames = both sub-games are decided
reason_resign = resignation
reason_agreed = by agreement
reason_time = the clock ran out (lost on time)
reason_forfeit = lost by forfeit
reason_aborted = the game was called off

## Clocks (web/clock.js) and the games waiting for a move

clock_label = Time
clock_none = No clock
clock_live = Live (minutes + seconds per move)
clock_custom = Custom…
clock_corr = Correspondence
clock_days = { $n ->
    [one] 1 day per move
   *[other] { $n } days per move
  }
clock_minutes = minutes
clock_increment = seconds per move
clock_dh = { $d } d { $h } h
clock_hm = { $h } h { $m } min
clock_of = { $side }'s clock
clock_low = Less than 10 seconds left
your_turn = Your turn
your_turn_none = No game is waiting for your move.
your_turn_left = { $left } left
your_turn_notify = Tell me when it is my turn
your_turn_notify_on = Notifications are on for this browser.
your_turn_notify_denied = This browser refuses notifications for tablero.
your_turn_notice = Your move in { $game }

## Email notices (src/mail/, the home page's "your turn" box)

mail_subject_one = Your move in { $game }
mail_subject_many = Your move in { $n } games
mail_intro = A game on tablero is waiting for your move:
mail_line = { $game }, { $left } left: { $url }
mail_left_dh = { $d } d { $h } h
mail_left_hm = { $h } h { $m } min
mail_unsubscribe = To get no more of these messages, open { $url }
mail_challenge_subject = { $name } challenges you to { $game }
mail_challenge_body = { $name } challenges you to a correspondence game of { $game }, { $days } days per move. Accept or decline it on tablero: { $url }
unsubscribe_title = No more mail from tablero
unsubscribe_ask = Stop the messages about your games to this address?
unsubscribe_button = Stop the messages
unsubscribe_done = Done: this address will get no more messages from tablero.
unsubscribe_unknown = This link is no longer valid: the address gets no messages from tablero.
api_bad_email = "{ $email }" is not an email address
api_email_unroutable = "{ $email }" cannot get mail from the internet: its domain is local or reserved (an IP address, a name without a dot, .localhost, .local, .test, .invalid, .example)
mail_confirm_subject = Confirm your address for tablero's notices
mail_confirm_body = Someone, you perhaps, asked tablero to send notices of correspondence games to this address. To get them, confirm it by opening { $url }
    If it was not you, do nothing: no other message will come.
confirm_title = Confirm your address
confirm_ask = Send tablero's notices of your games to this address?
confirm_button = Yes, confirm this address
confirm_done = Done: notices of your games will come to this address.
confirm_unknown = This confirmation link is not valid (the address may have been removed).
api_no_mail = this server sends no mail (it was started without --smtp)
notify_email = Email me when a correspondence game waits for my move
notify_email_label = Email address
notify_email_save = Save
notify_email_saved = Messages go to { $email }.
notify_email_unconfirmed = A confirmation link was sent to { $email }: the messages start once it is opened.
notify_email_stop = Stop the messages
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
linja_extra_turn = Extra turn: move again (entered so far: { $done }; the board shows it played).
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
jarmo_return_where = A lost archer comes back: click the point of your first row where it returns.
jarmo_end_arrived_you = your last archer arrived, which ends the game; the points decide
jarmo_end_arrived_side = { $side }'s last archer arrived, which ends the game; the points decide
jarmo_end_none_you = you have no archers left, which ends the game; the points decide
jarmo_end_none_side = { $side } has no archers left, which ends the game; the points decide
jarmo_end_none_both = neither side has archers left, which ends the game; the points decide
dim_jump_on = Keep jumping: click the next square it lands on.
dim_capture_end = It captures: click the square where the capture ends (a multiple capture: its last square).
linja_row = row { $row }: { $red } red, { $black } black
linja_full = full
linja_points = { $n } for { $side }
linja_scores = As it stands: Red { $red }, Black { $black } points.
linja_rules_line = { $rules }
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
dim_rules_huff = { $cards }, with huff
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
layout_link = Link to share
layout_shared = Opened from its link: “{ $name }”. Save it to keep your own copy.
reset_default = Default layout
clear_walls = Remove all walls
edge_label = edge { $a }–{ $b }, { $state }
edge_wall = wall
edge_open = no wall
rules_title = Rules of { $game }
in_short = In short
full_rules = The rules as implemented (in English)
play_now = Play { $game }

## Analysis board, rematch, two-game match, players, hint (#17)
an_title = Analysis: { $game }
an_values = Every move
an_search_title = The computer’s view
an_best_play = With best play, { $side } { $value }.
an_best_draw = With best play, the game is a draw.
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
an_going = The game is still going: no computer analysis until it ends.
analyse = Analyse
player_you = You
player_friend = Friend
player_ai = Computer, level { $level }
player_deleted = deleted player
player_private = a private player
# A rated game's rating in the players' bars: "1500?" while provisional.
rating_title = Rating { $rating } (a rated game)
rating_provisional = Rating { $rating }, provisional: too few rated games to be sure (a rated game)
rating_after = Rated game: { $before } before, { $after } after
api_review_not_over = a game is reviewed once it is over
# The review of a finished game (web/review.js, #35).
review = Review
review_title = Game review
review_progress = Reviewing: { $done } of { $total } positions
review_waiting = Waiting for its turn to be reviewed…
review_how_exact = Exact values: every move judged by the solved game.
review_how_search = Judged by alpha-beta at depth { $depth } with the game's evaluation (inaccuracy, mistake, blunder as in docs/ai.md).
review_accuracy = { $side }: { $percent }% accuracy ({ $kept } of { $judged } moves kept the value)
review_accuracy_none = { $side }: no move judged
review_no_slip = No move changed the result with best play.
review_slipped = The result slipped at move { $ply } ({ $side }, { $played }): { $before } → { $after }.
review_best = Best: { $moves }
review_chart = The value over the game for { $side }, from losing (bottom) to winning (top); the line across marks where the result slipped
review_axis_ply = Ply
review_axis_value = Value for { $side }
review_axis_win = win
review_axis_draw = draw
review_axis_loss = loss
review_win = win in { $plies }
review_loss = loss in { $plies }
review_draw = draw
review_margin = { $points } points
review_eval = evaluation { $score }
review_verdict_best = best
review_verdict_kept = kept the result
review_verdict_worse = same result, fewer points
review_verdict_slip = the result slipped
review_verdict_good = good
review_verdict_inaccuracy = inaccuracy
review_verdict_mistake = mistake
review_verdict_blunder = blunder
review_verdict_unknown = not judged
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
rules_try_wrong = That is not the next cell of { $move }: click the highlighted one.
rules_try_done = Played { $move }.
rules_try_again = Again
rules_diagram_error = This diagram could not be drawn: { $error }
rules_diagram_label = Diagram: { $caption }
md_table = Table
md_table_label = Table: { $columns }
cards_title = The five cards
cards_flip_hint = Click a card to flip it to its other face.
cards_code = Code
card_alt = Card { $n }, { $name }, { $colour } face: { $face }
card_flip = Card { $n }, { $name }: { $face } ({ $colour } face). Click to flip.
game_cards = Rule set: the five cards

## Super Dimensiones' cards, as the alt texts and the picker's buttons name them (web/cards.js)
card_name_1 = Dimension
card_name_2 = Strategy
card_name_3 = Tactics
card_name_4 = Formation
card_name_5 = Power
card_face_M = Multidimensional
card_face_I = Interdimensional
card_face_D = Distract
card_face_C = Conquer
card_face_A = Armour
card_face_N = No armour
card_face_W = Western
card_face_E = Eastern
card_face_R = Real
card_face_S = Symbolic
card_red = red
card_blue = blue

## The designer's lab page (#21)
lab_title = Designer's lab
lab_intro = Surveys and exact studies written by `tablero lab`. A survey still being played shows its progress, updated every 2 seconds.
lab_none = No reports in the lab folder (start the server with --lab DIR).
lab_back = All reports
lab_state_finished = finished
lab_state_running = running
lab_state_stopped = stopped before the end
lab_games_done = { $done }/{ $total } games
lab_variant_count = { $n ->
    [one] 1 variant
   *[other] { $n } variants
}
lab_progress = Progress
lab_progress_label = Games played
lab_progress_text = { $done } of { $total } games played ({ $units } of { $units_total } pairs).
lab_progress_variants = Games so far, per variant
lab_no_report = No figures yet: the report is written when the survey ends.
lab_figures = Figures per variant (95 % intervals in brackets)
lab_ladder = Skill ladder: the stronger level's score
lab_layouts = Layouts, best first
lab_exact_starts = The start, for each first player
lab_shares = Positions won / drawn / lost for the side to move: { $won } / { $drawn } / { $lost } (of { $positions }).
lab_plots = Plots
lab_plot_first = First player's win rate per variant, with its 95 % interval
lab_plot_draws = Draw rate per variant, with its 95 % interval
lab_plot_lengths = Game length in plies per variant: quartiles, median, extremes and mean
lab_plot_ladder = Skill ladder: the stronger level's score per rung
lab_plot_other = Plot { $file }
lab_col_variant = Variant
lab_col_players = Players
lab_col_games = Games
lab_col_first = First player wins
lab_col_second = Second player wins
lab_col_draws = Draws
lab_col_capped = Ended by the cap
lab_col_balance = Balance
lab_col_length = Length: median [quartiles]
lab_col_branching = Branching
lab_col_lead_changes = Lead changes
lab_col_decided = Decided at
lab_col_drama = Drama
lab_col_coverage = Coverage
lab_col_rung = Rung
lab_col_score = Score
lab_col_elo = Elo
lab_col_layout = Layout
lab_col_first_a = Red first
lab_col_first_b = Blue first
lab_col_losing_first = Losing first moves
lab_col_shares = Won / drawn / lost
lab_col_longest = Longest win
lab_col_first_player = First player
lab_col_value = Value
lab_col_first_n = First won
lab_col_second_n = Second won
lab_col_draws_n = Drawn
lab_value_win = win
lab_value_draw = draw
lab_value_loss = loss
lab_value_in = { $value } in { $plies }
lab_col_worst = Worst first move
lab_col_mistakes = Mistakes (largest drop)
lab_col_perfect = Perfect games (turns)

# The server's own error answers (`code` and `args` of an error answer,
# docs/web-api.md, "Errors"); the games' and the table's are in games.ftl.
api_no_game = no game "{ $id }"
api_changed_meanwhile = the game changed at the same time; try again
api_bad_first = first must be 0 or 1, not { $first }
api_unknown_game = unknown game "{ $game }": the games are { $games }
api_no_two_games = { $game } has no two-game match
api_bad_level = level { $level } does not exist: levels are 1 to 5
api_ply_beyond = ply { $ply } is beyond the game's { $plies } plies
api_too_many_tokens = at most { $max } tokens
api_rematch_spectator = you hold no seat in this game (a spectator cannot ask for a rematch)
api_rematch_not_over = the game is not over: a rematch follows a finished game
api_hint_spectator = you hold no seat in this game (a spectator gets no hints)
api_hint_levels = hints are given only against the computer at levels 1 to { $max }
api_hint_not_your_turn = a hint is for your turn in a game in progress
api_internal = internal error: the server failed; try again later
api_database_unavailable = the database is unavailable; try again shortly
api_database_full = the server cannot store anything right now (its disk is full): nothing was changed; try again later
api_nul_byte = a request may not hold a NUL character (U+0000)
api_body_not_object = the body must be a JSON object
api_too_many_requests = too many requests: try again in { $seconds } s
api_too_many_solves = too many solves: try again in { $seconds } s
api_solver_busy = the solver is busy; try again shortly
api_analysis_busy = the analysis is busy; try again shortly
api_method_not_allowed = method not allowed
api_request_timeout = the request took too long
api_not_found = not found
api_bad_request = the request's address or parameters could not be read: { $reason }
api_slow_down = too many requests; try again shortly
api_refused = refused (HTTP { $status })
api_body_too_large = the request body is over { $bytes } bytes
api_body_too_slow = the request body came too slowly
api_body_unreadable = the request body could not be read
api_not_json = the body must be JSON (Content-Type: application/json)
api_needs_json_body = the request needs a JSON body: { $error }
api_bad_json = bad JSON body: { $error }
api_json_missing_field = missing field `{ $field }` at line { $line } column { $column }
api_json_unknown_field = unknown field `{ $field }`, { $expected } at line { $line } column { $column }
api_json_unknown_value = unknown value `{ $value }`, { $expected } at line { $line } column { $column }
api_json_bad_value = a value of the wrong kind ({ $detail }) at line { $line } column { $column }
api_json_syntax = this is not JSON ({ $detail }): line { $line }, column { $column }
api_no_route = no API route { $path }
api_no_action = no action "{ $action }": the actions are { $actions }
api_bad_layout = layout { $layout }: { $error }
api_layout_name = a layout's name has 1 to { $max } characters
api_no_layout = no layout "{ $id }"
api_not_your_layout = layout "{ $id }" is not yours: save a copy to change it
api_no_such_game = no game "{ $game }": the games are { $games }
api_too_many_moves = { $n } moves: at most { $max }
api_move_after_end = move { $n } ("{ $move }"): the game is over
api_move_refused = move { $n } ("{ $move }"): { $error }
api_bad_parameter = unknown { $name } "{ $value }" ({ $choices })
api_no_file = no such file "{ $file }": ask for { $example }
api_no_card = no card "{ $card }": the cards are 1 to 5
api_ws_binary = messages are JSON text
api_ws_too_long = a message is at most { $bytes } bytes
api_ws_closed_too_many = too many messages
api_ws_too_many = too many messages: wait { $ms } ms
api_ws_bad_message = bad message: { $error }
api_server_full = the server has too many connections
api_address_full = too many connections from one address
api_timeout = The server did not answer in time.
api_lab_bad_name = bad report name
api_lab_none = no lab folder is served
api_lab_no_report = no such report
api_lab_bad_file = bad file name
api_lab_not_served = only a report's plots and JSON are served
api_lab_no_file = no such file in this report
api_no_static_file = no file { $path }

## Lobby
# The lobby page (web/lobby.js) and its error answers (docs/web-api.md, "Lobby").
lobby_link = Find an opponent
lobby_title = Lobby
lobby_intro = Post a seek and wait for someone to take it, take one of the open seeks, or play the computer. Your seek is cancelled when you leave this page.
lobby_post_title = Post a seek
lobby_game = Game
lobby_colour = Your side
lobby_colour_first = { $side } (moves first)
lobby_colour_second = { $side } (moves second)
lobby_colour_random = Random
lobby_post = Post seek
lobby_play_now = Play now
lobby_open_title = Open seeks
lobby_no_seeks = No one is waiting right now: post a seek, or play now.
lobby_connecting = Connecting to the lobby…
lobby_you_play = You play: { $side }
lobby_casual = Casual
lobby_rated = Rated
lobby_rated_box = Rated game
lobby_rated_needs_account = (log in to play rated games)
lobby_rated_needs_clock = (a rated game needs a clock)
lobby_computer_rating = The level's fixed rating: a game against it with "Rated game" ticked (logged in, with a clock) counts it
lobby_yours_waiting = Your seek: waiting for an opponent
lobby_accept = Accept
lobby_cancel = Cancel
lobby_computers_title = The computer
lobby_computer = Computer, level { $n }
lobby_always = Always available, starts at once
lobby_play = Play
api_no_seek = no seek "{ $id }"
api_seek_gone = the seek "{ $id }" was taken or cancelled meanwhile
api_seek_not_yours = only the seek's owner may cancel the seek "{ $id }"
api_seek_own = this is your own seek: another player takes it
api_seek_rated_login = a rated game needs an account: log in, or play a casual game
api_seek_rated_clock = a rated game needs a clock or days per move
api_rated_level = the computer at level { $level } has no measured rating in this game: play it casual
api_rated_two_computers = a game between two computers is never rated
api_rated_same_account = a rated game needs two different players: both seats are one account
api_rated_match = a two-game match is casual: rated games are single games
api_hint_rated = no hints in a rated game while it is played (fair play): ask for one in a casual game, or analyse the game once it is over

## Accounts
# The account box in the header (web/account.js) and the account routes' errors (docs/web-api.md, "Accounts").
api_account_bad_name = a name has 3 to 20 letters (a to z, without accents), digits, _ or -
api_account_reserved_name = the name { $name } is kept for the computer or the app
api_account_bad_password = a password has at least { $min } characters
api_account_name_taken = the name { $name } is taken
api_account_name_held = the name { $name } belonged to an account deleted lately: it is free again in { $days ->
    [one] 1 day
   *[other] { $days } days
  }
api_account_wrong_password = the password is wrong
api_login_failed = wrong name or password
api_not_logged_in = you are not logged in
api_cross_site = this request must come from the app's own pages (its Origin is another site's)
api_seat_not_yours = you do not hold this seat's link: only its player may take it
api_seat_taken = another account already plays this seat
account_login = Log in
account_signup = Sign up
account_logout = Log out
account_logout_all = Log out everywhere
account_name = Name
account_password = Password
account_signup_note = An account is optional. Signing up keeps the games of this browser; logged in, you can play them from any device.
account_signed_in = Logged in as { $name }

## Profiles
# The profile page /@/NAME and the leaderboards /leaderboard (web/profile.js), and their routes' errors (docs/web-api.md, "Profiles and leaderboards").
api_no_player = no player { $name }
api_no_pool = no rating pool { $pool }: the pools are { $pools }
profile_since = Playing since { $date }
profile_private = Private profile
profile_private_note = Only you see this profile: it is not listed on the leaderboards.
profile_ratings = Ratings
profile_no_ratings = No rated games yet.
profile_rating = { $rating } ± { $deviation }
profile_provisional = provisional
profile_rated_games = { $n ->
    [one] 1 rated game
   *[other] { $n } rated games
}
profile_counts = { $games ->
    [one] 1 game
   *[other] { $games } games
}: { $wins } won, { $draws } drawn, { $losses } lost, { $playing } in progress
profile_games = Games
profile_filter_game = Game
profile_filter_result = Result
profile_filter_opponent = Opponent
profile_filter_opponent_hint = a player's name
profile_any = Any
profile_result_win = Won
profile_result_loss = Lost
profile_result_draw = Drawn
profile_result_playing = In progress
profile_result_over = Over
profile_vs_computer = Computer, level { $level }
profile_vs_anonymous = Anonymous
profile_vs_self = Same screen
profile_no_games = No games.
profile_more = More games
profile_download = Download all games (zip)
profile_col_date = Date
profile_col_game = Game
profile_col_opponent = Opponent
profile_col_result = Result
profile_col_rating = Rating
profile_col_moves = Moves
profile_game_meta = { $date } · { $moves } { $moves ->
    [one] move
   *[other] moves
  }
profile_game_draughts = Draughts
profile_casual = casual
profile_my = My profile
leaderboard_title = Leaderboards
leaderboard_link = Leaderboards
leaderboard_empty = No established ratings yet.
leaderboard_note = Glicko-2 ratings. A rating is listed once its deviation is 110 or less; private profiles are not listed.
leaderboard_col_rank = #
leaderboard_col_player = Player
leaderboard_col_rating = Rating
leaderboard_col_games = Games
leaderboard_all = All leaderboards
pool_draughts-russian = Draughts (Russian)
pool_draughts-turkish = Draughts (Turkish)
pool_draughts-english = Draughts (English)
dim_end_no_pieces = { $army } has no pieces left
dim_end_blocked = { $army } could not move
dim_end = { $first }; { $second }

## Explorer

api_explore_not_exact = the explorer is for the games with exact values ({ $games }), not "{ $game }"
ex_title = Explorer: { $game }
ex_open = Explore
ex_open_title = Every move of this position with its exact value and how this server’s games played it
ex_moves = Every move
ex_col_move = Move
ex_col_value = Exact value
ex_col_played = Times played
ex_col_results = Results for the side to move
ex_results = { $wins } won, { $draws } drawn, { $losses } lost
ex_not_played = —
ex_beyond = beyond reach
ex_beyond_note = This position is beyond the endgame solver’s reach and this server has no Linja table: the moves are listed without values (the command “tablero solve linja --build-table” builds it).
ex_exact_note = Exact values with perfect play from both sides. Click a move to go one move deeper.
ex_reached = { $n ->
    [0] No finished game on this server reached this position.
    [one] One finished game on this server reached this position.
   *[other] { $n } finished games on this server reached this position.
  }
ex_counted = Counted over the { $games } most recent finished games of this game and variant, up to { $plies } moves in.
ex_too_deep = Games are counted only up to { $plies } moves in.
ex_beyond_note_dimensiones = Super Dimensiones has exact values only inside its endgame tables (one sub-game decided, the other with few pieces left) when this server has them installed: outside them the moves are listed without values (the command “tablero solve dimensiones --build-table” builds them).
ex_set_up = Games are counted from the game’s start only, not from a position set up on the board.
ex_line = Moves so far
ex_start = Start
ex_to_analysis = Open in the analysis board

## Puzzles

api_puzzle_no_game = which game? add ?game=NAME
api_puzzle_bad_number = { $name }="{ $value }" is not a number
api_puzzle_bad_rating = { $name } { $value } is out of range: a rating is 100 to 4000, a deviation 30 to 350
api_puzzles_none = no puzzles of { $game } yet: they are being made; try again in a minute
api_puzzles_none_chosen = no { $game } puzzles of that choice (variant { $variant }, theme { $theme }): choose another theme
api_no_puzzle = no puzzle "{ $id }"
api_puzzle_bad_move = move "{ $move }": { $error }
api_puzzle_no_player = who is answering? log in, or let this browser keep its puzzle cookie (ask for a puzzle first): a try is counted before its answer is shown
api_puzzle_busy = other answers of yours are being counted: try again

## Puzzles (web/puzzles.js)
pz_link = Puzzles
pz_title = Puzzles
pz_title_game = { $game } puzzles
pz_game = Game
pz_variant = Variant
pz_any_variant = Any variant
pz_theme_label = Theme
pz_any_theme = Any theme ({ $count })
pz_theme_count = { $theme } ({ $count })
pz_theme_win_in = Win in { $n }
pz_theme = { $theme ->
    [only-draw] Only move that holds the draw
    [only-win] Only winning move
    [best-margin] Most points
    [least-loss] Smallest loss
    [longest-defence] Slowest defeat
    [winning-blow] Winning blow
    [only-move] Only good move
   *[other] { $theme }
}
pz_to_move = { $side } to move: your move.
pz_task = Find the one best move: { $theme }. Difficulty { $difficulty }.
pz_waiting = The server is still making this game's puzzles; asking again in a moment…
pz_right_short = Right!
pz_wrong_short = Not the move.
pz_right = Right! { $move }: { $value }.
pz_wrong = { $move } is not the move: { $value }.
pz_answer_was = The answer: { $move } ({ $value }).
pz_rating = Your puzzle rating: { $rating } ± { $deviation }
pz_streak = Streak: { $n }
pz_next = Next puzzle
pz_skip = Skip
pz_show_answer = Show the answer
pz_show_mine = Show my move
pz_proof = Every move, by the solver or the search
pz_col_value = Value
pz_yours = your move

# In-game tools (issues #44 and #49, helper H49): abort, takeback, the next-game queue, private notes, positions to share (web/play/tools.js; docs/web-api.md, "Tools in a game").
api_abort_too_late = both sides have moved: the game can no longer be aborted (resign or offer a draw instead)
api_takeback_people_only = takebacks are between people; against the computer, use undo (games without a clock)
api_takeback_nothing = there is no turn of yours to take back: a takeback is offered by the player who has just moved, before the other side replies
api_takeback_no_offer = there is no takeback offer of the other side to answer
api_notes_not_yours = notes are private: only a player of this game can read or write their own
api_notes_too_long = a note holds at most { $max } characters (this one has { $length })
tools_abort = Abort game
tools_takeback_offer = Propose takeback
tools_takeback_accept = Accept takeback
tools_takeback_decline = Decline takeback
tools_takeback_offered = { $side } proposes to take back their last move.
tools_takeback_sent = Takeback proposed: waiting for the other side.
tools_next = Next game
tools_next_title = The next game where it is your move, most urgent first (key n)
tools_next_none = No other game is waiting for your move.
tools_auto_next = Go to my next game after each move
tools_notes = Private notes
tools_notes_hint = Only you can read these notes.
tools_notes_saved = Saved
tools_notes_saving = Saving…
tools_notes_failed = Not saved: { $error }
tools_share = Share
tools_ply_link = Link to this position
tools_ply_copied = Link copied
tools_download_record = Download the record
tools_board_png = Board image (PNG)

## People, who is online, live games (#44, H44W)
# Follow and block (web/people.js on the profile /@/NAME, the page /following, the account page), the online count on the home page, the live games page /watch, the rating chart on the profile; routes in docs/web-api.md, "People".
api_relation_refused = cannot { $relation ->
    [follow] follow
   *[block] block
} this player: not yourself, not between blocked players, and at most { $max }
people_follow = Follow
people_unfollow = Unfollow
people_block = Block
people_unblock = Unblock
people_online = online
people_offline = offline
people_playing_now = Playing now
people_following_title = People you follow
people_following_none = You follow nobody yet. Open a player's profile and press Follow.
people_following_link = Following
people_blocked_title = Blocked players
people_blocked_none = You block nobody.
people_blocked_note = Blocked players cannot chat with you, challenge you or be paired with you.
people_login_needed = Log in to follow players.
people_online_count = { $n ->
    [one] { $n } player online
   *[other] { $n } players online
}
watch_title = Live games
watch_link = Watch
watch_featured = Featured game
watch_none = No game is being played right now.
watch_spectators = { $n ->
    [one] { $n } spectator
   *[other] { $n } spectators
}
watch_open = Watch
watch_col_players = Players
watch_col_rating = Rating
watch_col_clock = Clock
watch_col_spectators = Spectators
watch_rated = Rated
watch_casual = Casual
watch_next = Game over: switching to the next game…
chart_title = Rating over time
chart_axis_rating = Rating
chart_axis_games = Rated games
chart_none = No rated games yet.

## Chat (#44): a game's chat, mutes, reports and moderators (web/play/chat.js, routes/chat.rs)
api_chat_empty = a message cannot be empty
api_chat_too_long = a message has at most { $max } characters (this one has { $chars })
api_chat_control = a message is one line of text, without control characters
api_chat_login = log in to do this: the spectators' room, mutes and reports need an account
api_chat_players_only = only the game's two players speak in the players' room
api_chat_spectators_only = the players do not speak in the spectators' room
api_chat_blocked = one of you blocked the other: no chat between you
api_chat_too_fast = you are writing too fast ({ $burst } messages in { $window } seconds): wait { $seconds } s
api_chat_mute_self = you cannot mute yourself
api_chat_too_many_mutes = you mute { $max } players already: unmute one first
api_chat_bad_reason = no such reason "{ $reason }": the reasons are { $reasons }
api_chat_note_too_long = a report's note has at most { $max } characters
api_chat_no_line = no message "{ $id }"
api_chat_report_nothing = a report names a message or a player
api_chat_too_many_reports = at most { $max } reports an hour: try again later
api_chat_not_moderator = only moderators may do this
chat_title = Chat
chat_players = Players
chat_spectators = Spectators
chat_placeholder = Say something…
chat_send = Send
chat_none = No messages yet.
chat_players_private = Only the two players read this room while the game is played.
chat_closed_for_players = The spectators' room opens to you when the game ends.
chat_login_to_speak = Log in to talk in the spectators' room.
chat_read_only = Only the two players speak here.
chat_player_speaks_elsewhere = You are playing: talk in the players' room.
chat_seat = { $seat ->
    [0] Player 1
   *[other] Player 2
  }
chat_mute = Mute
chat_unmute = Unmute
chat_muted = { $name } is muted: you no longer see their messages.
chat_report = Report
chat_report_title = Report { $name }
chat_report_reason = Why?
chat_reason = { $reason ->
    [abuse] Insults or abuse
    [spam] Spam
    [cheat] Cheating
   *[other] Something else
  }
chat_report_note = Anything to add (optional)
chat_report_send = Send the report
chat_cancel = Cancel
chat_reported = Reported, thank you: a moderator will look at it.
chat_hide = Hide
chat_hide_title = Hide this message for everyone (moderator)
chat_mark = Hide their chat
chat_mark_title = Hide all of this player's messages from others (moderator)
chat_message_actions = Message actions

## ---- Challenges, notices socket, seeks with faces (H44A, issue #44) ----
api_challenge_login = log in to challenge a player or answer a challenge
api_challenge_self = you cannot challenge yourself
api_challenge_refused = { $name } does not take challenges from you
api_challenge_again = you have challenged { $name } already: wait for an answer, or cancel it
api_challenge_too_many = you have { $max } challenges open: cancel one or wait for an answer
api_challenge_rate = at most { $max } challenges an hour: wait { $seconds } seconds
api_no_challenge = no challenge "{ $id }"
api_challenge_not_yours = the challenge "{ $id }" is not yours to answer
api_challenge_gone = the challenge "{ $id }" was answered, cancelled or expired meanwhile
ch_challenge = Challenge { $name }
ch_send = Send the challenge
ch_close = Close
ch_sent = Challenge sent to { $name }: waiting for an answer
ch_cancel = Cancel the challenge
ch_again = Challenge again
ch_cancelled = Challenge to { $name } cancelled
ch_expired = The challenge to { $name } expired
ch_accepted = { $name } accepted: to the game
ch_declined = { $name } declined: { $reason }
ch_incoming = { $name } challenges you
ch_accept = Accept
ch_decline = Decline
ch_dismiss = OK
ch_reason = Reason
ch_rated = rated
ch_casual = casual
ch_side_random = sides drawn at random
ch_you_play = you play { $side }
ch_reason_generic = I'm not taking challenges
ch_reason_later = Not now, please ask later
ch_reason_too_fast = Too fast for me
ch_reason_too_slow = Too slow for me
ch_reason_casual_only = Casual games only
ch_reason_rated_only = Rated games only
ch_reason_other_game = Another game, please
ch_who = Who may challenge me
ch_who_everyone = Everyone
ch_who_following = People I follow
ch_who_nobody = Nobody
ch_who_saved = Saved: { $who }
api_seek_cap = you have { $max } open seeks: cancel one, or wait for a player to take one
api_seek_bad_range = the lowest rating ({ $min }) is above the highest ({ $max })
api_seek_out_of_range = this seek is for players rated { $min } to { $max } in its pool (log in to take it)
api_seek_blocked = this seek is not open to you
lobby_anonymous = anonymous
lobby_range = Opponent's rating
lobby_range_hint = optional: only players rated within it can take the seek
lobby_range_shown = for { $min }–{ $max }
lobby_range_min = lowest rating
lobby_range_max = highest rating

## Courses (/learn, issue #46)
learn_link = Learn
learn_link_game = Learn { $game } step by step
learn_title = Learn
learn_title_game = Learn { $game }
learn_tagline = Short lessons from the moves to winning technique: reach each goal on the board against the coach, in as few moves as you can.
learn_all_games = All the courses
learn_stars_of = { $got } of { $of } stars
learn_stage_n = stage { $n } of { $total }
learn_exercises = Exercises
learn_exercise_n = Exercise { $n } of { $total }: { $stars ->
    [0] not done yet
    [one] 1 star
   *[other] { $stars } stars
}
learn_goal = Goal:
learn_moves = Your moves: { $n } · fewest: { $par }
learn_your_move = Your move.
learn_coach_thinks = The coach answers…
learn_reached = Goal reached in { $n ->
    [one] 1 move
   *[other] { $n } moves
}: { $stars }
learn_missed = The goal is out of reach now. Try again.
learn_retry = Try again
learn_next = Next exercise
learn_next_stage = Next stage
learn_course_done = Back to the course
learn_claim = Claim the win (Jacke)

## Muted players and the moderators' page (#44)
people_muted_title = Muted in chat
people_muted_note = Their chat lines are hidden from you, in every game; they are not told.
people_muted_none = You mute nobody.
people_unmute = Unmute
mod_title = Moderation
mod_only = This page is for moderators.
mod_none = No reports.
mod_note = Reported chat lines, newest first. Hiding a line removes it for everyone; marking an account hides all its lines from everyone but itself.
mod_col_when = When
mod_col_player = Player
mod_col_line = Line
mod_col_game = Game
mod_col_reporter = Reported by
mod_col_act = Action
mod_game = Open the game
mod_hide = Hide the line
mod_mark = Mark the account
mod_unmark = Unmark
mod_hidden = The line by { $name } is hidden.
mod_marked = { $name } is marked: their lines are shown to them alone.
mod_unmarked = { $name } is no longer marked.

## Tournaments (#45): the API's messages
api_tournament_login = log in to make, join or leave a tournament
api_no_tournament = there is no tournament "{ $id }"
api_tournament_clock = a tournament needs a clock: minutes (5+3) or days per move (3d)
api_tournament_arena_live = an arena is played with a clock in minutes, not days per move
api_tournament_private = this tournament is private: join it with its link
api_tournament_over = the tournament is over
api_tournament_started = the round-robin has started: no new players
api_tournament_full = the tournament is full ({ $max } players)
api_tournament_busy = too many players joined at once: try again
api_tournament_not_in = you are not in this tournament
api_tournament_not_creator = only the tournament's creator can start it
api_tournament_cannot_start = the tournament cannot start: it has started already or has fewer than two players

## Tournaments (#45): the pages
tn_title = Tournaments
tn_new = New tournament
tn_name = Name
tn_name_hint = (optional)
tn_kind = Kind
tn_kind_arena = Arena
tn_kind_swiss = Swiss
tn_kind_round_robin = Round-robin
tn_default_name = { $game } { $kind }
tn_game = Game
tn_clock = Clock (5+3, or 3d for days per move)
tn_minutes = Length (minutes)
tn_rounds = Rounds
tn_cycles = Cycles
tn_cycles_1 = Once
tn_cycles_2 = Twice, seats swapped
tn_starts_in = Starts in (minutes)
tn_rated = Rated games
tn_private = Private (only with its link)
tn_create = Create the tournament
tn_login_to_make = Log in to make a tournament.
tn_login_to_join = Log in to join.
tn_running = Playing now
tn_upcoming = Starting soon
tn_finished = Finished
tn_none = None.
tn_rated_short = rated
tn_casual_short = casual
tn_rounds_of = round { $n } of { $of }
tn_starts = Starts { $when }
tn_ends = Ends { $when }
tn_state_upcoming = Not started
tn_state_running = Playing
tn_state_finished = Finished
tn_state_in = in
tn_state_paused = paused
tn_state_withdrawn = withdrawn
tn_join = Join
tn_pause = Pause
tn_withdraw = Withdraw
tn_start = Start now
tn_your_game = Go to your game
tn_share = Share this link to invite players:
tn_standings = Standings
tn_crosstable = Crosstable
tn_rank = #
tn_player = Player
tn_rating = Rating
tn_points = Points
tn_games = Games
tn_streak = Streak
tn_buchholz = Buchholz
tn_sb = S-B
tn_round_n = R{ $n }

## Leagues (#45): correspondence leagues in editions
api_tournament_league_days = a league is played at days per move (3d), not with a clock in minutes
api_league_started = this edition of the league has started: join its next edition
api_tournament_bots_casual = bots play casual games only: a tournament that admits bots cannot be rated
api_tournament_no_bots = this tournament does not admit bots
tn_kind_league = League
tn_edition_n = edition { $n }
tn_group_n = Group { $n }
tn_groups = Groups
tn_next_edition = Next edition
tn_previous_edition = Previous edition
tn_league_rule = Groups of 4 to 7 players by rating, everyone plays everyone at days per move; each group's winner goes up a group and its last goes down in the next edition.
tn_moves_up = up
tn_moves_down = down
tn_waiting = Waiting for the next edition
tn_first_seat = moving first
tn_second_seat = moving second
tn_allow_bots = Bot accounts may join (casual games only)
tn_bots_welcome = bots welcome
push_group_title = League group
push_group_body = Your league group is made: { $games } games are waiting.
mail_group_subject = Your group in { $league }: group { $group }
mail_group_intro = Edition { $edition } of { $league } ({ $game }, { $clock } per move) has started. You play in group { $group }, against { $opponents }: { $games } games, all started now. The league: { $url }

## ---- Bot accounts and the bot API (H45B, issue #45) ----
api_bot_login = log in to make or manage bot accounts
api_bot_by_bot = a bot cannot own a bot
api_bot_too_many = you have { $max } bot accounts already
api_bot_not_yours = { $name } is not one of your bots
api_no_bot = no bot named { $name }
api_bot_token = this needs a bot's API token (Authorization: Bearer TOKEN); a revoked token no longer works
api_bot_not_in_game = this bot holds no seat in game { $id }
api_bot_casual_only = bots play casual games only: challenge { $name } to a casual game
player_bot_badge = BOT

## Vacation and the time bank, conditional moves (issue #49, H49V)
api_vacation_days = a vacation is of 1 to { $left } whole days (you have { $left } left this year; asked { $days })
api_vacation_too_far = a vacation may be announced at most { $days } days ahead
api_vacation_already = you are on vacation already, or have announced one: come back first
api_vacation_not_away = you are not on vacation and have announced none
api_vacation_forbidden = { $games ->
    [one] game { $game } forbids vacation: its clock would keep running. Send "anyway" to go all the same
   *[other] { $games } games (such as { $game }) forbid vacation: their clocks would keep running. Send "anyway" to go all the same
}
api_conditional_not_yours = conditional moves are private: only the player of one seat of this game can read or write their own
api_conditional_correspondence = conditional moves are for correspondence games (days per move) that are not over
api_conditional_your_turn = it is your move: conditional moves are entered while you wait for your opponent's
api_conditional_illegal = the move { $move } is not legal in its line's position: { $why }
api_conditional_twice = the move { $move } starts two lines at the same place: keep one
api_conditional_no_answer = after { $move } there is no move of the other side to answer (the game ends, or the same side moves again)
api_conditional_too_big = conditional moves hold at most { $most } moves in all
api_conditional_bad = that move cannot be read
vacation_title = Vacation
vacation_left = { $days } vacation days left this year: while you are away, your correspondence clocks stop.
vacation_away = On vacation until { $when } ({ $days } days left this year).
vacation_planned = Vacation from later, until { $when } ({ $days } days left this year).
vacation_days = Days
vacation_go = Go on vacation
vacation_back = Come back now
vacation_until = on vacation until { $when }
vacation_forbidden_confirm = { $games ->
    [one] One of your games forbids vacation: its clock will keep running. Go all the same?
   *[other] { $games } of your games forbid vacation: their clocks will keep running. Go all the same?
}
challenge_no_vacation = No vacation (the clocks run even when a player is away)
conditional_title = Conditional moves
conditional_help = While you wait: if they play…, answer… (moves in the game's notation; one line per row, as "their move, your answer, their move, your answer…").
conditional_save = Save the lines
conditional_clear = Clear
conditional_saved = { $lines ->
    [0] No conditional moves.
    [one] One line kept, private until played.
   *[other] { $lines } lines kept, private until played.
}
conditional_plan = Build them on the analysis board
conditional_plan_help = Play their move and your answer on the board (more pairs make a longer line), then add the line. Lines sharing a beginning make a tree.
conditional_add = Add this line
conditional_if = if { $their }, { $mine }
conditional_remove = Remove the line that starts { $move }
conditional_conflict = You already answer { $move } with { $answer }: remove that line first.

## ---- The installable app, Web Push, the screen-reader mode, the game's GIF (H49P, issue #49) ----
# web/manifest.webmanifest (filled in per language by routes/push.rs), the offline page /offline, web/push.js, web/play/blind.js; docs/web-ui.md, "The installable app".
pwa_name = tablero: abstract board games
pwa_description = Play Imago, Jarmo, Linja, Super Dimensiones and draughts, live or by correspondence.
pwa_offline_title = You are offline
pwa_offline_text = tablero cannot reach its server just now. Your games are kept there; they will be here again as soon as you are back online.
pwa_offline_retry = Try again
api_push_login = log in to receive push notifications
api_push_bad_subscription = this push subscription cannot be used (its { $why } does not read)
api_push_too_many = an account keeps at most { $max } browsers for push notifications
api_push_no_subscription = you have no push subscription { $id }
push_turn_title = Your move
push_turn_body = A game is waiting for your move ({ $ply ->
    [one] 1 move
   *[other] { $ply } moves
} played).
push_challenge_title = New challenge
push_challenge_body = Someone has challenged you to a game.
push_round_title = Tournament round
push_round_body = Round { $round } has begun: your game is ready.
push_on = Notifications on this device
push_kinds = Notify me of
push_kind_turn = my turn in a game
push_kind_challenge = challenges to me
push_kind_tournament = my tournament rounds
push_login = Log in to get notifications.
push_denied = The browser does not allow notifications for this site.
setting_blind = Screen-reader mode (the board as text)
blind_title = Screen-reader mode
blind_input_label = Your move or a command
blind_send = Send
blind_log = What happened
blind_help = Type a move as the move list writes it, then Enter. Commands: board or b (the pieces by cell), moves or m (the legal moves), clock or c (the clocks), last or l (the last move), help or h.
blind_board = { $cells }. Empty: { $n }.
blind_nothing = no pieces
blind_moves = { $n ->
    [one] 1 legal move
   *[other] { $n } legal moves
}: { $moves }
blind_last = Move { $n }: { $side } played { $move }.
blind_unknown = “{ $text }” is neither a legal move nor a command. Type help for the commands.
api_gif_too_long = this game has { $plies } moves; its GIF shows at most { $max }
gif_link = The whole game as a GIF
