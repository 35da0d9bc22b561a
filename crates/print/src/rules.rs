//! The one-page rules summaries, in English and Spanish, written from the
//! rules pages in docs/rules/ and the Spanish seed texts. A line starting
//! with `# ` is a heading.

use crate::Lang;

/// The summary of the game named `game` in `lang`, one paragraph a line.
#[must_use]
pub fn summary(game: &str, lang: Lang) -> &'static str {
    match (game, lang) {
        ("imago", Lang::En) => IMAGO_EN,
        ("imago", Lang::Es) => IMAGO_ES,
        ("jarmo", Lang::En) => JARMO_EN,
        ("jarmo", Lang::Es) => JARMO_ES,
        ("linja", Lang::En) => LINJA_EN,
        ("linja", Lang::Es) => LINJA_ES,
        ("dimensiones", Lang::En) => DIM_EN,
        ("dimensiones", Lang::Es) => DIM_ES,
        (_, Lang::En) => DRAUGHTS_EN,
        (_, Lang::Es) => DRAUGHTS_ES,
    }
}

const IMAGO_EN: &str = "\
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
You win when your step reaches one of your goal cells. Jacke: instead of moving, you may claim a win that you can force; in tablero the solver checks the claim. Players may agree a draw.";

const IMAGO_ES: &str = "\
# Objetivo
Sé el primero en llevar una de tus dos piezas a una de tus metas: las de Rojo son h1 y h6 (derecha), las de Azul a1 y a6 (izquierda).
# Preparación
Coloca las dos piezas rojas y las dos azules en sus casillas de salida (círculos discontinuos; por defecto b2, b5 y g2, g5). Una disposición puede añadir muros: líneas gruesas entre dos casillas que nada atraviesa. Empieza Rojo.
# Un turno
1. Paso: mueve una de tus piezas una casilla arriba, abajo, a la izquierda o a la derecha a una casilla vacía, sin cruzar un muro y nunca a las metas del otro color.
2. Empuje: después elige una pieza rival; se mueve una casilla en sentido contrario a tu paso (si pasaste a la derecha, ella va a la izquierda). Se queda donde está si esa casilla no existe, está tras un muro, ocupada o es una meta. Elegir una pieza que no puede moverse es la forma de no empujar nada.
# Casos especiales
Pisar una de tus metas gana en el acto, sin empuje. Un empuje nunca lleva una pieza a una meta. Si no tienes ningún paso legal, pasas.
# Final
Ganas cuando tu paso llega a una de tus metas. Jacke: en vez de mover, puedes reclamar una victoria que puedas forzar; en tablero el resolvedor comprueba la reclamación. Los jugadores pueden acordar tablas.";

const JARMO_EN: &str = "\
# Goal
Cross the board with your archers and score more points than the other player.
# Setup
25 points joined by 39 lines (many jump like a chess knight). Each player has five archers on its own first row: Dark on row 1, Light on row 5 (the variant 'flipped' swaps them). Dark moves first.
# A turn
Move one archer along a line to the point at its other end, forwards or backwards: onto an empty point, or onto an enemy archer, which is captured (removed; its owner has lost it). The capturing archer gets a mark (put a mark token on it). Capturing is never compulsory.
# Special cases
An archer on the enemy's first row never moves again, but can still be captured. You may not shuttle an archer A-B, B-A, A-B, B-A in four of your moves in a row. With no legal move you pass. When a marked archer arrives on the enemy's first row, its owner may later put one lost archer back on an empty point of its own first row, unmarked (one per move).
# End and score
The game ends when one player has all its archers on the board on the enemy's first row: that player scores 2 points per archer; the other 2 per archer on the enemy's first row and 1 per other archer. More points wins; equal is a draw. After 200 moves without a capture the game ends, both scored the second way.";

