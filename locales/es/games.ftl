# Los motivos de los juegos: por qué se rechaza una jugada, una lista de
# jugadas, una cadena de posición o una variante. Compartido por el terminal
# y la aplicación web (véase locales/en/games.ftl).

## Comunes

error-at = en el byte { $at }: { $reason }
list-join = { $a }; { $b }
list-item = { $text }
list-or = { $a }, { $b }
move-empty = jugada vacía
move-syntax = «{ $text }» no es una jugada: { $reason }
move-illegal = { $text } no es legal aquí
move-illegal-why = { $text } no es legal aquí: { $why }
move-ambiguous = { $text } es ambigua: puede ser { $candidates }
move-game-over = la partida ha terminado
move-list-empty-item = la jugada { $index } de la lista está vacía
move-list-item = jugada { $index } ({ $text }): { $error }
move-list-legal = { $error }; jugadas legales: { $legal }

## Imago

imago-pos-field-count = en el byte { $at }: se esperaban 3 campos `rojo,rojo/azul,azul turno pases`, hay { $found }
imago-pos-missing-slash = en el byte { $at }: el campo de las piezas necesita una `/` entre las casillas de Rojo y las de Azul
imago-pos-bad-cell = en el byte { $at }: { $text } no es una casilla del tablero
imago-pos-piece-count = en el byte { $at }: { $colour ->
    [red] Rojo
   *[other] Azul
  } necesita 2 piezas, hay { $found }
imago-pos-overlap = en el byte { $at }: dos piezas en { $cell }
imago-pos-foreign-goal = en el byte { $at }: pieza { $colour ->
    [red] roja
   *[other] azul
  } en { $cell }, una casilla de meta del otro color
imago-pos-two-goals = en el byte { $at }: solo una pieza puede haber llegado a una meta (la partida termina ahí)
imago-pos-bad-side = en el byte { $at }: el turno debe ser `r` o `b`, hay { $text }
imago-pos-bad-passes = en el byte { $at }: los pases seguidos deben ser 0, 1 o 2 (0 cuando se ha llegado a una meta), hay { $text }
imago-move-bad-cell = { $text } no es una casilla del tablero
imago-move-shape = se esperaba un paso como `b2-c2`, una pieza empujada tras un espacio (`b2-c2 g5`) o `pass`
imago-not-neighbours = { $from } y { $to } no son vecinas
imago-layout-start-count = { $colour ->
    [red] Rojo
   *[other] Azul
  } necesita 2 casillas de salida, hay { $found }
imago-layout-start-on-goal = la casilla de salida { $cell } es una meta; las piezas salen de la cuadrícula de 6x6 b1-g6
imago-layout-start-overlap = dos piezas salen de { $cell }
imago-layout-wall-not-adjacent = un muro solo puede estar entre dos casillas vecinas, no entre { $from } y { $to }
imago-layout-duplicate-wall = el muro { $from }-{ $to } aparece dos veces
imago-layout-invalid = disposición no válida: { $problems }
imago-layout-unknown-field = campo desconocido «{ $field }» (se esperaba red:, blue: o walls:)
imago-layout-no-field = «{ $part }» aparece antes de ningún campo; empieza con red:, blue: o walls:
imago-layout-wall-shape = un muro se escribe como c3-d3, no «{ $part }»
imago-layout-not-cell = «{ $text }» no es una casilla
imago-layout-empty = disposición vacía (escribe `default` para la estándar)
imago-pass-not-legal = solo se puede pasar cuando no hay ningún paso posible
imago-no-piece = no hay ninguna pieza { $colour ->
    [red] roja
   *[other] azul
  } en { $cell }
imago-wall-between = hay un muro entre { $from } y { $to }
imago-cell-taken = { $to } está ocupada
imago-foreign-goal-step = { $to } es una casilla de meta del otro color
imago-goal-step-alone = llegar a { $to } gana: escribe el paso solo, { $from }-{ $to }
imago-name-push = indica tras un espacio la pieza contraria que empujas, p. ej. `b2-c2 g5`

## Jarmo

