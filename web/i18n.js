// All UI strings, in English and Spanish. t('key', {vars}) looks a string up
// in the chosen language; the choice is kept in localStorage.

const STRINGS = {
  en: {
    lang_name: 'English',
    lang_switch: 'Language',
    tagline: 'Four abstract games for two players',
    nav_home: 'Games',
    nav_editor: 'Layout editor',
    nav_label: 'Main',
    skip: 'Skip to content',
    loading: 'Loading…',
    not_found: 'There is no such page.',
    back_home: 'Back to the games',
    error_prefix: 'Error: {error}',
    net_error: 'The server could not be reached.',


    army_red: 'Red', army_blue: 'Blue', army_aqua: 'Aqua', army_orange: 'Orange',
    army_letter_red: 'R', army_letter_blue: 'B', army_letter_aqua: 'A', army_letter_orange: 'O',

    rules: 'Rules',
    new_game: 'New game',
    my_games: 'My recent games',
    no_games: 'No games yet. Start one above.',
    open_game: 'Open',
    ply_n: 'ply {n}',
    your_move_short: 'your move',
    over_short: 'finished',
    to_move_short: '{side} to move',
    editor_link: 'Imago layout editor: draw walls, move the start pieces, see who wins.',

    new_title: 'New game of {game}',
    variant: 'Variant',
    layout: 'Layout',
    layout_default: 'Default (no walls)',
    layout_from_editor: 'From the editor: {layout}',
    ruleset: 'Rule set (five cards)',
    huff: 'Huff: instead of compulsory capture, a missed capture is penalised',
    cards_help: 'Cards: M multi / I inter · C conquer / D distract · A armour / N no armour · W western / E eastern · R real / S symbolic.',
    who_plays: 'Who plays {side}?',
    seat_me: 'Me, on this screen',
    seat_link: 'A friend, by link',
    seat_ai: 'The computer',
    level: 'Level',
    level_n: 'Level {n}',
    first_mover: 'Who moves first?',
    create: 'Start the game',
    creating: 'Starting…',

    kind_human: 'player at a screen',
    kind_link: 'friend by link',
    kind_ai: 'computer, level {level}',
    you: 'you',
    turn_marker: 'to move',
    invite: 'Send this link to your friend:',
    invite_seat: 'Link for {side}:',
    copy: 'Copy',
    copied: 'Copied!',
    flip: 'Flip board',
    play_again: 'New game of {game}',
    undo: 'Undo',
    claim: 'Claim the win ({claim})',
    resign: 'Resign',
    resign_confirm: 'Yes, resign',
    cancel: 'Cancel',
    draw_offer: 'Offer a draw',
    draw_accept: 'Accept the draw',
    draw_decline: 'Decline the draw',
    draw_offered: '{side} offers a draw.',
    pass: 'Pass',
    play_move: 'Play {move}',
    moves_title: 'Moves',
    no_moves_yet: 'No moves yet.',
    hist_first: 'First position',
    hist_prev: 'Previous move',
    hist_next: 'Next move',
    hist_last: 'Current position',
    hist_showing: 'Showing the position after ply {n} of {total}.',
    hist_start: 'Showing the start position.',
    status_turn: '{side} to move',
    status_your_turn: 'Your move ({side})',
    status_army: '{army} army',
    status_win: '{side} wins {score}: {reason}',
    status_draw: 'Draw {score}: {reason}',
    status_you_won: 'You won {score}: {reason}',
    status_you_lost: 'You lost {score}: {reason}',
    status_you_drew: 'Draw {score}: {reason}',
    announce_move: '{side} played {move}.',
    thinking: 'The computer is thinking…',
    conn_live: 'live',
    conn_down: 'reconnecting…',
    selection: 'Selected: {cells}',
    choose: 'More than one move fits: pick one, or click a highlighted cell to go on.',
    msg_illegal: 'That cell does not continue any legal move.',
    msg_not_your_turn: 'It is not your turn.',
    msg_spectator: 'You are watching this game.',
    msg_over: 'The game is over.',
    msg_browsing: 'You are looking at an earlier position. Go to the current one to move.',
    msg_refused: 'Not accepted: {error}',
    msg_claim_refused: 'The claim was refused: the solver does not prove a win here.',
    msg_wait: 'Wait for the computer.',
    sides: 'Players',
    board_label: '{game} board',

    reason_goal: 'a piece reached its goal',
    reason_claim: 'a proven win was claimed',
    reason_repetition: 'threefold repetition',
    'reason_no-moves': 'neither side could move',
    'reason_all-arrived': 'all archers arrived',
    'reason_move-cap': 'the move limit was reached',
    reason_passed: 'the two sides passed each other',
    reason_subgames: 'both sub-games are decided',
    reason_resign: 'resignation',
    reason_agreed: 'by agreement',

    // board labels
    cell_empty: '{cell}, empty',
    cell_selected: 'selected',
    cell_target: 'can be clicked now',
    cell_missing: '{cell}',
    imago_piece: '{cell}, {side} piece',
    imago_goal: 'goal of {side}',
    imago_push_which: 'Now push which piece? Click it.',
    linja_now_rows: 'Now a following move of exactly {n} rows (or onto your goal line).',
    linja_extra_turn: 'Extra turn: move again.',
    jarmo_archer: '{cell}, {side} archer',
    jarmo_marked: '{cell}, marked {side} archer',
    jarmo_first_row: '{side}\'s first row',
    jarmo_side_line: '{side}: {board} on the board, {lost} lost, {owed} returns owed, {points} points as it stands',
    jarmo_quiet: 'Plies without a capture: {quiet}/{cap}',
    jarmo_shuttle: 'No shuttling: {from}-{to} is not allowed now.',
    linja_row: 'row {row}: {red} red, {black} black',
    linja_full: 'full',
    linja_points: '{n} for {side}',
    linja_scores: 'As it stands: Red {red}, Black {black} points.',
    linja_rules_line: 'Rules: {rules}',
    dim_man: '{cell}, {army} man',
    dim_king: '{cell}, {army} king',
    dim_frozen: 'frozen',
    dim_subgame: '{a}–{b}: {state}',
    sub_open: 'open',
    sub_won: 'won by {side}',
    sub_drawn: 'drawn',
    dim_clock: 'Plies without a capture or man move: {n}/60',
    dim_armies: '{side} plays {a} and {b}',
    dim_to_move: 'The signal token is on {army}: {army} moves.',
    dim_rules: 'Rule set: {rules}',

    // editor
    editor_title: 'Imago layout editor',
    editor_help: 'Click the edge between two cells to put up or take down a wall. Click a piece, then an empty cell, to move it (you can also drag it). The layout text below follows every change, and you can edit it too.',
    layout_text: 'Layout text',
    apply_text: 'Apply the text',
    solve_title: 'Value of the start position',
    red_first: 'Red moves first',
    blue_first: 'Blue moves first',
    value_win: '{side} wins in {plies} plies',
    value_win_np: '{side} wins',
    value_draw: 'draw',
    warnings: 'Warnings',
    solving: 'Solving…',
    layout_name: 'Name',
    save_layout: 'Save',
    saved: 'Saved as “{name}”.',
    name_needed: 'Give the layout a name first.',
    play_layout: 'Play this layout',
    parse_error: 'The layout text could not be read: {error}',
    saved_layouts: 'Saved layouts',
    load: 'Load',
    reset_default: 'Default layout',
    clear_walls: 'Remove all walls',
    edge_label: 'edge {a}–{b}, {state}',
    edge_wall: 'wall',
    edge_open: 'no wall',

    // rules page
    rules_title: 'Rules of {game}',
    in_short: 'In short',
    full_rules: 'The rules as implemented (in English)',
    play_now: 'Play {game}',
    // --- rules (#18) ---
    rules_link: 'How to play {game}',
    rules_print: 'Print the kit (PDF)',
    rules_paper: 'Paper',
    rules_details: 'Details for developers (in English): rulings, notation, position strings',
    rules_try: 'Try it',
    rules_try_hint: 'Click the highlighted cells in order to play {move}.',
    rules_try_done: 'Played {move}.',
    rules_try_again: 'Again',
    rules_diagram_error: 'This diagram could not be drawn: {error}',
    rules_diagram_label: 'Diagram: {caption}',
    cards_title: 'The five cards',
    cards_flip_hint: 'Click a card to flip it to its other face.',
    cards_code: 'Code',
    card_alt: 'Card {n}, {name}, {colour} face: {face}',
    card_flip: 'Card {n}, {name}: {face} ({colour} face). Click to flip.',
    card_red: 'red', card_blue: 'blue',
    card_name_1: 'Dimension', card_name_2: 'Strategy', card_name_3: 'Tactics', card_name_4: 'Formation', card_name_5: 'Power',
    card_face_M: 'Multidimensional', card_face_I: 'Interdimensional', card_face_D: 'Distract', card_face_C: 'Conquer',
    card_face_A: 'Armour', card_face_N: 'No armour', card_face_W: 'Western', card_face_E: 'Eastern',
    card_face_R: 'Real', card_face_S: 'Symbolic',
    game_cards: 'Rule set: the five cards',
  },
  es: {
    lang_name: 'Español',
    lang_switch: 'Idioma',
    tagline: 'Cuatro juegos abstractos para dos',
    nav_home: 'Juegos',
    nav_editor: 'Editor de disposiciones',
    nav_label: 'Principal',
    skip: 'Ir al contenido',
    loading: 'Cargando…',
    not_found: 'Esta página no existe.',
    back_home: 'Volver a los juegos',
    error_prefix: 'Error: {error}',
    net_error: 'No se pudo contactar con el servidor.',


    army_red: 'Rojo', army_blue: 'Azul', army_aqua: 'Aguamarina', army_orange: 'Naranja',
    army_letter_red: 'R', army_letter_blue: 'Az', army_letter_aqua: 'Ag', army_letter_orange: 'N',

    rules: 'Reglas',
    new_game: 'Nueva partida',
    my_games: 'Mis partidas recientes',
    no_games: 'Aún no hay partidas. Empieza una arriba.',
    open_game: 'Abrir',
    ply_n: 'jugada {n}',
    your_move_short: 'te toca',
    over_short: 'terminada',
    to_move_short: 'juega {side}',
    editor_link: 'Editor de disposiciones de Imago: pon muros, mueve las piezas iniciales, mira quién gana.',

    new_title: 'Nueva partida de {game}',
    variant: 'Variante',
    layout: 'Disposición',
    layout_default: 'Por defecto (sin muros)',
    layout_from_editor: 'Del editor: {layout}',
    ruleset: 'Reglas (cinco cartas)',
    huff: 'Soplar: en vez de captura obligatoria, se penaliza la captura omitida',
    cards_help: 'Cartas: M multi / I inter · C conquistar / D distraer · A armadura / N sin armadura · W occidental / E oriental · R real / S simbólico.',
    who_plays: '¿Quién juega con {side}?',
    seat_me: 'Yo, en esta pantalla',
    seat_link: 'Un amigo, por enlace',
    seat_ai: 'El ordenador',
    level: 'Nivel',
    level_n: 'Nivel {n}',
    first_mover: '¿Quién empieza?',
    create: 'Empezar la partida',
    creating: 'Empezando…',

    kind_human: 'jugador en una pantalla',
    kind_link: 'amigo por enlace',
    kind_ai: 'ordenador, nivel {level}',
    you: 'tú',
    turn_marker: 'mueve',
    invite: 'Envía este enlace a tu amigo:',
    invite_seat: 'Enlace para {side}:',
    copy: 'Copiar',
    copied: '¡Copiado!',
    flip: 'Girar el tablero',
    play_again: 'Nueva partida de {game}',
    undo: 'Deshacer',
    claim: 'Reclamar la victoria ({claim})',
    resign: 'Abandonar',
    resign_confirm: 'Sí, abandono',
    cancel: 'Cancelar',
    draw_offer: 'Ofrecer tablas',
    draw_accept: 'Aceptar las tablas',
    draw_decline: 'Rechazar las tablas',
    draw_offered: '{side} ofrece tablas.',
    pass: 'Pasar',
    play_move: 'Jugar {move}',
    moves_title: 'Jugadas',
    no_moves_yet: 'Aún no hay jugadas.',
    hist_first: 'Posición inicial',
    hist_prev: 'Jugada anterior',
    hist_next: 'Jugada siguiente',
    hist_last: 'Posición actual',
    hist_showing: 'Posición tras la jugada {n} de {total}.',
    hist_start: 'Posición inicial.',
    status_turn: 'Juega {side}',
    status_your_turn: 'Te toca ({side})',
    status_army: 'ejército {army}',
    status_win: 'Gana {side} {score}: {reason}',
    status_draw: 'Tablas {score}: {reason}',
    status_you_won: 'Has ganado {score}: {reason}',
    status_you_lost: 'Has perdido {score}: {reason}',
    status_you_drew: 'Tablas {score}: {reason}',
    announce_move: '{side} ha jugado {move}.',
    thinking: 'El ordenador está pensando…',
    conn_live: 'en directo',
    conn_down: 'reconectando…',
    selection: 'Seleccionado: {cells}',
    choose: 'Encajan varias jugadas: elige una, o pulsa una casilla resaltada para seguir.',
    msg_illegal: 'Esa casilla no continúa ninguna jugada legal.',
    msg_not_your_turn: 'No es tu turno.',
    msg_spectator: 'Estás mirando esta partida.',
    msg_over: 'La partida ha terminado.',
    msg_browsing: 'Estás viendo una posición anterior. Ve a la actual para mover.',
    msg_refused: 'No se aceptó: {error}',
    msg_claim_refused: 'Reclamación rechazada: el resolvedor no demuestra una victoria aquí.',
    msg_wait: 'Espera al ordenador.',
    sides: 'Jugadores',
    board_label: 'Tablero de {game}',

    reason_goal: 'una pieza llegó a su meta',
    reason_claim: 'se reclamó una victoria demostrada',
    reason_repetition: 'triple repetición',
    'reason_no-moves': 'ningún bando podía mover',
    'reason_all-arrived': 'llegaron todos los arqueros',
    'reason_move-cap': 'se alcanzó el límite de jugadas',
    reason_passed: 'los dos bandos se cruzaron',
    reason_subgames: 'las dos subpartidas están decididas',
    reason_resign: 'abandono',
    reason_agreed: 'por acuerdo',

    cell_empty: '{cell}, vacía',
    cell_selected: 'seleccionada',
    cell_target: 'se puede pulsar ahora',
    cell_missing: '{cell}',
    imago_piece: '{cell}, pieza {side}',
    imago_goal: 'meta de {side}',
    imago_push_which: '¿Qué pieza empujas? Púlsala.',
    linja_now_rows: 'Ahora un movimiento siguiente de exactamente {n} filas (o hasta tu línea de meta).',
    linja_extra_turn: 'Turno extra: vuelve a mover.',
    jarmo_archer: '{cell}, arquero {side}',
    jarmo_marked: '{cell}, arquero {side} marcado',
    jarmo_first_row: 'primera fila de {side}',
    jarmo_side_line: '{side}: {board} en el tablero, {lost} perdidos, {owed} retornos debidos, {points} puntos ahora',
    jarmo_quiet: 'Jugadas sin captura: {quiet}/{cap}',
    jarmo_shuttle: 'Sin vaivén: {from}-{to} no está permitido ahora.',
    linja_row: 'fila {row}: {red} rojas, {black} negras',
    linja_full: 'llena',
    linja_points: '{n} para {side}',
    linja_scores: 'Ahora mismo: Rojo {red}, Negro {black} puntos.',
    linja_rules_line: 'Reglas: {rules}',
    dim_man: '{cell}, peón {army}',
    dim_king: '{cell}, dama {army}',
    dim_frozen: 'congelada',
    dim_subgame: '{a}–{b}: {state}',
    sub_open: 'abierta',
    sub_won: 'ganada por {side}',
    sub_drawn: 'tablas',
    dim_clock: 'Jugadas sin captura ni movimiento de peón: {n}/60',
    dim_armies: '{side} juega con {a} y {b}',
    dim_to_move: 'La ficha de señal está en {army}: mueve {army}.',
    dim_rules: 'Reglas: {rules}',

    editor_title: 'Editor de disposiciones de Imago',
    editor_help: 'Pulsa el borde entre dos casillas para poner o quitar un muro. Pulsa una pieza y luego una casilla vacía para moverla (también puedes arrastrarla). El texto de abajo sigue cada cambio, y también puedes editarlo.',
    layout_text: 'Texto de la disposición',
    apply_text: 'Aplicar el texto',
    solve_title: 'Valor de la posición inicial',
    red_first: 'Empieza Rojo',
    blue_first: 'Empieza Azul',
    value_win: 'gana {side} en {plies} jugadas',
    value_win_np: 'gana {side}',
    value_draw: 'tablas',
    warnings: 'Avisos',
    solving: 'Resolviendo…',
    layout_name: 'Nombre',
    save_layout: 'Guardar',
    saved: 'Guardada como «{name}».',
    name_needed: 'Primero ponle un nombre a la disposición.',
    play_layout: 'Jugar esta disposición',
    parse_error: 'No se pudo leer el texto de la disposición: {error}',
    saved_layouts: 'Disposiciones guardadas',
    load: 'Cargar',
    reset_default: 'Disposición por defecto',
    clear_walls: 'Quitar todos los muros',
    edge_label: 'borde {a}–{b}, {state}',
    edge_wall: 'muro',
    edge_open: 'sin muro',

    rules_title: 'Reglas de {game}',
    in_short: 'En resumen',
    full_rules: 'Las reglas tal como están implementadas (en inglés)',
    play_now: 'Jugar a {game}',
    // --- rules (#18) ---
    rules_link: 'Cómo se juega a {game}',
    rules_print: 'Imprimir el kit (PDF)',
    rules_paper: 'Papel',
    rules_details: 'Detalles para desarrolladores (en inglés): decisiones de reglas, notación, cadenas de posición',
    rules_try: 'Pruébalo',
    rules_try_hint: 'Pulsa las casillas resaltadas en orden para jugar {move}.',
    rules_try_done: 'Jugado {move}.',
    rules_try_again: 'Otra vez',
    rules_diagram_error: 'No se pudo dibujar este diagrama: {error}',
    rules_diagram_label: 'Diagrama: {caption}',
    cards_title: 'Las cinco cartas',
    cards_flip_hint: 'Pulsa una carta para darle la vuelta.',
    cards_code: 'Código',
    card_alt: 'Carta {n}, {name}, cara {colour}: {face}',
    card_flip: 'Carta {n}, {name}: {face} (cara {colour}). Pulsa para darle la vuelta.',
    card_red: 'roja', card_blue: 'azul',
    card_name_1: 'Dimensión', card_name_2: 'Estrategia', card_name_3: 'Táctica', card_name_4: 'Formación', card_name_5: 'Poder',
    card_face_M: 'Multidimensional', card_face_I: 'Interdimensional', card_face_D: 'Distraer', card_face_C: 'Conquistar',
    card_face_A: 'Con armadura', card_face_N: 'Sin armadura', card_face_W: 'Occidental', card_face_E: 'Oriental',
    card_face_R: 'Real', card_face_S: 'Simbólico',
    game_cards: 'Reglamento: las cinco cartas',
  },
};