const JARMO_ES: &str = "\
# Objetivo
Cruza el tablero con tus arqueros y suma más puntos que el otro jugador.
# Preparación
25 puntos unidos por 39 líneas (muchas saltan como el caballo del ajedrez). Cada jugador tiene cinco arqueros en su primera fila: Oscuro en la fila 1, Claro en la fila 5 (la variante 'invertida' los cambia). Empieza Oscuro.
# Un turno
Mueve un arquero por una línea hasta el punto del otro extremo, hacia delante o hacia atrás: a un punto vacío, o a un arquero rival, que queda capturado (se retira; su dueño lo ha perdido). El arquero que captura queda marcado (ponle una ficha de marca). Capturar nunca es obligatorio.
# Casos especiales
Un arquero en la primera fila rival ya no se mueve, pero aún puede ser capturado. No puedes llevar un arquero A-B, B-A, A-B, B-A en cuatro jugadas tuyas seguidas. Sin jugada legal, pasas. Cuando un arquero marcado llega a la primera fila rival, su dueño podrá devolver después un arquero perdido a un punto vacío de su primera fila, sin marca (uno por jugada).
# Final y puntos
La partida termina cuando un jugador tiene todos sus arqueros en el tablero sobre la primera fila rival: ese jugador suma 2 puntos por arquero; el otro 2 por arquero en la primera fila rival y 1 por cada otro arquero. Gana quien más puntos tiene; a igualdad, tablas. Tras 200 jugadas sin captura la partida termina y ambos suman de la segunda forma.";

const LINJA_EN: &str = "\
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
The game ends the moment every Red piece is on a higher row than every Black piece (or after two passes in a row). Red scores 5, 3, 2, 1 per piece on rows 7, 6, 5, 4; Black the same on rows 0, 1, 2, 3. More points wins; equal is a draw.";

const LINJA_ES: &str = "\
# Objetivo
Haz que tus doce piezas crucen las del rival y suma más puntos.
# Preparación
Siete palos forman ocho filas, de la 0 a la 7. Rojo empieza con 6 piezas en la fila 0 y una en cada fila de la 1 a la 6; Negro con 6 en la fila 7 y una en cada fila de la 1 a la 6. Rojo sube y Negro baja; las piezas nunca retroceden. Las filas 1 a 6 admiten como mucho 6 piezas (de ambos colores). Empieza Rojo.
# Un turno
1. Primer movimiento: avanza una de tus piezas una fila, pero no a una fila llena.
2. Movimiento siguiente: cuenta las piezas que había en esa fila antes de llegar la tuya; avanza una de tus piezas (también la misma) exactamente esas filas. Puede pasar sobre filas llenas pero no quedarse en una, y se detiene en tu línea de meta. Es obligatorio si es posible.
# Casos especiales
Un primer movimiento a tu línea de meta da un movimiento siguiente de 1. Un primer movimiento a una fila vacía no da movimiento siguiente. Reglas del fabricante: un movimiento siguiente que acaba en una fila vacía da un turno entero más (una vez por turno); las reglas del texto original no lo tienen. Sin primer movimiento legal, pasas.
# Final y puntos
La partida termina en cuanto cada pieza roja está en una fila más alta que cada pieza negra (o tras dos pases seguidos). Rojo suma 5, 3, 2, 1 por pieza en las filas 7, 6, 5, 4; Negro lo mismo en las filas 0, 1, 2, 3. Gana quien más puntos tiene; a igualdad, tablas.";

const DIM_EN: &str = "\
# Goal
Two games of draughts at once on one 6x6 board: South plays Red and Aqua, North plays Blue and Orange. Red faces Blue and Aqua faces Orange; each pair is its own sub-game.
# Setup
Choose one card of each number, red or blue: the five cards are the rule set (code like M-C-N-W-R). Formation W: each army on its own colour of square in its two home rows; formation E: 2x3 blocks (Red a1-c2, Aqua d1-f2, Blue a5-c6, Orange d5-f6). The black signal token starts on Red's signal cell.
# A turn
The army under the signal token moves, then the token goes on to the next signal cell (Red, Blue, Aqua, Orange). Men move one square forward (W: diagonally; E: forward or sideways) and capture by jumping an enemy of the army they face; captures chain. A man reaching the far row is crowned king (put a king token on it).
# The cards
1 Dimension: M, a player's armies never help each other; I, a piece may jump over its ally. 2 Strategy: C conquer, the higher value wins; D distract, the lower value wins. 3 Tactics: A armour, capturing is optional; N no armour, capturing is compulsory. 4 Formation: W western, diagonal; E eastern, orthogonal. 5 Power: R real, flying kings; S symbolic, kings step one square.
# End
A sub-game ends when an army has no piece or no move; the other sub-game goes on. Each sub-game is won, lost or drawn by value (man 1, king 2). A player can win both, lose both, or split them.";