jarmo-variant = en el byte { $at }: variante de Jarmo desconocida { $text } (se esperaba standard o flipped)
jarmo-pos-field-count = en el byte { $at }: se esperaban 5 campos `tablero turno debidas tranquilas recientes`, hay { $found }
jarmo-pos-row-count = en el byte { $at }: el tablero necesita 5 filas separadas por `/` (la fila 5 primero), hay { $found }
jarmo-pos-bad-char = en el byte { $at }: { $ch } no es un arquero (d, D, l, L) ni un número de puntos vacíos (1-5)
jarmo-pos-row-length = en el byte { $at }: la fila { $row } describe { $found } puntos, no 5
jarmo-pos-too-many = en el byte { $at }: { $colour ->
    [dark] Oscuro
   *[other] Claro
  } tiene { $found } arqueros en el tablero; cada bando tiene 5
jarmo-pos-bad-side = en el byte { $at }: el turno debe ser `d` (Oscuro) o `l` (Claro), hay { $text }
jarmo-pos-bad-owed = en el byte { $at }: los regresos debidos se escriben `oscuro/claro`, p. ej. `0/1`, hay { $text }
jarmo-pos-owed-too-many = en el byte { $at }: a { $colour ->
    [dark] Oscuro
   *[other] Claro
  } se le deben { $owed } regresos pero solo ha perdido { $lost } arqueros
jarmo-pos-bad-quiet = en el byte { $at }: las jugadas sin captura deben ser un número de 0 a 200, hay { $text }
jarmo-recent-shape = las jugadas recientes se escriben `oscuro/claro` (`-` si no hay), hay «{ $found }»
jarmo-recent-count = como mucho tres jugadas recientes por bando
jarmo-recent-item = una jugada reciente es `pass` o como `b1-d2`, no «{ $item }»
jarmo-recent-points = «{ $item }» no nombra dos puntos
jarmo-move-bad-point = { $text } no es un punto del tablero (a1-e5)
jarmo-move-shape = se esperaba una jugada como `b1-d2`, una captura como `b1xd2` o `pass`, cada una con un regreso opcional como `+a1`
jarmo-no-line = ninguna línea une { $from } y { $to }
jarmo-pass-not-legal = solo se puede pasar cuando ningún arquero puede moverse
jarmo-no-archer = no hay ningún arquero { $mine ->
    [dark] oscuro
   *[other] claro
  } en { $from }
jarmo-archer-home = el arquero de { $from } está en la primera fila enemiga y ya no se mueve más
jarmo-own-archer = en { $to } hay un arquero tuyo
jarmo-write-capture = en { $to } hay un arquero enemigo: escribe la captura { $from }x{ $to }
jarmo-write-step = { $to } está vacío: escribe { $from }-{ $to }
jarmo-no-shuttling = no se puede ir y volver: este arquero ha hecho { $to }-{ $from }, { $from }-{ $to }, { $to }-{ $from } en tus tres últimas jugadas
jarmo-return-due = toca un regreso: indica el punto de tu primera fila al que vuelve, p. ej. +a1
jarmo-no-return-due = no toca ningún regreso (o tu primera fila no tiene ningún punto vacío)
jarmo-bad-return = un arquero que regresa va a un punto vacío de tu primera fila, no a { $r }

## Linja

linja-variant = variante de Linja desconocida { $text }: usa `publisher` (`editorial`: las reglas del fabricante, las predeterminadas) o `seed` (`semilla`: las del texto original)
linja-pos-field-count = en el byte { $at }: se esperaban 3 campos `FILAS TURNO PASES` (p. ej. `6r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 0`), hay { $found }
linja-pos-row-count = en el byte { $at }: se esperaban 8 filas (de 0 a 7) separadas por `/`, hay { $found }
linja-pos-bad-row = en el byte { $at }: la fila { $text } debe ser `.` (vacía) o cantidades como `3r`, `2b`, `1r4b`
linja-pos-piece-count = en el byte { $at }: { $colour ->
    [red] Rojo
   *[other] Negro
  } necesita 12 piezas, hay { $found }