// Short rules summaries, one paragraph per entry.
export const SUMMARIES = {
  en: {
    imago: [
      'A 6x6 grid plus four goal cells at the ends of rows 1 and 6. Red (player one) starts on the left and heads for h1 and h6; Blue starts on the right and heads for a1 and a6. Walls block movement between two cells.',
      'A turn: step one of your two pieces one cell up, down, left or right onto an empty cell, then choose an enemy piece: it is pushed one cell the opposite way, if that cell exists, is free, is not a goal and no wall is in between.',
      'Reach one of your goal cells with a step and you win at once. If you cannot step, you pass. A position seen for the third time, or two passes in a row, is a draw.',
      'Jacke: instead of moving you may claim the win; it is accepted only if the solver proves you win by force.',
      'To move here: click your piece, then the cell it steps to, then the enemy piece to push.',
    ],
    jarmo: [
      'Each side has five archers on its first row of a 25-point board whose lines jump like a chess knight. Dark (player one) moves first.',
      'A turn: move one archer along a line to the point at its other end, onto an empty point or onto an enemy archer, which is captured. A capturing archer becomes marked. Capturing is optional.',
      'An archer on the enemy\'s first row never moves again. When a marked archer arrives there, one of your lost archers may come back to your own first row (a return).',
      'No shuttling: the same back-and-forth move may not be made four times in a row.',
      'The game ends when a player has all its archers on the enemy\'s first row. That player scores 2 per archer; the other 2 per arrived archer and 1 per other archer. More points wins.',
      'To move here: click an archer, then the point it goes to (then the return point, if one is due).',
    ],
    linja: [
      'Eight rows separated by seven sticks. Red moves up from row 0, Black down from row 7. Each field row holds at most six pieces.',
      'A turn has two moves. First move: one of your pieces one row forward, not onto a full row. Following move: any of your pieces exactly as many rows forward as there were pieces on the row the first move reached.',
      'A first move onto an empty row gives no following move; onto your goal line, a following move of one. With the publisher\'s rules, a following move onto an empty row gives one more whole turn.',
      'The game ends when the two sides have passed each other. Red scores 5, 3, 2, 1 per piece on rows 7, 6, 5, 4; Black the same on rows 0, 1, 2, 3. More points wins.',
      'To move here: click the row you move from, then the row you move to, for each of the moves.',
    ],
    dimensiones: [
      'A 6x6 board with four armies of six men: South plays Red and Aqua, North plays Blue and Orange. Red fights Blue and Aqua fights Orange, each pair its own sub-game.',
      'The armies move in turn, Red, Blue, Aqua, Orange; the signal token shows whose turn it is. A decided sub-game freezes its pieces.',
      'Five cards set the rules: M/I (may a piece jump over its ally), C/D (normal or giveaway), A/N (optional or compulsory capture), W/E (diagonal or orthogonal), R/S (flying or short kings).',
      'Each sub-game won is worth 1 point, a drawn one ½. More points wins.',
      'To move here: click a piece, then each square it lands on.',
    ],
  },
  es: {
    imago: [
      'Una cuadrícula de 6x6 más cuatro casillas meta en los extremos de las filas 1 y 6. Rojo (jugador uno) empieza a la izquierda y va hacia h1 y h6; Azul empieza a la derecha y va hacia a1 y a6. Los muros impiden pasar entre dos casillas.',
      'Un turno: mueve una de tus dos piezas una casilla arriba, abajo, a la izquierda o a la derecha a una casilla vacía, y luego elige una pieza rival: se empuja una casilla en sentido contrario, si esa casilla existe, está libre, no es meta y no hay muro en medio.',
      'Si llegas con un paso a una de tus metas, ganas al instante. Si no puedes mover, pasas. Una posición repetida por tercera vez, o dos pases seguidos, son tablas.',
      'Jacke: en vez de mover puedes reclamar la victoria; solo se acepta si el resolvedor demuestra que ganas por fuerza.',
      'Para mover aquí: pulsa tu pieza, luego la casilla a la que va, y luego la pieza rival que empujas.',
    ],
    jarmo: [
      'Cada bando tiene cinco arqueros en su primera fila de un tablero de 25 puntos cuyas líneas saltan como el caballo del ajedrez. Oscuro (jugador uno) empieza.',
      'Un turno: mueve un arquero por una línea hasta el punto del otro extremo, vacío o con un arquero enemigo, que queda capturado. El arquero que captura queda marcado. Capturar no es obligatorio.',
      'Un arquero en la primera fila enemiga ya no se mueve. Cuando llega allí un arquero marcado, uno de tus arqueros perdidos puede volver a tu primera fila (un retorno).',
      'Sin vaivén: el mismo movimiento de ida y vuelta no puede hacerse cuatro veces seguidas.',
      'La partida termina cuando un jugador tiene todos sus arqueros en la primera fila enemiga. Ese jugador suma 2 por arquero; el otro 2 por arquero llegado y 1 por cada otro. Gana quien suma más.',
      'Para mover aquí: pulsa un arquero y luego el punto al que va (y el punto de retorno, si toca).',
    ],
    linja: [
      'Ocho filas separadas por siete palos. Rojo sube desde la fila 0 y Negro baja desde la fila 7. Cada fila del campo admite como mucho seis piezas.',
      'Un turno tiene dos movimientos. Primero: una pieza tuya una fila adelante, no a una fila llena. Siguiente: cualquier pieza tuya avanza exactamente tantas filas como piezas había en la fila a la que llegó el primero.',
      'Un primer movimiento a una fila vacía no da movimiento siguiente; a tu línea de meta, uno de una fila. Con las reglas del editor, un movimiento siguiente a una fila vacía da otro turno entero.',
      'La partida termina cuando los dos bandos se han cruzado. Rojo suma 5, 3, 2, 1 por pieza en las filas 7, 6, 5, 4; Negro lo mismo en las filas 0, 1, 2, 3. Gana quien suma más.',
      'Para mover aquí: pulsa la fila de la que sales y luego la fila a la que llegas, en cada movimiento.',
    ],
    dimensiones: [
      'Un tablero de 6x6 con cuatro ejércitos de seis peones: Sur juega con Rojo y Aguamarina, Norte con Azul y Naranja. Rojo lucha contra Azul y Aguamarina contra Naranja, cada pareja en su subpartida.',
      'Los ejércitos mueven por turno: Rojo, Azul, Aguamarina, Naranja; la ficha de señal indica a quién le toca. Una subpartida decidida congela sus piezas.',
      'Cinco cartas fijan las reglas: M/I (saltar o no sobre el aliado), C/D (normal o ganapierde), A/N (captura opcional u obligatoria), W/E (diagonal u ortogonal), R/S (damas voladoras o cortas).',
      'Cada subpartida ganada vale 1 punto y una en tablas ½. Gana quien suma más.',
      'Para mover aquí: pulsa una pieza y luego cada casilla donde cae.',
    ],
  },
};