const DIM_ES: &str = "\
# Objetivo
Dos partidas de damas a la vez en un tablero de 6x6: Sur juega Rojo y Aguamarina, Norte juega Azul y Naranja. Rojo se enfrenta a Azul y Aguamarina a Naranja; cada pareja es su propia partida.
# Preparación
Elige una carta de cada número, roja o azul: las cinco cartas son el reglamento (código como M-C-N-W-R). Formación W: cada ejército en su color de escaque en sus dos filas; formación E: bloques de 2x3 (Rojo a1-c2, Aguamarina d1-f2, Azul a5-c6, Naranja d5-f6). La ficha de señalización negra empieza en la celda de Rojo.
# Un turno
Mueve el ejército cuya celda tiene la ficha de señalización; después la ficha pasa a la celda siguiente (Rojo, Azul, Aguamarina, Naranja). Los peones avanzan un escaque (W: en diagonal; E: adelante o de lado) y capturan saltando una ficha del ejército al que se enfrentan; las capturas se encadenan. Un peón que llega a la última fila corona en dama (ponle una ficha de dama).
# Las cartas
1 Dimensión: M, los ejércitos de un jugador nunca se ayudan; I, una ficha puede saltar sobre su aliada. 2 Estrategia: C conquistar, gana el mayor valor; D distraer, gana el menor valor. 3 Táctica: A con armadura, capturar es opcional; N sin armadura, capturar es obligatorio. 4 Formación: W occidental, en diagonal; E oriental, ortogonal. 5 Poder: R real, la dama recorre la fila; S simbólico, la dama avanza un escaque.
# Final
Una partida termina cuando un ejército no tiene fichas o movimientos; la otra sigue. Cada partida se gana, se pierde o queda en tablas por valor (peón 1, dama 2). Un jugador puede ganar ambas, perder ambas o repartirlas.";

/// The summary of 8x8 draughts in `variant` (`russian`, `turkish` or
/// `english`; Russian for any other text), in `lang`: each variant has its
/// own board, men and captures.
#[must_use]
pub fn draughts_summary(variant: &str, lang: Lang) -> &'static str {
    match (variant, lang) {
        ("turkish", Lang::En) => TURKISH_EN,
        ("turkish", Lang::Es) => TURKISH_ES,
        ("english", Lang::En) => ENGLISH_EN,
        ("english", Lang::Es) => ENGLISH_ES,
        (_, Lang::En) => DRAUGHTS_EN,
        (_, Lang::Es) => DRAUGHTS_ES,
    }
}

const DRAUGHTS_EN: &str = "\
# Goal
Russian draughts. Capture or block all of the other player's pieces.
# Setup
An 8x8 board with a dark square at a1; twelve men each on the dark squares of the first three rows. White moves first.
# A turn
A man moves one square diagonally forward, and captures forwards or backwards by jumping an enemy piece onto the empty square behind it; captures chain, are compulsory, and you may choose any capture (not necessarily the longest). A captured piece is taken off once the whole capture is made, and no piece is jumped twice. A man reaching the far row becomes a king (put a king token on it); one that gets there during a capture goes on capturing as a king. A king moves any distance along a diagonal and captures from a distance, landing on any empty square beyond the piece.
# End
A player with no piece or no move loses. Threefold repetition, or 80 plies without a capture or a man's move, is a draw.";