linja-pos-full-row = en el byte { $at }: la fila { $row } tiene { $found } piezas; una fila del campo tiene 6 como mucho
linja-pos-bad-side = en el byte { $at }: el turno debe ser `r` o `b`, hay { $text }
linja-pos-bad-passes = en el byte { $at }: los pases seguidos deben ser 0, 1 o 2 (0 cuando los bandos se han cruzado), hay { $text }
linja-move-bad-step = { $text } no es un movimiento: escribe dos filas distintas de 0 a 7, como `0-1` o `3-5`
linja-move-shape = se esperaba `0-1`, `0-1 3-5` o `2-1 5-2; 1-0 1-0` (dos movimientos como mucho, luego `;` y los del turno extra)
linja-pass-not-legal = solo se puede pasar cuando no hay ningún primer movimiento posible
linja-no-piece = no hay ninguna pieza { $colour ->
    [red] roja
   *[other] negra
  } en la fila { $row }
linja-first-forward = el primer movimiento avanza una fila, de { $from } a { $to }
linja-extra-first-forward = el primer movimiento del turno extra avanza una fila, de { $from } a { $to }
linja-row-full = la fila { $row } está llena
linja-following-compulsory = aquí es obligatorio un movimiento siguiente de { $n } { $n ->
    [one] fila
   *[other] filas
  }
linja-passed-over = los bandos se han cruzado tras { $from }-{ $to }: la partida ha terminado
linja-empty-no-following = la fila { $row } estaba vacía: no hay movimiento siguiente
linja-no-following = aquí no es posible ningún movimiento siguiente
linja-no-piece-following = no hay ninguna pieza { $colour ->
    [red] roja
   *[other] negra
  } en la fila { $row } para el movimiento siguiente
linja-following-distance = el movimiento siguiente avanza { $n } { $n ->
    [one] fila
   *[other] filas
  }: de { $from } a { $to }
linja-extra-turn-follows = la fila { $row } estaba vacía: sigue un turno extra, escrito tras `; `
linja-seed-no-extra = las reglas del texto original no tienen turno extra
linja-one-extra = solo un turno extra por turno
linja-no-extra = no hay turno extra: la fila { $row } no era una fila del campo vacía

## Damas y Super Dimensiones

draughts-variant = en el byte 0: variante de damas desconocida «{ $text }» (se esperaba russian, turkish o english)
draughts-pos-field-count = en el byte { $at }: se esperaban { $expected } campos ({ $what ->
    [board-side-clock] tablero turno contador
   *[other] tablero ejército subpartidas contador ciclo
  }), hay { $found }
draughts-pos-row-count = en el byte { $at }: el tablero necesita { $expected } filas separadas por `/`, hay { $found }
draughts-pos-row-length = en el byte { $at }: la fila { $rank } cubre { $found } casillas, no { $expected }
draughts-pos-bad-char = en el byte { $at }: { $ch } no es una pieza ({ $pieces }) ni un número de casillas vacías
draughts-pos-at = en el byte { $at }: { $what }
draughts-pos-bad-side = en el byte { $at }: el turno debe ser `w` o `b`, hay { $text }
draughts-pos-bad-army = en el byte { $at }: el ejército que mueve debe ser `r`, `b`, `a`, `o`, o `-` si la partida ha terminado, hay { $text }
draughts-pos-bad-clock = en el byte { $at }: el contador de jugadas debe ser un número de 0 a { $max }, hay { $text }
draughts-light-square = una pieza en la casilla clara { $sq }
draughts-man-on-crowning-row = un peón { $colour ->
    [white] blanco
   *[other] negro
  } en { $sq }, su fila de coronación
draughts-move-bad-square = { $text } no es una casilla del tablero
draughts-move-shape = se esperaba una jugada como `c3-d4` o una captura como `b4xd6xf4`
draughts-move-penalty = una penalización se escribe `!b2` (pieza retirada), `!+a1` (peón devuelto) o `!=b1` (peón coronado)
draughts-capture-compulsory = capturar es obligatorio
draughts-penalty-choices = esa penalización no es una de las posibles ({ $choices })
draughts-no-piece-from = ninguna pieza del bando que mueve puede salir de { $from }
draughts-no-capture = aquí no hay ninguna captura
draughts-no-such-move = la pieza de { $from } no tiene esa jugada
dimensiones-unknown-option = opción desconocida «{ $option }» (la única es +huff)
dimensiones-card-count = se esperaban cinco cartas como I-C-A-W-R, hay { $found } { $found ->
    [one] parte
   *[other] partes
  }
