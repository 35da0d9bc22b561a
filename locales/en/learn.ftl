# The courses (lichess's Learn): tablero_ai::course. A stage's texts are
# learn-STAGE-title and learn-STAGE-intro; a goal's sentence is
# learn-goal-KIND with the goal's numbers.

learn-title = Learn { $game }
learn-par = { $par ->
    [one] Three stars for doing it in 1 move.
   *[other] Three stars for doing it in { $par } moves.
}
learn-stars = { $stars ->
    [one] 1 star
   *[other] { $stars } stars
}

learn-goal-reach = Bring one of your pieces to { $square }.
learn-goal-row = Bring one of your pieces to row { $row }.
learn-goal-push = Push one of your opponent's pieces to { $square }.
learn-goal-capture = { $pieces ->
    [one] Capture an enemy piece.
   *[other] Capture { $pieces } enemy pieces.
}
learn-goal-arrive = { $archers ->
    [one] Bring an archer to the enemy's first row.
   *[other] Have { $archers } archers on the enemy's first row.
}
learn-goal-return = Bring a lost archer back.
learn-goal-crown = Crown a queen.
learn-goal-extra-turn = Earn an extra turn.
learn-goal-win = Win.
learn-goal-hold = { $moves ->
    [one] Keep the draw: make a move that does not lose.
   *[other] Keep the draw for { $moves } moves: never a move that loses.
}
learn-goal-claim = Claim the win (Jacke) as soon as it is certain.
learn-goal-margin = { $points ->
    [one] Win the game by at least 1 point.
   *[other] Win the game by at least { $points } points.
}

learn-error-unknown = there is no such exercise
learn-error-broken = the exercise does not read: { $error }
learn-error-illegal = move { $index } ({ $mv }) is not a legal move of yours here
learn-error-too-many = the exercise is over: no more moves
learn-error-claim = the claim is refused: the position is not a certain win

## Imago

learn-imago-step-title = Steps
learn-imago-step-intro = On your turn you step one of your two pieces one cell up, down, left or right, onto an empty cell, never across a wall. Red's pieces head right, towards the red goals h1 and h6; Blue's head left. Your opponent moves too, and each of their steps pushes one of your pieces, so plan your route as the board changes.
learn-imago-push-title = The push
learn-imago-push-intro = After your step you choose one of your opponent's pieces: it moves one cell the opposite way to your step. Step right and it goes left; step up and it goes down. A push into a wall, off the board, onto a taken cell or onto a goal leaves the piece where it is. Every move of yours helps you and hinders your opponent.
learn-imago-goal-title = Onto your goal
learn-imago-goal-intro = You win the moment one of your pieces steps onto one of your own goal cells. A piece next to its goal wins at once: look for that step before anything else, for both sides.
learn-imago-push-to-goal-title = Push to a goal
learn-imago-push-to-goal-intro = A goal is one step away only from the cell beside it, and your opponent will push you off the way if they can. Use your push to move the piece that guards or blocks the way, so that your next step reaches the goal whatever they do. Here there is exactly one move that wins; every other lets the win slip.
learn-imago-win-in-3-title = Win in three
learn-imago-win-in-3-intro = Longer wins are made of pushes: each step must also put the opponent's pieces where they cannot stop your next one. The computer defends as well as it can. Each position has exactly one winning first move.
learn-imago-hold-title = Hold the draw
learn-imago-hold-intro = Not every position can be won. When your opponent threatens to reach a goal, one move may save you and every other lose. Find it, and keep finding it: three moves without a losing one.
learn-imago-jacke-title = Jacke
learn-imago-jacke-intro = When the win is certain whatever your opponent does, you may claim it instead of moving: Jacke. tablero checks the claim with its solver; a claim in a position that is not a certain win is refused. These positions are certain wins: claim at once.
learn-imago-walls-title = Walls
learn-imago-walls-intro = A layout may add walls. Nothing crosses a wall: not a step, not a push. A piece pushed against a wall stays where it is, so walls make new defences and new ways to win. The board here has four walls on the left.

## Jarmo

