# The print-and-play kits (crates/print): titles, notes, the cards of
# Super Dimensiones and the one-page rules. Every id in both languages.

print-cut-out = Pieces to cut out (along the dashed circles)
print-rules-heading = Rules in one page
print-size-cells = Cells { $mm } mm: print at 100 % (actual size)
print-size-points = Points { $mm } mm: print at 100 % (actual size)
print-size-rows = Rows { $mm } mm: print at 100 % (actual size)
print-size-squares = Squares { $mm } mm: print at 100 % (actual size)
print-goal = goal
print-imago-note = Layout: { $layout }. Thick lines are walls; dashed circles are the start cells.
print-jarmo-note = Variant { $variant }: filled points are the first rows. Archers start on them.
print-jarmo-marks = Yellow discs: marks for archers that have captured.
print-linja-note = Red moves up (row 0 to 7), Black down. Dashed circles: the start. The numbers right: points per piece at the end.
print-pieces = Pieces
print-army-red = Red
print-army-blue = Blue
print-army-aqua = Aqua
print-army-orange = Orange
print-cards-fronts = Super Dimensiones: the ten cards (fronts)
print-cards-backs = Backs: print on the back of the previous page (flip on the long edge)
print-card-in-kit = in this kit's rule set
print-dimensiones-note = Rule set { $variant }. The coloured squares outside the board are the signal cells; the black signal token starts on Red's. Dashed circles: the start.
print-dimensiones-pieces = Pieces and signal token
print-dimensiones-pieces-note = Six men per army, three kings (♛) per army to put on crowned men, and the black signal token.
print-dimensiones-kit-rules = This kit's rule set: { $variant }.
print-card-dimension = Dimension
print-card-dimension-multidimensional = Multidimensional
print-card-dimension-multidimensional-line = A player's two armies never interact.
print-card-dimension-interdimensional = Interdimensional
print-card-dimension-interdimensional-line = A piece may jump over its ally, in chains.
print-card-strategy = Strategy
print-card-strategy-distract = Distract
print-card-strategy-distract-line = The lower value wins.
print-card-strategy-conquer = Conquer
print-card-strategy-conquer-line = The higher value wins.
print-card-tactics = Tactics
print-card-tactics-armour = Armour
print-card-tactics-armour-line = Capturing is optional.
print-card-tactics-no-armour = No armour
print-card-tactics-no-armour-line = Capturing is compulsory.
print-card-formation = Formation
print-card-formation-western = Western
print-card-formation-western-line = Diagonal moves, alternate squares.
print-card-formation-eastern = Eastern
print-card-formation-eastern-line = Orthogonal moves, 2x3 blocks.
print-card-power = Power
print-card-power-real = Real
print-card-power-real-line = Flying kings.
print-card-power-symbolic = Symbolic
print-card-power-symbolic-line = Kings step one square.
print-face-red = red face
print-face-blue = blue face
print-rules-imago =
    # Goal
    Be the first to step one of your two pieces onto one of your goal cells: Red's are h1 and h6 (right), Blue's a1 and a6 (left).
    # Setup
    Put the two red pieces and the two blue pieces on their start cells (dashed circles; default b2, b5 and g2, g5). A layout may add walls: thick lines between two cells that nothing crosses. Red moves first.
    # A turn
    1. Step: move one of your pieces one cell up, down, left or right to an empty cell, without crossing a wall and never onto the other colour's goal cells.
    2. Push: then choose one enemy piece; it moves one cell the opposite way of your step (you stepped right: it moves left). It stays put if that cell is missing, behind a wall, taken or a goal cell. Choosing a piece that cannot move is how you push nothing.
    # Special cases
    Stepping onto your own goal cell wins at once, without a push. A push never moves a piece onto a goal cell. With no legal step you pass.
    # End
    You win when your step reaches one of your goal cells. Jacke: instead of moving, you may claim a win that you can force; in tablero the solver checks the claim. Players may agree a draw.