dimensiones-card-letter = la carta { $card } ({ $name ->
    [dimension] dimensión
    [strategy] estrategia
    [tactics] táctica
    [formation] formación
   *[other] poder
  }) debe ser { $a } o { $b }, hay «{ $found }»
dimensiones-huff-needs-n = +huff solo existe con la táctica N (capturar es obligatorio)
dimensiones-too-many-pieces = { $army ->
    [red] Rojo
    [blue] Azul
    [aqua] Aguamarina
   *[other] Naranja
  } tiene { $found } piezas; un ejército tiene 6 como mucho
dimensiones-man-on-crowning-row = un peón de { $army ->
    [red] Rojo
    [blue] Azul
    [aqua] Aguamarina
   *[other] Naranja
  } en { $sq }, su fila de coronación
dimensiones-off-colour = una pieza de { $army ->
    [red] Rojo
    [blue] Azul
    [aqua] Aguamarina
   *[other] Naranja
  } en { $sq }: con la formación W se queda en su color
dimensiones-bad-subgames = el campo de las subpartidas son dos de `-` (abierta), `1`, `2` (ganada por ese jugador) o `=` (tablas), hay «{ $found }»
dimensiones-bad-cycle = el ciclo es `rbao` (el jugador uno movió primero) o `broa`, hay «{ $found }»
dimensiones-open-without-pieces = { $army ->
    [red] Rojo
    [blue] Azul
    [aqua] Aguamarina
   *[other] Naranja
  } no tiene piezas, así que su subpartida no puede estar abierta
dimensiones-no-army-open = ningún ejército mueve, pero hay una subpartida abierta
dimensiones-army-decided = { $army ->
    [red] Rojo
    [blue] Azul
    [aqua] Aguamarina
   *[other] Naranja
  } no puede mover: su subpartida está decidida
dimensiones-army-stuck = { $army ->
    [red] Rojo
    [blue] Azul
    [aqua] Aguamarina
   *[other] Naranja
  } no tiene ninguna jugada legal: su subpartida ya estaría decidida

## Alrededor del tablero: por qué la mesa (o el servidor de la aplicación web) rechazó una acción

table-game-over = la partida ha terminado
table-time-up = se acabó el reloj de { $side }: la partida está perdida por tiempo
table-clock-no-undo = en una partida con reloj no se deshacen jugadas
clock-bad-control = { $text } no es un control de tiempo: escribe minutos+segundos de incremento (como 5+3, como mucho { $minutes }+{ $seconds }) o días por jugada (como 3d: 1, 2, 3, 5, 7 o 14)
table-not-your-turn = le toca a { $side }, no a ti
table-too-long = una jugada tiene como mucho { $max } caracteres
table-illegal = jugada ilegal { $mv }
table-no-claims = en { $game } no hay reclamaciones
table-claim-own-turn = solo se reclama en el turno propio
table-undo-false-claim = una partida perdida por una reclamación falsa ha terminado del todo: una reclamación no se retira
table-computer-declines = el ordenador rechaza las tablas
table-no-offer = no hay ninguna oferta de tablas que responder
table-undo-computer-only = deshacer es solo para partidas contra el ordenador
table-nothing-to-undo = no tienes ninguna jugada que retirar
table-bad-variant = variante de { $game } { $variant }: { $error }
table-bad-position = posición no válida: { $error }
table-unknown-game = juego desconocido { $game }: los juegos son { $games }
table-spectator = no tienes asiento en esta partida (un espectador no puede jugar)
table-next-started = la partida ha terminado y ya ha empezado la siguiente
table-moved-on = la partida ha avanzado: va por la jugada { $ply } y la jugada se hizo en la { $seen }
table-computer-no-undo = el ordenador no deshace