const DRAUGHTS_ES: &str = "\
# Objetivo
Damas rusas. Captura o bloquea todas las piezas del otro jugador.
# Preparación
Un tablero de 8x8 con un escaque oscuro en a1; doce peones por bando en los escaques oscuros de las tres primeras filas. Empiezan las blancas.
# Un turno
Un peón avanza un escaque en diagonal y captura hacia delante o hacia atrás saltando una pieza rival hasta el escaque vacío de detrás; las capturas se encadenan, son obligatorias y puedes elegir cualquiera (no hace falta la más larga). Las piezas capturadas se retiran al acabar la captura y ninguna se salta dos veces. Un peón que llega a la última fila corona en dama (ponle una ficha de dama); si llega durante una captura, sigue capturando como dama. La dama recorre cualquier distancia en diagonal y captura a distancia, parando en cualquier escaque vacío tras la pieza.
# Final
Pierde el jugador sin piezas o sin movimientos. La triple repetición, o 80 jugadas sin captura ni movimiento de peón, son tablas.";

const TURKISH_EN: &str = "\
# Goal
Turkish draughts (dama). Capture or block all of the other player's pieces.
# Setup
An 8x8 board whose 64 squares are all used; sixteen men each on the second and third rows from the player. White moves first.
# A turn
Pieces move straight, never diagonally. A man moves one square forward or sideways (never back) and captures forwards or sideways by jumping an adjacent enemy piece onto the empty square behind it; captures chain and are compulsory, and you must take the most pieces possible (a king counts as one). Each captured piece leaves the board at once. A man reaching the far row becomes a king (put a king token on it). A king moves any distance along a row or column and captures from a distance, landing on any empty square beyond; between two captures it may not turn back the way it came.
# End
A player with no piece or no move loses. Threefold repetition, or 80 plies without a capture or a man's move, is a draw.";

const TURKISH_ES: &str = "\
# Objetivo
Damas turcas (dama). Captura o bloquea todas las piezas del otro jugador.
# Preparación
Un tablero de 8x8 en el que se usan las 64 casillas; dieciséis peones por bando en la segunda y la tercera fila de cada jugador. Empiezan las blancas.
# Un turno
Las piezas se mueven en línea recta, nunca en diagonal. Un peón avanza una casilla hacia delante o de lado (nunca hacia atrás) y captura hacia delante o de lado saltando una pieza rival contigua hasta la casilla vacía de detrás; las capturas se encadenan, son obligatorias y hay que capturar el mayor número de piezas posible (una dama cuenta como una). Cada pieza capturada sale del tablero en el acto. Un peón que llega a la última fila corona en dama (ponle una ficha de dama). La dama recorre cualquier distancia por una fila o columna y captura a distancia, parando en cualquier casilla vacía tras la pieza; entre dos capturas no puede volver en el sentido contrario.
# Final
Pierde el jugador sin piezas o sin movimientos. La triple repetición, o 80 jugadas sin captura ni movimiento de peón, son tablas.";

const ENGLISH_EN: &str = "\
# Goal
English draughts (checkers). Capture or block all of the other player's pieces.
# Setup
An 8x8 board with a dark square at a1; twelve men each on the dark squares of the first three rows. Black moves first.
# A turn
A man moves one square diagonally forward and captures only forwards, by jumping an enemy piece onto the empty square behind it; captures chain and are compulsory, and you may choose any capture (not necessarily the longest). A man reaching the far row becomes a king (put a king token on it) and its move ends there, even in the middle of a capture. A king moves one square diagonally, forwards or backwards, and captures the same way, jumping an adjacent piece.
# End
A player with no piece or no move loses. Threefold repetition, or 80 plies without a capture or a man's move, is a draw.";

const ENGLISH_ES: &str = "\
# Objetivo
Damas inglesas (checkers). Captura o bloquea todas las piezas del otro jugador.
# Preparación
Un tablero de 8x8 con un escaque oscuro en a1; doce peones por bando en los escaques oscuros de las tres primeras filas. Empiezan las negras.
# Un turno
Un peón avanza un escaque en diagonal y captura solo hacia delante, saltando una pieza rival hasta el escaque vacío de detrás; las capturas se encadenan, son obligatorias y puedes elegir cualquiera (no hace falta la más larga). Un peón que llega a la última fila corona en dama (ponle una ficha de dama) y su jugada acaba allí, aunque sea en medio de una captura. La dama avanza o retrocede un escaque en diagonal y captura igual, saltando una pieza contigua.
# Final
Pierde el jugador sin piezas o sin movimientos. La triple repetición, o 80 jugadas sin captura ni movimiento de peón, son tablas.";