const KEY = 'tablero.lang';
const listeners = new Set();

function initialLang() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && STRINGS[saved]) return saved;
  } catch { /* storage blocked */ }
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  return nav.toLowerCase().startsWith('es') ? 'es' : 'en';
}

let lang = initialLang();

export function getLang() { return lang; }
export const LANGS = Object.keys(STRINGS);

export function setLang(l) {
  if (!STRINGS[l] || l === lang) return;
  lang = l;
  try { localStorage.setItem(KEY, l); } catch { /* ignore */ }
  document.documentElement.lang = l;
  for (const fn of listeners) fn(l);
}

export function onLangChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }

/** Look a string up and fill in {name} placeholders. */
export function t(key, vars) {
  let s = STRINGS[lang][key];
  if (s === undefined) s = STRINGS.en[key];
  if (s === undefined) return key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] !== undefined ? String(vars[k]) : m));
  return s;
}

/** Does a key exist? */
export function has(key) { return STRINGS.en[key] !== undefined; }

// ---- the games' own words, from GET /api/catalog (see games.js) ----

let catalog = new Map();

/** Take the catalog's entries ({game, title, sides, ...}) as the games' words. */
export function useCatalog(entries) {
  catalog = new Map((entries || []).filter((e) => e && typeof e.game === 'string').map((e) => [e.game, e]));
}

/** A {en, es} text of the catalog in the current language (null: none). */
export function localized(text) {
  if (!text || typeof text !== 'object') return null;
  return text[lang] ?? text.en ?? null;
}

/** Translated side name of seat 0/1 in a game (falls back to the server's name). */
export function sideName(game, seat, fallback) {
  const e = catalog.get(game);
  return localized(e && e.sides && e.sides[seat]) || fallback || String(seat);
}

export function armyName(army) {
  return has(`army_${army}`) ? t(`army_${army}`) : String(army);
}

export function gameName(game) {
  const e = catalog.get(game);
  return localized(e && e.title) || String(game);
}

/** A game's one-line summary. */
export function gameSummary(game) {
  const e = catalog.get(game);
  return localized(e && e.summary) || '';
}

/** The name of a game's claim of a proven win ('' when it has none). */
export function claimName(game) {
  const e = catalog.get(game);
  return localized(e && e.claim) || '';
}

export function reasonText(reason) {
  const k = `reason_${reason}`;
  return has(k) ? t(k) : String(reason);
}

document.documentElement.lang = lang;