learn-jarmo-lines-title = Along the lines
learn-jarmo-lines-intro = An archer moves along a line to the point at its other end, forwards or backwards. The lines do not follow the grid: many jump like a knight in chess. Look at the lines drawn on the board before every move.
learn-jarmo-capture-title = Capture
learn-jarmo-capture-intro = Move onto an enemy archer along a line to capture it: it leaves the board and your archer is marked. Capturing is never compulsory. Sometimes you need a move to get onto the right line first.
learn-jarmo-arrive-title = Arrive
learn-jarmo-arrive-intro = Your archers march to the enemy's first row. An archer that arrives there never moves again, and it scores two points at the end. You may arrive with a capture.
learn-jarmo-return-title = Returns
learn-jarmo-return-intro = A marked archer (one that has captured) that reaches the enemy's first row brings one of your lost archers back: put it on an empty point of your own first row, as part of the same move. Capture, then arrive, and your army grows again.
learn-jarmo-finish-title = Finish first
learn-jarmo-finish-intro = The game ends as soon as a player has all of its archers on the board on the enemy's first row. That player scores two points for each; the other scores two for each arrived archer and one for each other. Finish first, with the most archers you can.
learn-jarmo-race-title = The race
learn-jarmo-race-intro = When both armies race to the end, count the moves each side needs. The enemy may still capture an arrived archer by moving back onto its own first row: take the route it cannot cut.

## Linja

learn-linja-first-title = The first move
learn-linja-first-intro = A turn starts with a first move: one of your pieces goes one row forward, but not onto a full row (six pieces). Red moves up, Black down. If the row it reaches was empty, that is the whole turn.
learn-linja-count-title = Count the pieces
learn-linja-count-intro = The row your first move reaches decides the following move: count the pieces that were on that row before yours arrived. Then move one of your pieces exactly that many rows forward. It may jump over full rows but not land on one.
learn-linja-extra-title = An extra turn
learn-linja-extra-intro = When your following move lands on an empty field row, you play a whole turn more, once per turn (the publisher's rule). Plan a following move that lands on an empty row.
learn-linja-end-title = Ending the game
learn-linja-end-intro = The game ends the moment the two sides have passed each other: every red piece above every black piece. Then rows score for each side: 5, 3, 2 and 1 points per piece on the far rows. Ending the game at the right moment wins it.
learn-linja-margin-title = Every point counts
learn-linja-margin-intro = A win is more points than the other side, and the margin shows how well you played. Find the move that wins by the most.
learn-linja-tempo-title = Tempo
learn-linja-tempo-intro = Near the end, who moves when decides the points: a move too early lets the other side collect the far rows. There is exactly one way to keep the win here.

## Super Dimensiones

learn-dimensiones-move-title = Men
learn-dimensiones-move-intro = Super Dimensiones is two games of draughts at once. Here one battle is over, so only Red and Blue play: a man steps one square diagonally forward in the western formation.
learn-dimensiones-capture-title = Capture
learn-dimensiones-capture-intro = A man captures by jumping over an enemy piece to the empty square just beyond. If it can jump again, it goes on: a multiple capture. With card N (no armour) capturing is compulsory.
learn-dimensiones-crown-title = Crown a queen
learn-dimensiones-crown-intro = A man that reaches the far row is crowned queen.
learn-dimensiones-queen-title = Queens and the Power card
learn-dimensiones-queen-intro = With card R (real) a queen runs along a whole diagonal and captures from afar; with card S (symbolic) she moves one square at a time. The first position is played with R, the second with S.
learn-dimensiones-distract-title = Distract
learn-dimensiones-distract-intro = With the Strategy card D (distract) the battle is won by the army left with no pieces, or that cannot move. Give your pieces away: with card N your opponent must take them.
learn-dimensiones-eastern-title = The eastern formation
learn-dimensiones-eastern-intro = With card E (eastern) the armies stand in blocks and a man moves straight forward or sideways, and captures the same way.
learn-dimensiones-allies-title = Allies
learn-dimensiones-allies-intro = With card I (interdimensional) your two armies are allies: a piece may jump over an adjacent piece of your other army to the empty square beyond. It is not a capture, and it can carry a man far in one move.
learn-dimensiones-battle-title = Win the battle
learn-dimensiones-battle-intro = A battle is won when the enemy army has no pieces left or cannot move. A queen against a lone man wins if she cuts its way: trap it, then take it.