print-rules-jarmo =
    # Goal
    Cross the board with your archers and score more points than the other player.
    # Setup
    25 points joined by 39 lines (many jump like a chess knight). Each player has five archers on its own first row: Dark on row 1, Light on row 5 (the variant 'flipped' swaps them). Dark moves first.
    # A turn
    Move one archer along a line to the point at its other end, forwards or backwards: onto an empty point, or onto an enemy archer, which is captured (removed; its owner has lost it). The capturing archer gets a mark (put a mark token on it). Capturing is never compulsory.
    # Special cases
    An archer on the enemy's first row never moves again, but can still be captured. You may not shuttle an archer A-B, B-A, A-B, B-A in four of your moves in a row. With no legal move you pass. When a marked archer arrives on the enemy's first row, its owner may later put one lost archer back on an empty point of its own first row, unmarked (one per move).
    # End and score
    The game ends when one player has all its archers on the board on the enemy's first row: that player scores 2 points per archer; the other 2 per archer on the enemy's first row and 1 per other archer. More points wins; equal is a draw. After 200 moves without a capture the game ends, both scored the second way.
print-rules-linja =
    # Goal
    Race your twelve pieces past the other player's and score more points.
    # Setup
    Seven sticks make eight rows, 0 to 7. Red starts with 6 pieces on row 0 and one on each of rows 1 to 6; Black with 6 on row 7 and one on each of rows 1 to 6. Red moves up, Black down; pieces never move back. Rows 1 to 6 hold at most 6 pieces each (both colours). Red moves first.
    # A turn
    1. First move: move one of your pieces one row forward, not onto a full row.
    2. Following move: count the pieces that were on that row before your piece arrived; move one of your pieces (the same one too) exactly that many rows forward. It may pass full rows but not land on one, and stops at your goal line. It is compulsory when possible.
    # Special cases
    A first move onto your goal line gives a following move of 1. A first move onto an empty row gives no following move. Publisher's rules: a following move that lands on an empty row gives one more whole turn (once per turn); the seed's rules do not have it. With no legal first move you pass.
    # End and score
    The game ends the moment every Red piece is on a higher row than every Black piece (or after two passes in a row). Red scores 5, 3, 2, 1 per piece on rows 7, 6, 5, 4; Black the same on rows 0, 1, 2, 3. More points wins; equal is a draw.
print-rules-dimensiones =
    # Goal
    Two games of draughts at once on one 6x6 board: South plays Red and Aqua, North plays Blue and Orange. Red faces Blue and Aqua faces Orange; each pair is its own sub-game.
    # Setup
    Choose one card of each number, red or blue: the five cards are the rule set (code like M-C-N-W-R). Formation W: each army on its own colour of square in its two home rows; formation E: 2x3 blocks (Red a1-c2, Aqua d1-f2, Blue a5-c6, Orange d5-f6). The black signal token starts on Red's signal cell.
    # A turn
    The army under the signal token moves, then the token goes on to the next signal cell (Red, Blue, Aqua, Orange). Men move one square forward (W: diagonally; E: forward or sideways) and capture by jumping an enemy of the army they face; captures chain. A man reaching the far row is crowned king (put a king token on it).
    # The cards
    1 Dimension: M, a player's armies never help each other; I, a piece may jump over its ally. 2 Strategy: C conquer, the higher value wins; D distract, the lower value wins. 3 Tactics: A armour, capturing is optional; N no armour, capturing is compulsory. 4 Formation: W western, diagonal; E eastern, orthogonal. 5 Power: R real, flying kings; S symbolic, kings step one square.
    # End
    A sub-game ends when an army has no piece or no move; the other sub-game goes on. Each sub-game is won, lost or drawn by value (man 1, king 2). A player can win both, lose both, or split them.
print-rules-draughts =
    # Goal
    Capture or block all of the other player's pieces.
    # Setup
    An 8x8 board with a dark square at a1; twelve men each on the dark squares of the first three rows. { $first } moves first.
    # A turn
    A man moves one square diagonally forward and captures by jumping an enemy piece onto the empty square behind it; captures chain and are compulsory. A man reaching the far row becomes a king (put a king token on it). The variant (russian, turkish, english) sets how kings move and capture.
    # End
    A player with no piece or no move loses.