# Reading a game record (tablero_core::RecordError).
record-bad-tag = línea { $line }: { $reason }
record-missing-tag = el registro no tiene la etiqueta [{ $tag } ...]
record-wrong-game = este es un registro de { $found }, no de { $expected }
record-bad-variant = etiqueta Variant no válida: { $error }
record-bad-position = etiqueta Position no válida: { $error }
record-bad-result = resultado no válido: { $error }
record-bad-value = etiqueta { $tag } no válida: { $reason }
record-time-control = { $text } no es un control de tiempo como lo escribe PGN (`-` sin reloj, `?` desconocido, segundos e incremento `180+2`, jugadas en segundos `40/7200`, periodos unidos por `:`)
record-date = { $text } no es una fecha como la escribe PGN (`2025.03.01`, con `?` en la parte que no se sabe: `2025.??.??`)
record-result-word = Result { $result } no es p1, p2, draw ni *
record-needs-reason = una partida terminada necesita la etiqueta Reason
record-unknown-reason = Reason desconocida: { $reason }
record-bad-score = Score { $score } no son dos números de puntos
record-tag-shape = una etiqueta tiene la forma [Nombre "valor"]
record-tag-parts = una etiqueta necesita un nombre y un valor entre comillas
record-tag-name = nombre de etiqueta no válido: { $name }
record-tag-quotes = el valor de la etiqueta va entre comillas dobles
record-tag-escape = escape no válido en el valor de la etiqueta (solo se admiten \\ y \")
record-tag-quote = comilla sin escapar en el valor de la etiqueta
# Reading a PDN file (draughts::pdn::PdnError).
pdn-bad-tag = línea { $line }: { $reason }
pdn-game-type = GameType { $type } no es ninguna de las configuraciones de 8x8 (25 rusas, 21 inglesas, 30 turcas)
pdn-bad-fen = FEN { $fen }: { $reason }
pdn-bad-move = jugada { $number } ({ $text }): { $reason }
pdn-no-square = { $square } no es ninguna casilla
pdn-fen-side = empieza por W o B, el bando que mueve
pdn-fen-list = la lista de cada bando empieza por W o B
pdn-fen-range = un intervalo son dos números de casilla
pdn-fen-number = una casilla va del 1 al 32
pdn-fen-square = casilla desconocida
pdn-no-result = Result { $result } no es ningún resultado
pdn-tag-shape = una etiqueta tiene la forma [Clave "valor"]
pdn-tag-parts = una etiqueta tiene una clave y un valor
pdn-tag-quotes = el valor de una etiqueta va entre comillas
# A player spec (`--a`, `--b`, `--players`, `--p1`...: tablero_ai::parse_spec).
spec-not-key-value = { $pair } en { $spec } no tiene la forma clave=valor
spec-not-number = { $key }={ $value }: no es un número
spec-levels = { $spec }: los niveles van de ai:1 a ai:5
spec-unknown-key = { $kind } no tiene la clave { $key } (sus claves: { $keys })
spec-no-exact = { $game } no tiene jugador exacto
spec-unknown-player = jugador desconocido { $spec }: usa random, ai:1..ai:5, hint, solver, mcts:..., ab:...
# A Linja table file (tablero_ai::solve::linja_table::TableError).
linja-table-io = { $reason }
linja-table-incomplete = la tabla no está terminada: { $done } de { $layers } capas (vuelve a ejecutar --build-table para continuar)
linja-table-too-short = el archivo es demasiado corto para una tabla de Linja
linja-table-not-a-table = no es una tabla de Linja de tablero
linja-table-version = tabla de formato { $version }; este programa lee el formato { $reads }
linja-table-unknown-rules = reglas desconocidas ({ $rules }) en la cabecera
linja-table-bad-free = número de piezas libres erróneo ({ $free }) en la cabecera
linja-table-bad-length = el archivo tiene { $bytes } bytes; una tabla de { $free } piezas libres tiene { $want }
linja-table-bad-layers = número de capas erróneo en la cabecera
linja-table-other-rules = { $path } guarda una tabla de las reglas { $rules } con { $free } piezas libres, no { $wanted } con { $wanted_free }; bórralo o indica otro archivo
linja-table-in-use = ya hay en uso una tabla de las reglas { $rules }
linja-table-holds-rules = este archivo guarda la tabla de las reglas { $rules }
dimensiones-table-io = { $reason }
dimensiones-table-incomplete = la tabla no está terminada: { $done } de { $slices } cortes (vuelve a ejecutar --build-table para continuar)
dimensiones-table-too-short = el archivo es demasiado corto para una tabla de Super Dimensiones
dimensiones-table-not-a-table = no es una tabla de Super Dimensiones de tablero
dimensiones-table-version = tabla de formato { $version }; este programa lee el formato { $reads }
dimensiones-table-bad-header = la cabecera de la tabla está dañada
dimensiones-table-bad-length = el archivo tiene { $bytes } bytes; su cabecera dice { $want }
dimensiones-table-other-rules = { $path } guarda una tabla de las reglas { $rules } con { $pieces } piezas, no { $wanted } con { $wanted_pieces }; bórralo o indica otro archivo
dimensiones-table-in-use = ya hay en uso una tabla de las reglas { $rules }
dimensiones-table-holds-rules = este archivo guarda la tabla de las reglas { $rules }
dimensiones-table-check-failed = la comprobación encontró { $wrong } valores erróneos en el corte { $slice }; no se escribió nada de él
# Advice on an Imago layout (Layout::warnings).
imago-long-wall = el muro que empieza en { $wall } ocupa { $len } casillas; las reglas recomiendan muros de dos casillas como mucho
# A record's declared result checked against its moves (record::check_result).
record-result-not-rules = el registro dice { $declared }, pero sus { $moves } jugadas terminan la partida con { $actual }
record-result-not-over = el registro dice { $declared }, pero tras sus { $moves } jugadas la partida no ha terminado (una partida sigue hasta que la terminan las reglas, un jugador abandona, los jugadores acuerdan tablas o el bando que mueve reclama una victoria demostrada)
record-result-score = el registro dice { $declared }, pero ese resultado puntúa «{ $score }»
record-claim-unproved = el registro termina con una reclamación, pero la posición tras sus jugadas no es una victoria demostrada de quien reclama
# PDN files of several games.
pdn-in-game = partida { $number } del archivo: { $error }
pdn-no-game = el archivo no contiene ninguna partida

## Problemas (tablero_ai::puzzles): por qué se rechaza un fichero de problemas
puzzle-line = línea { $line }: { $problem }
puzzle-problem-json-syntax = no es JSON (columna { $column })
puzzle-problem-json-missing = no es un problema: falta el campo { $field } (columna { $column })
puzzle-problem-json-kind = no es un problema: un valor de otra clase que la de su campo (columna { $column })
puzzle-problem-tampered = su id no corresponde a su contenido (la línea se ha cambiado)
puzzle-problem-game = juego desconocido { $game }
puzzle-problem-variant = la variante { $variant } no se puede leer
puzzle-problem-position = la posición { $position } no se puede leer
puzzle-problem-side = el turno no es el de la posición
puzzle-problem-moves = la prueba no valora cada jugada legal exactamente una vez
puzzle-problem-answer = la respuesta { $answer } no es la única mejor jugada de la prueba
puzzle-problem-values = los valores de la prueba no son de la clase que da su fuente
puzzle-set-io = no se puede leer el conjunto de problemas: { $error }
puzzle-set-gzip = el conjunto de problemas no es un archivo gzip de líneas JSON: { $error }
puzzle-set-wrong-game = línea { $line }: un problema de { $found } en el conjunto de { $game }
puzzle-set-duplicate = línea { $line }: otra vez la misma posición ({ $id })
puzzle-set-shallow = línea { $line }: la búsqueda profunda va { $deeper } medias jugadas más allá que la corta; un conjunto pide al menos { $least }
puzzle-set-digest = el conjunto de problemas de { $game } no es el de esta compilación (su SHA-256 es { $found }, se esperaba { $expected }): se ha cambiado
puzzle-set-unknown = esta compilación no tiene conjunto de problemas de { $game }
puzzle-set-count = el conjunto de problemas de { $game } tiene { $found } problemas, el manifiesto dice { $expected }
