# Los textos del terminal en español (crates/cli/src/i18n.rs los formatea con
# fluent-bundle). Cada mensaje tiene uno con el mismo id en ../en/cli.ftl: lo
# comprueba la prueba del catálogo (crates/cli/tests/i18n.rs). Ver docs/i18n.md.

## La línea de órdenes

error-prefix = error: { $error }
opt-lang = El idioma de los textos: en o es [por defecto: según LC_ALL, LC_MESSAGES o LANG]
bad-variant = variante no válida para { $game }: { $error }
bad-position = posición no válida { $position }: { $error }
cannot-read-file = no se puede leer { $path }
cannot-read-record = no se puede leer el registro { $path }
unknown-player = jugador desconocido { $text }: usa p1, p2, { $first } o { $second }
bad-player = { $error }; o human (persona)
match-no-position = --match juega dos partidas desde la posición inicial; --position y --moves no se aplican

## A variant's name in a title (docs/cli.md): the words the games write,
## in the language in use; a layout or a rule set's cards stay as written.

variant-label = { $variant ->
    [default] estándar
    [standard] estándar
    [flipped] invertida
    [publisher] editorial
    [seed] semilla
    [russian] rusas
    [turkish] turcas
    [english] inglesas
   *[other] { $variant }
}

## A side in a sentence. Draughts' Blancas and Negras are plural and
## feminine ("Ganan las negras", "Las blancas se rinden"); every other side
## is one name ("Gana Rojo"). The terminal gives each side it names ($side,
## $other) with its number ($side-number: one or plural, from this
## message) and its name in small letters ($side-lower); docs/i18n.md.

side-number = { $side ->
    [Blancas] plural
    [Negras] plural
   *[other] one
}

## tablero play --help

play-about = Jugar una partida en el terminal.
play-long-about =
    Jugar una partida en el terminal.

    En un terminal la partida ocupa la pantalla: el tablero se redibuja en su sitio con la última jugada marcada, la lista de jugadas, los jugadores y el ordenador pensando mientras la pantalla sigue viva; escribe una jugada o elígela con las flechas y pulsa Intro; F1 muestra las teclas. En otro caso (una tubería, un guion), o con --plain, la partida va línea a línea: escribe una jugada en la notación del juego (o su número en la lista) tras el indicador; `ayuda` muestra las demás órdenes (deshacer, reclamar, rendirse, tablas, salir).
play-opt-game = El juego.
play-opt-variant = { opt-variant }
play-opt-p1 = Quién juega como jugador uno (Imago, Linja: Rojo; Jarmo: Oscuro; Super Dimensiones: Sur): human (una persona), ai:1 a ai:5, random, solver, o una búsqueda como mcts:ms=500 o ab:depth=4 [por defecto: human, o el jugador del registro al reanudar con --moves @FICHERO].
play-opt-p2 = Quién juega como jugador dos (Imago: Azul; Jarmo: Claro; Linja: Negro; Super Dimensiones: Norte); las mismas opciones [por defecto: ai:3, o el jugador del registro al reanudar].
play-opt-first = Quién mueve primero: p1, p2, el nombre de un color, o random (al azar).
play-opt-seed = Semilla de las elecciones al azar del ordenador (por defecto: del reloj).
play-opt-record = Guardar el registro de la partida en FICHERO tras cada jugada (escrito entero en un fichero temporal y renombrado, así una partida interrumpida conserva todas las jugadas).
play-opt-no-color = Dibujar sin colores (también si NO_COLOR está definida o la salida no es un terminal).
play-opt-no-review = Sin revisión al final (por defecto una partida terminada con una persona ante el tablero se revisa: las jugadas que merecen una mirada, dónde se escapó el resultado, la precisión de cada lado).
play-opt-plain = Jugar línea a línea (un indicador, y el tablero de nuevo tras cada jugada) incluso en un terminal: para guiones, tuberías y lectores de pantalla.
play-opt-match = Jugar un match de dos partidas (regla 11 del Jarmo): en la segunda los jugadores cambian de asiento y se suman los puntos de ambas. Con --record FICHERO, la partida N se guarda en FICHERO.N.
play-opt-layout = Fichero de disposición del Imago (lo mismo que `--variant @FICHERO`).
play-opt-position = Empezar desde esta posición (su texto) en vez de la posición inicial.
play-opt-moves = Jugadas que se juegan antes, en la notación del juego, separadas por comas; `@FICHERO` lee las jugadas de un registro guardado (o una lista de jugadas).
play-opt-table = Una tabla de valores exactos, de Linja (`tablero solve linja --build-table`) o una tabla de finales de Super Dimensiones (`tablero solve dimensiones --build-table`), proyectada en memoria: el nivel 5, `solver`, las pistas y las revisiones juegan y muestran entonces valores exactos dondequiera que cubra la posición. Una por conjunto de reglas; `none` no usa ninguna [por defecto: las tablas que haya en $XDG_DATA_HOME/tablero o ~/.local/share/tablero, llamadas linja-publisher.tbl, linja-seed.tbl y dimensiones-M-C-N-W-R.tbl (las cartas del conjunto)].
specs-help =
    Jugadores (QUIÉN, SPEC):
      human                       una persona en este terminal (solo play)
      random                      jugadas legales al azar, todas igual de probables
      ai:1 ... ai:5               los niveles del juego, del más débil al más fuerte (docs/ai.md)
      solver                      el jugador exacto (Imago)
      hint                        el de las pistas: el resolvedor si el juego está resuelto, si no ai:5
      mcts[:iters=N,ms=N,c=X,threads=N,cutoff=N,reuse=0/1]
                                  búsqueda de árbol Monte Carlo (por defecto 1000 iteraciones, c 1.0)
      ab[:depth=N,ms=N,nodes=N,threads=N,q=0/1,focus=0/1]
                                  alfa-beta (por defecto profundidad 4, un hilo, quiescencia
                                  y foco activados)
      ugi:ORDEN                   un motor externo que habla UGI (solo match), p. ej.
                                  "ugi:tablero engine dimensiones --player ab:ms=200"
    Ejemplo: --p2 mcts:ms=500,threads=2

## La partida, línea a línea

play-help =
    Órdenes tras el indicador:
      <jugada>     juega una jugada en la notación del juego, p. ej. b2-c2 g5
      <número>     juega la jugada con ese número en la lista
      jugadas      muestra de nuevo las jugadas legales
      deshacer     retira tu última jugada (y la respuesta del ordenador); solo
                   contra el ordenador
      reclamar     reclama la victoria (la «Jacke» del Imago): ganas si el
                   resolvedor la demuestra, pierdes si no
      rendirse     abandona la partida
      tablas       ofrece tablas: el ordenador responde al momento (los niveles 4
                   y 5 del Imago aceptan si no ven una victoria propia; los demás
                   rechazan); en el mismo terminal se pregunta al otro jugador
      sigue        deja mover al ordenador, después de que `deshacer` retirara su
                   primera jugada
      ayuda        este texto
      salir        termina (el registro se guarda si se dio --record)
    Las palabras en inglés también valen: moves, undo, claim, resign, draw, go, help, quit.
play-keys =
    Teclas de la partida a pantalla completa (las palabras de arriba también valen):
      Intro        juega la jugada escrita (casillas en mayúsculas o minúsculas) o elegida
      Arriba/Abajo elige entre las jugadas legales (las que empiezan por lo escrito)
      F1 o ?       ayuda         F2  pista (la jugada del resolvedor si el juego está resuelto, si no la del nivel 5)
      F3           deshacer      F4  ofrecer tablas (s/n responde a una oferta)
      F5           reclamar      F6  rendirse
      F7           girar el tablero (las filas al revés)
      Esc          borra la línea; sale de una partida terminada
      F10, Ctrl-C, Ctrl-D  salir (el registro conserva todas las jugadas)
to-move = { $side-number ->
    [plural] Mueven las { $side-lower }
   *[one] Mueve { $side }
}. Jugadas legales:
to-move-army = { $side-number ->
    [plural] Mueven las { $side-lower }
   *[one] Mueve { $side }
} ({ $army }). Jugadas legales:
line-too-long = Esa línea tiene { $len } bytes; una orden tiene como mucho { $max }.
line-not-utf8 = Esa línea no es texto UTF-8 válido; escríbela de nuevo.
cannot-read = no se puede leer la entrada: { $error }
offers-draw = { $side-number ->
    [plural] Las { $side-lower } ofrecen tablas.
   *[one] { $side } ofrece tablas.
} { $other }, escribe `tablas` para aceptar; cualquier otra cosa rechaza:{ " " }
declines-draw = { $side-number ->
    [plural] Las { $side-lower } rechazan las tablas.
   *[one] { $side } rechaza las tablas.
}
computer-accepts-draw = { $side-number ->
    [plural] Las { $side-lower } ({ $spec }) aceptan las tablas.
   *[one] { $side } ({ $spec }) acepta las tablas.
}
computer-declines-draw = { $side-number ->
    [plural] Las { $side-lower } ({ $spec }) rechazan las tablas.
   *[one] { $side } ({ $spec }) rechaza las tablas.
}
computer-paused = { $side-number ->
    [plural] Mueven las { $side-lower }
   *[one] Mueve { $side }
} ({ $spec }): escribe `sigue` (o pulsa Intro) para que mueva.
paused-other = { $text }: escribe `sigue`, o `salir` para terminar.
wins = { $side-number ->
    [plural] Ganan las { $side-lower }
   *[one] Gana { $side }
}
draw = Tablas
result = { $result } ({ $why }). Resultado { $score }.
computer-claims = { $side-number ->
    [plural] Las { $side-lower } ({ $spec }) reclaman la victoria:
   *[one] { $side } ({ $spec }) reclama la victoria:
} { $claim }.
computer-plays = { $side-number ->
    [plural] Las { $side-lower } ({ $spec }) juegan { $mv }
   *[one] { $side } ({ $spec }) juega { $mv }
}
claim-word = reclamación
move-taken-back = Jugada retirada.
back-to-start = De vuelta al inicio.
no-move-number = No hay jugada número { $n }; la lista tiene { $count }.
bad-move = «{ $mv }» no es una jugada legal aquí ({ $error }). Escribe `jugadas` para ver las jugadas legales o `ayuda` para las órdenes.
record-saved = Registro guardado en { $path }.
unfinished = Partida sin terminar.
interrupted = Interrumpida.
interrupted-record = Interrumpida. El registro { $path } conserva todas las jugadas.
no-interrupt-handler = aviso: Ctrl-C no se anunciará: { $error }
points = { $n ->
    [one] { $n } punto
   *[other] { $n } puntos
}

## El match de dos partidas

match-header = Match, partida { $game } de 2: { $a } juega con { $sidea }, { $b } juega con { $sideb }.
match-unfinished = Match sin terminar en la partida { $game }.
match-game-points = Partida { $game }: { $person } ({ $name }, { $side }) { $points }.
match-total = Total de { $person }: { $first } + { $second } = { $points }.
match-wins = { $person } gana el match.
match-drawn = El match queda en tablas.

## Lo que terminó una partida

reason-goal = una pieza llegó a su meta
reason-claim = { $claim }: la victoria quedó demostrada
reason-false-claim = { $claim } sin demostrar: una reclamación falsa pierde
reason-repetition = la misma posición se repitió tres veces
reason-no-moves = ningún jugador podía mover
reason-all-arrived = un bando tiene todos sus arqueros en la primera fila enemiga
reason-move-cap = se alcanzó el límite de jugadas
reason-passed = los dos bandos se han cruzado
reason-resign = abandono
reason-agreed = de común acuerdo
reason-time = por tiempo
reason-forfeit = por incomparecencia
reason-aborted = la partida se anuló
reason-subgames = las dos subpartidas están decididas
reason-no-archers = { $side } no tiene arqueros
reason-no-archers-both = ningún bando tiene arqueros

## Por qué la mesa rechazó una orden


## Los tableros

army-red = Rojo
army-blue = Azul
army-aqua = Aguamarina
army-orange = Naranja
# The pieces' letters in the drawings (the first character counts).
letter-draughts-white = b
letter-draughts-black = n
letter-imago-red = R
letter-imago-blue = A
letter-jarmo-dark = o
letter-jarmo-light = c
letter-linja-red = R
letter-linja-black = N
letter-dim-red = r
letter-dim-blue = z
letter-dim-aqua = g
letter-dim-orange = n
legend-imago =
    { $red }: Rojo, va a la derecha hacia sus metas [{ $red_goal }] (h1, h6).  { $blue }: Azul, va a la izquierda hacia [{ $blue_goal }] (a1, a6).
    Los muros se dibujan ┃ y ━. Una jugada es tu paso y la pieza rival que empujas en sentido contrario: `b2-c2 g5`.
legend-jarmo-pieces = { $dark }, { $light }: un arquero Oscuro, Claro; { $dark_marked }, { $light_marked }: un arquero marcado (ha capturado). Los arqueros se mueven por las líneas:
legend-jarmo-moves = Jugadas: `b1-d2`, una captura `b1xd2`, con el retorno de un arquero perdido `c2-e3+b1`, `pass` (pasar).
legend-linja =
    { $red }: Rojo, sube de la fila 0 a la 7.  { $black }: Negro, baja de la fila 7 a la 0.
    Una jugada nombra filas: primer movimiento, movimiento siguiente, turno extra tras `;`, p. ej. `0-1 3-5` o `2-1 5-2; 1-0 1-0`.
legend-dimensiones =
    Sur juega con Rojo ({ $red }) y Aguamarina ({ $aqua }), Norte con Azul ({ $blue }) y Naranja ({ $orange }); las mayúsculas son damas.
    Rojo se enfrenta a Azul y Aguamarina a Naranja. Jugadas: W (diagonal) `b2-c3`, E (ortogonal) `c2-c3`;
    capturas `a1xc3xe5` (W) o `c2xc4xc6` (E); penalizaciones por soplo `c3-d4!b2`.
legend-draughts = { $first_letter }: { $first } (jugador uno, suben), { $second_letter }: { $second }; las mayúsculas son damas. Jugadas: `c3-d4`, capturas `d4xf6xd8`.
linja-for = { $points } para { $side }
linja-start-red = Salida de Rojo, meta de Negro: 5 para Negro
linja-start-black = Salida de Negro, meta de Rojo: 5 para Rojo
linja-full = (llena)
linja-scores = Rojo { $red }, Negro { $black } ahora mismo.
jarmo-first-row = Primera fila de { $side }, meta de { $other }
jarmo-side-line = { $side }: { $board } en el tablero, { $lost ->
    [one] { $lost } perdido
   *[other] { $lost } perdidos
}, { $owed ->
    [one] { $owed } retorno debido
   *[other] { $owed } retornos debidos
}, { $points } ahora mismo
jarmo-quiet = Jugadas sin captura: { $n }/{ $max }
jarmo-shuttle = Sin vaivén: { $side } no puede jugar { $mv } ahora
dim-open = abierta
dim-won = ganada por { $side }
dim-drawn = en tablas
dim-status = { $variant } · Rojo–Azul { $first } · Aguamarina–Naranja { $second } · { $n } jugadas sin captura ni movimiento de peón
dim-signal = La ficha de señal ● está en { $army }: mueve { $army }.

## La partida a pantalla completa

tui-save-failed = No se puede guardar el registro: { $error }
tui-choose-only = elige la única legal
tui-choose-one = elige una de las { $n }
tui-no-hint-failed = Sin pista: su búsqueda falló.
tui-computer-failed = El jugador del ordenador falló; el registro conserva todas las jugadas.
tui-computer-refused = La jugada { $mv } del ordenador fue rechazada: { $error }
tui-hint = Pista: { $mv }. Intro la juega.
tui-no-hint-game = En este juego no hay pistas.
tui-looking = Buscando una pista...
tui-no-legal = Aquí no hay ninguna jugada legal.
tui-no-legal-start = Ninguna jugada legal empieza por { $text }.
tui-flipped = El tablero está girado.
tui-wait = Espera: el ordenador está pensando.
tui-no-person = Aquí no juega ninguna persona; mira, o F10 para salir.
tui-legal-moves = Jugadas legales: { $moves }
tui-hint-person = La pista es para la persona a quien le toca.
tui-taken-back = { $n ->
    [one] { $n } jugada retirada.
   *[other] { $n } jugadas retiradas.
}
tui-no-number = No hay jugada número { $n }; la lista (`jugadas`) tiene { $count }.
tui-not-your-turn = No te toca.
tui-key-help = F1 ayuda
tui-key-hint = F2 pista
tui-key-undo = F3 deshacer
tui-key-draw = F4 tablas
tui-key-claim = F5 reclamar
tui-key-resign = F6 rendirse
tui-key-flip = F7 girar
tui-key-quit = F10 salir
tui-key-choose = ↑↓ Intro
tui-key-leave = Intro o Esc sale
tui-help-intro =
    Escribe una jugada en la notación del juego (las mayúsculas se leen como minúsculas) o
    su número, y pulsa Intro; o elige una de las jugadas legales con ↑↓ (también ← → y Tab;
    lo que escribiste antes acota la elección) y pulsa Intro.
tui-help-line-help = F1 o ?   esta ayuda
tui-help-line-hint = F2       una pista: la jugada del jugador exacto o del nivel 5
tui-help-line-undo = F3       deshacer (contra el ordenador: vuelve a tu último turno)
tui-help-line-draw = F4       ofrecer tablas
tui-help-line-claim = F5       reclamar la victoria ({ $claim })
tui-help-line-resign = F6       rendirse (pregunta antes: s o F6 otra vez)
tui-help-line-flip = F7       girar el tablero
tui-help-line-quit = F10, Ctrl-C o Ctrl-D  salir (el registro se conserva)
tui-help-line-esc = Esc      borrar la línea de la jugada
tui-help-line-leave = Intro o Esc  salir de la partida terminada
tui-help-words = También valen las palabras { $words }.
tui-word = { $command ->
    [help] ayuda
    [moves] jugadas
    [hint] pista
    [undo] deshacer
    [draw] tablas
    [claim] reclamar
    [resign] rendirse
    [flip] girar
    [quit] salir
   *[other] { $command }
}
tui-too-small = Este terminal ({ $width }x{ $height }) es demasiado pequeño para el tablero, que necesita al menos { $need_width }x{ $need_height }. Agranda la ventana, o juega línea a línea con --plain. F10 sale.
tui-none = ninguna
tui-hint-word = pista
tui-thinking-word = pensando
tui-last-search = última búsqueda: { $info }
tui-captured = Piezas perdidas: { $list }
tui-moves = Jugadas
tui-enter-leaves = { $result } Intro o Esc para salir.
tui-person-to-move = { $side-number ->
    [plural] Mueven las { $side-lower }
   *[one] Mueve { $side }
}: escribe una jugada o { $choose } con ↑↓, y pulsa Intro.
tui-paused = { $side-number ->
    [plural] Mueven las { $side-lower }
   *[one] Mueve { $side }
} ({ $name }): Intro (o `sigue`) lo deja mover.
tui-computer-to-move = { $side-number ->
    [plural] Mueven las { $side-lower }
   *[one] Mueve { $side }
} ({ $name }).
tui-played = { $side-number ->
    [plural] Las { $side-lower } ({ $name }) jugaron { $mv }.
   *[one] { $side } ({ $name }) jugó { $mv }.
} { $prompt }
tui-claims = { $side-number ->
    [plural] Las { $side-lower } ({ $name }) reclaman la victoria:
   *[one] { $side } ({ $name }) reclama la victoria:
} { $claim }. { $prompt }
tui-accepts-draw = { $side-number ->
    [plural] Las { $side-lower } aceptan las tablas.
   *[one] { $side } acepta las tablas.
} { $prompt }
tui-declines-draw = { $side-number ->
    [plural] Las { $side-lower } rechazan las tablas.
   *[one] { $side } rechaza las tablas.
} { $prompt }
tui-resigns = { $side-number ->
    [plural] Las { $side-lower } se rinden.
   *[one] { $side } se rinde.
}
tui-offers-draw = { $side-number ->
    [plural] Las { $side-lower } ofrecen tablas.
   *[one] { $side } ofrece tablas.
} { $other }: s acepta, cualquier otra tecla rechaza.
tui-pick = { $i }/{ $n }, ↑↓ para elegir
tui-help-title = Ayuda
tui-help-close = Cualquier tecla cierra esta ayuda.

## tablero moves (la forma de texto; --json no cambia)

moves-position = posición:  { $position }
moves-side = turno:     { $side }
moves-side-army = turno:     { $side } ({ $army })
moves-outcome = resultado: { $result } ({ $why }), marcador { $score }
moves-no-outcome = resultado: ninguno (la partida sigue)
moves-legal = jugadas legales ({ $n }):

## La partida a pantalla completa: una jugada no legal (`why` es el motivo del juego, en inglés, sin usar aquí)

tui-bad-move = «{ $mv }» no es una jugada legal aquí ({ $reason }).

## The two-game match in full screen

tui-match-game = Partida { $game } de 2
tui-match-total = Tras la partida 1: A { $a }, B { $b }
tui-match-game-over = Fin de la partida { $game }
tui-match-next = Cualquier tecla empieza la partida 2 (F10 deja el match).
tui-match-over = Fin del match
tui-match-leave = Cualquier tecla sale.

## Every command's --help (i18n::localize_help): X-about, X-opt-NAME, else opt-NAME

tablero-about = Jugar, estudiar y probar juegos abstractos de dos jugadores (cada orden los enumera): partidas en el terminal, perft, resolutores, matches, un motor UGI, una aplicación web y un juego para imprimir.
opt-game = El juego.
opt-variant = La variante: Imago `default`/`estándar` o un texto de disposición; Jarmo `standard`/`estándar` o `flipped`/`invertida`; Linja `publisher`/`editorial` o `seed`/`semilla`; Super Dimensiones cinco cartas como `I-C-A-W-R` (con `+huff` añadido para esa opción); damas `russian`, `turkish` o `english`; `@FICHERO` la lee de un fichero.
opt-layout = Fichero de disposición del Imago (lo mismo que `--variant @FICHERO`).
opt-position = Empezar desde esta posición (su texto) en vez de la posición inicial.
opt-moves = Jugadas que se juegan antes, en la notación del juego, separadas por comas; `@FICHERO` lee las jugadas de un registro guardado (o una lista de jugadas).
opt-table = { play-opt-table }
serve-about = Servir la aplicación web: jugar a todos los juegos en el navegador.
serve-opt-port = El puerto (0: cualquier puerto libre, que se muestra al empezar).
serve-opt-host = La dirección en la que escuchar.
serve-opt-database = Un fichero SQLite, o una URL de PostgreSQL (`postgres://usuario@máquina/base`).
serve-opt-rate = Peticiones por segundo permitidas a una dirección (ráfagas del doble); 0: sin límite.
serve-opt-max-connections = Conexiones abiertas a la vez, WebSockets incluidos (también por debajo del límite de ficheros abiertos); a las demás se responde 503.
serve-opt-max-connections-per-address = Conexiones abiertas a la vez desde una dirección; a las demás se responde 429. 0: sin tope. Un proxy de confianza (`--trusted-proxy`) no tiene ninguno.
serve-opt-solves-per-minute = Resoluciones de disposiciones nuevas del Imago (`POST /api/imago/solve`) que una dirección puede pedir por minuto; 0: sin límite.
serve-opt-trusted-proxy = Un proxy inverso delante (puede repetirse): en las conexiones desde esta dirección, la dirección del cliente es la última de `X-Forwarded-For`, y todo límite por dirección cuenta esa. Por omisión ninguno: la cabecera no se cree a nadie.
perft-about = Contar los caminos de jugadas de cada longitud desde una posición (comprobación del generador de jugadas).
perft-opt-depth = La mayor longitud contada; se muestra cada profundidad desde 1.
perft-opt-divide = Mostrar en su lugar la cuenta bajo cada primera jugada, a la mayor longitud.
perft-opt-json = Imprimir JSON: `[{ "{" }"depth": 1, "nodes": 12, "seconds": 0.0{ "}" }, ...]`.
perft-opt-threads = Hilos que cuentan a la vez (se reparten las posiciones a dos medias jugadas de la raíz).
moves-about = Mostrar una posición, el bando al que le toca, su resultado y sus jugadas legales.
moves-opt-json = Imprimir JSON: `{ "{" }"position", "side", "army", "outcome", "legal"{ "}" }`.
solve-about = Resolver un juego exactamente, donde tablero tiene un resolutor exacto (ver `solve --help`).
solve-opt-json = Imprimir JSON: Imago `positions`, `wins`, `losses`, `draws`, `start` (con --position/--moves: `position`, `value`, `moves`); Linja `score_diff`, `best_move`, `positions`, `seconds`; Super Dimensiones `position`, `exact`, `subgame`, `margin`, `best_moves`, `moves` (con --build-table: `rules`, `pieces`, `entries`, `bands`, `checksum`, `seconds`).
solve-opt-max-positions = Linja: abandonar cuando la búsqueda haya guardado tantas posiciones [por defecto: 20000000, unos pocos gigabytes como mucho; la posición inicial queda muy lejos].
solve-opt-build-table = Linja: construir en FICHERO la tabla del valor de cada posición; Super Dimensiones: la tabla de finales de la subpartida (conjuntos de reglas con las cartas M y W, --variant, por defecto M-C-N-W-R). Reanuda una construcción que encuentre allí.
solve-opt-table = Linja, Super Dimensiones: responder con esta tabla en vez de buscar.
solve-opt-verify = Linja, Super Dimensiones: comprobar la tabla dada con --table (suma de control, y que cada valor sea igual al de su mejor sucesora).
solve-opt-rules = Linja: las reglas de --build-table, `publisher` o `seed` (lo mismo que --variant).
solve-opt-free = Linja: piezas por bando fuera de la línea de meta que cubre --build-table (12: todas las posiciones; menos: una pequeña parte cerrada del juego).
solve-opt-threads = Linja, Super Dimensiones: hilos de trabajo de --build-table y --verify (por defecto: los núcleos).
solve-opt-pieces = Super Dimensiones: el máximo de piezas (de ambos ejércitos) de las posiciones que cubre --build-table (8: la tabla entera; de 2 a 12).
solve-dimensiones-needs-table = Super Dimensiones se resuelve con sus tablas de finales: indica --table ARCHIVO (construida con --build-table ARCHIVO)
solve-dimensiones-no-subgame = el conjunto de reglas { $rules } no tiene tabla de finales: las tablas son de la subpartida de los conjuntos con las cartas M y W, sin +huff
solve-dimensiones-table = { $path } ({ $rules }, { $pieces } piezas como mucho)
solve-dimensiones-not-covered = la tabla no cubre esta posición (más de { $pieces } piezas en la subpartida)
solve-dimensiones-subgame = { $value } (quedan { $left } medias jugadas antes del límite)
solve-dimensiones-subgame-alone = { $value } para { $army }, la subpartida sola (las dos subpartidas siguen abiertas: no es exacto para la partida entera)
solve-subgame-win = subpartida ganada
solve-subgame-draw = subpartida en tablas
solve-subgame-loss = subpartida perdida
solve-slice = corte { $slice } ({ $done }/{ $slices } hechos)
solve-resumed-slices = reanudada tras { $done } de { $slices } cortes
field-subgame = subpartida
bench-about = Medir partidas al azar por segundo desde la posición inicial.
bench-opt-variant = La variante (ver `tablero perft --help`); `@FICHERO` lee un fichero.
bench-opt-seconds = Cuánto tiempo jugar, en segundos.
bench-opt-threads = Hilos que juegan a la vez.
bench-opt-seed = Semilla de las jugadas al azar del primer hilo.
bench-opt-json = Imprimir JSON: `{ "{" }"playouts", "moves", "seconds", "playouts_per_s", "moves_per_s"{ "}" }`.
match-about = Jugar un match entre dos jugadores del ordenador, con Elo y SPRT.
match-after-help = { specs-help }
match-opt-variant = { bench-opt-variant }
match-opt-a = Jugador A: `random`; `ai:1` a `ai:5` (los niveles de `tablero play`); `solver` (Imago: juego perfecto); `mcts[:iters=N,ms=N,c=X,threads=N,cutoff=N]` (búsqueda de árbol Monte Carlo); `ab[:depth=N,ms=N,nodes=N,threads=N,q=0|1,focus=0|1]` (búsqueda alfa-beta). Ejemplo: `--a mcts:ms=500 --b ab:depth=4`.
match-opt-b = Jugador B: un SPEC como para --a.
match-opt-games = Partidas que jugar (redondeadas a un número par).
match-opt-concurrency = Partidas jugadas a la vez.
match-opt-sprt = Parar cuando decida la prueba secuencial de razón de probabilidades entre Elo ELO0 y ELO1 (α = β = 0,05).
match-opt-openings = Medias jugadas al azar antes de cada par de partidas.
match-opt-seed = Semilla de las aperturas y de los jugadores.
match-opt-records = Guardar el registro de cada partida en CARPETA como `game-001.txt`, `game-002.txt`, ... (se crea si falta), con los jugadores como etiquetas.
match-opt-json = Imprimir JSON: games, a_wins, b_wins, draws, score, elo, elo_low, elo_high, sprt (e interrupted: true tras Ctrl-C); las líneas de cada partida van entonces a la salida de errores.
engine-about = Hablar el protocolo de motores UGI por la entrada y la salida estándar.
engine-after-help = { specs-help }
engine-opt-game = El juego con el que empezar (`setoption name game value ...` lo cambia).
engine-opt-variant = La variante con la que empezar.
engine-opt-player = El jugador del ordenador que responde a `go` (un SPEC como en `tablero match`).
lab-about = El laboratorio del diseñador: estudiar variantes por su equilibrio, su decisión y su profundidad.
lab-opt-game = El juego, o `worker` para jugar las unidades en cola en --database.
lab-opt-database = Una base de datos PostgreSQL con la cola de trabajo y los resultados.
lab-opt-variants = Las variantes: `all` (todas), o una lista separada por comas (por defecto: la variante por defecto del juego).
lab-opt-variant = Una variante más (repetible; para textos con comas, como las disposiciones del Imago); `@FICHERO` la lee de un fichero.
lab-opt-level = Ambos jugadores a este nivel (1-5).
lab-opt-players = Dos jugadores A,B (como en `tablero match`): A juega primero en la primera partida de cada par.
lab-opt-ladder = La escalera de niveles: cada nivel contra el siguiente, por variante.
lab-opt-games = Partidas por variante (y por peldaño de la escalera), redondeadas a pares.
lab-opt-openings = Medias jugadas al azar antes de cada par de partidas.
lab-opt-seed = La semilla del estudio.
lab-opt-report = La carpeta del informe (por defecto `lab-JUEGO`); guarda también los resultados desde los que el estudio se reanuda.
lab-opt-threads = Hilos que juegan partidas (por defecto: todos los núcleos).
lab-opt-json = Imprimir un único valor JSON con todas las cifras.
lab-opt-search-layouts = Imago: buscar disposiciones de muros con las casillas de salida por defecto.
lab-opt-walls = Imago: muros por disposición en la búsqueda.
lab-opt-symmetric = Imago: solo disposiciones que son su propia imagen en el espejo (justas para ambos colores).
lab-opt-max-layouts = Imago: cuántas disposiciones resuelve la búsqueda como mucho; más allá, toma muestras.
lab-opt-top = Imago: disposiciones que se conservan en la clasificación de la búsqueda.
print-about = Escribir el juego para imprimir (tablero, piezas, cartas, reglas) en PDF o SVG.
print-opt-variant = La variante (Imago: un texto de disposición; `@FICHERO` la lee de un fichero).
print-opt-paper = Papel: `a4` o `letter` (carta).
print-opt-output = El fichero que escribir: `.pdf` o `.svg` (todas las páginas, una bajo otra).

## clap's own words (used in Spanish; English keeps clap's)

clap-usage = Uso:
clap-arguments = Argumentos:
clap-options = Opciones:
clap-commands = Órdenes:
clap-options-placeholder = [OPCIONES]
clap-command-placeholder = <ORDEN>
clap-help = Mostrar la ayuda
clap-help-more = Mostrar la ayuda (más con '--help')
clap-help-summary = Mostrar la ayuda (un resumen con '-h')
clap-version = Mostrar la versión
clap-help-command = Mostrar este mensaje o la ayuda de las órdenes dadas
clap-aliases = también: { $list }
clap-default = por defecto: { $value }
clap-possible = valores posibles: { $list }
clap-possible-heading = Valores posibles:
clap-error-unknown = argumento inesperado '{ $arg }'
clap-error-subcommand = orden desconocida '{ $name }'
clap-error-value = valor no válido '{ $value }' para '{ $arg }'
clap-error-missing = faltan estos argumentos obligatorios: { $args }
clap-error-conflict = el argumento '{ $arg }' no puede usarse con '{ $other }'
clap-error-no-subcommand = falta una orden
clap-error-count = número de valores equivocado para '{ $arg }'
clap-error-other = la línea de órdenes no es válida
clap-error-tip = consejo: existe uno parecido: '{ $arg }'
clap-error-more = Para más información, prueba '--help'.
value-game = JUEGO
value-file = FICHERO
value-who = QUIÉN
value-list = LISTA
value-dir = CARPETA
value-lang = IDIOMA
value-path_or_url = RUTA_O_URL
value-port = PUERTO
value-host = DIRECCIÓN
value-first = QUIÉN
value-seed = SEMILLA
value-depth = PROFUNDIDAD
value-threads = HILOS
value-seconds = SEGUNDOS
value-games = PARTIDAS
value-concurrency = CUÁNTAS
value-openings = JUGADAS

## A search's info line as the full-screen game shows it (the engine protocol keeps its words)

search-depth = profundidad
search-score = valor
search-nodes = nodos
search-mate = mate
search-pv = línea
value-game-worker = JUEGO|worker

## Help of the lab's exact Linja and of serve --lab

serve-opt-lab = Una carpeta de informes de `tablero lab` (o un solo informe) que mostrar en /lab, solo para leer; los estudios que aún se juegan allí muestran su avance en directo.
serve-opt-smtp = Enviar avisos por correo de las partidas por correspondencia a través de este servidor SMTP (`smtp://host:25`, `smtps://usuario:contraseña@host`); sin él no se envía correo.
serve-opt-smtp-from = El remitente de los avisos.
serve-opt-public-url = La dirección del servidor tal como la ven los jugadores, para los enlaces de los correos (por defecto: la dirección en la que escucha).
serve-opt-mail-quiet = El tiempo mínimo entre dos avisos a una dirección, en segundos.
serve-opt-tournaments = Torneos del sitio: un calendario (JSON, docs/deploy.md, "Site tournaments"); el torneo de cada cita se crea una vez, antes de su comienzo.
lab-opt-exact = Linja, Super Dimensiones: responder con tablas de finales en lugar de jugar partidas (`--table FICHERO`, o `--free K` para Linja, `--pieces K` para Super Dimensiones).
lab-opt-free = Laboratorio exacto de Linja: construir (o reutilizar) en la carpeta del informe una tabla de K piezas libres por bando, con las reglas de --variants (por defecto, editorial).

## What solve, lab, match, bench and perft print (labels are padded after translation; --json stays English)

field-position = posición
field-score-diff = diferencia
field-best-move = mejor jugada
field-best-moves = mejores jugadas
field-positions = posiciones
field-layout = disposición
field-wins = victorias
field-losses = derrotas
field-draws = tablas
field-value = valor
field-table = tabla
field-entries = entradas
field-checksum = suma de control
field-mismatches = discrepancias
field-start = inicio
field-game = juego
field-threads = hilos
field-playouts = partidas
field-moves = jugadas
field-seconds = segundos
field-playouts-per-s = partidas/s
field-moves-per-s = jugadas/s
solve-warning = aviso: { $text }
solve-score-diff = { $diff } (para { $side }, que mueve, con juego perfecto)
solve-no-best-move = ninguna (la partida ha terminado)
solve-best-moves = { $best } de { $all }: { $list }
solve-seconds = resuelto en { $seconds } s
solve-wins = { $n } (para el bando que mueve)
solve-longest-win = victoria forzada más larga: { $plies ->
    [one] { $plies } jugada
   *[other] { $plies } jugadas
}
solve-start-label = inicio, { $side-number ->
    [plural] empiezan las { $side-lower }
   *[one] empieza { $side }
}
solve-value-for = { $value } para { $side }
solve-value-for-mover = { $value } para { $side }, que mueve
solve-value-win = victoria en { $plies }
solve-value-loss = derrota en { $plies }
solve-value-draw = tablas
solve-table = { $path } (reglas { $rules }, { $free ->
    [one] { $free } pieza libre
   *[other] { $free } piezas libres
} por bando)
solve-resumed = reanudada tras { $done } de { $layers } capas
solve-table-start = { $value } para el bando que mueve (empiece quien empiece); { $keep } de { $all } primeras jugadas lo mantienen
solve-built = construida en { $seconds } s
solve-checksum-ok = correcta
solve-checksum-wrong = INCORRECTA
solve-layer = capa { $layer } ({ $done }/{ $layers } hechas)
tables-installed = Linja (reglas { $rules }): valores exactos de { $path }
tables-installed-dimensiones = Super Dimensiones ({ $rules }): tabla de finales de { $path }
tables-none-serve = Linja: no hay tabla de valores exactos instalada, así que las revisiones, las pistas y el nivel 5 usan el resolvedor de finales, que solo alcanza las últimas jugadas de una partida; `tablero solve linja --build-table ARCHIVO` construye la tabla (unos 20 minutos y 2,5 GB), y luego `tablero serve --table ARCHIVO` (o dejarla en ~/.local/share/tablero/linja-publisher.tbl) la usa.
bar-games = partidas
bar-layouts = disposiciones
bar-entries = entradas
lab-survey-done = { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
} de { $game } en { $seconds } s; informe: { $path }
lab-survey-resumed = { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
} de { $game }: { $now } jugadas ahora en { $seconds } s, { $before } de antes; informe: { $path }
lab-col-variant = variante
lab-col-games = partidas
lab-col-first-wins = gana el 1.º %
lab-col-second-wins = gana el 2.º %
lab-col-draws = tablas %
lab-col-length = duración
lab-col-capped = al tope%
lab-col-drama = drama
lab-ladder = escalera { $variant }: { $stronger } contra { $weaker }: +{ $wins } ={ $draws } -{ $losses }  puntuación { $score }
lab-worker-played = { $n ->
    [one] jugada { $n } unidad
   *[other] jugadas { $n } unidades
} del estudio de { $game }
lab-side-first = { $side-number ->
    [plural] empiezan las { $side-lower }
   *[one] empieza { $side }
}
lab-first-moves = { $value }; { $losing } de { $moves } primeras jugadas pierden (la derrota más pronta { $soonest }, la más tardía { $latest })
lab-shares = posiciones ganadas/perdidas/en tablas: { $won }% / { $lost }% / { $drawn }%; victoria forzada más larga { $plies ->
    [one] { $plies } jugada
   *[other] { $plies } jugadas
}
lab-searched = { $layouts ->
    [one] buscada
   *[other] buscadas
} { lab-layouts-searched } en { $seconds } s; la mejor primero:
lab-report-written = El informe está en { $path }
lab-file = fichero: { $path }
lab-linja-table = Linja, reglas { $rules }, tabla de { $free ->
    [one] { $free } pieza libre
   *[other] { $free } piezas libres
} por bando ({ $path })
lab-linja-positions = posiciones { $n } ({ $exhaustive ->
    [yes] todas
   *[no] por muestreo
}): ganadas { $won } %, en tablas { $drawn } %, perdidas { $lost } % para el bando que mueve; valor medio { $mean }, máximo { $largest }
lab-linja-start = empieza { $side } desde { $position }: { $value } para { $side }; { $losing }/{ $moves } primeras jugadas pierden (la peor { $worst }), { $mistakes } regalan puntos (como mucho { $drop }); partidas perfectas de { $shortest } a { $longest } turnos
lab-report = informe: { $path }
match-games = partidas { $games }: A gana { $a }, tablas { $draws }, B gana { $b }
match-score-interval = puntuación { $score }   Elo { $elo } [{ $low }, { $high }] (95 %)
match-score-no-interval = puntuación { $score }   Elo { $elo } (no hay bastantes partidas decisivas para un intervalo)
match-no-elo = n/d
match-sprt = SPRT: { $verdict ->
    [continue] sin decidir
   *[other] { $verdict }
}
match-start = Encuentro de { $a } (A) contra { $b } (B) a { $game } ({ $variant }), { $games } partidas
match-started = Empieza la partida { $game } de { $total } ({ $p1 } contra { $p2 })
match-finished = Termina la partida { $game } ({ $p1 } contra { $p2 }): { $result }
match-score = Puntuación de { $a } contra { $b }: { $wins } - { $losses } - { $draws }  [{ $score }] { $games }
match-interrupted = Interrupido: { $games ->
    [0] ninguna partida terminada
    [one] la partida terminada
   *[other] las { $games } partidas terminadas
} hasta ahora (una partida en juego no cuenta):
perft-total = total: { $n }
perft-divide-depth = --divide cuenta bajo cada primera jugada: da --depth 1 o más
rules-publisher = editorial
rules-seed = semilla
pdn-only-draughts = { $path }: los registros PDN son de damas; los registros de { $game } se guardan en el formato del proyecto (con otro nombre que *.pdn)
io-not-found = no existe ese fichero o carpeta
io-permission-denied = permiso denegado
io-is-a-directory = es una carpeta
io-not-text = no es texto UTF-8
io-address-in-use = la dirección ya está en uso
io-address-not-available = la dirección no es de esta máquina
io-connection-refused = la conexión fue rechazada
serve-cannot-listen = no se puede escuchar en { $addr }: { $reason }
serve-bad-mail = no se puede enviar correo: { $reason }
serve-bad-tournaments = no se puede leer el calendario de torneos { $file }: { $reason }
serve-cannot-open-database = no se puede abrir la base de datos { $database }: { $reason }
serve-database-cannot-open-file = no se puede abrir ni crear el fichero (¿existe su carpeta?)
opt-games-at-least-one = --games debe ser al menos 1
opt-threads-at-least-one = --threads debe ser al menos 1
bench-seconds-positive = --seconds debe ser un número positivo
print-output-extension = el fichero de salida debe acabar en .pdf o .svg
print-written = { $path }: { $pages ->
        [one] { $pages } página
       *[other] { $pages } páginas
    }, { $paper ->
        [letter] carta
       *[other] A4
    }
match-sprt-two = --sprt toma ELO0,ELO1, p. ej. 0,50
match-sprt-order = --sprt necesita ELO0 < ELO1
lab-search-layouts-exact = --search-layouts es para el laboratorio exacto de Imago (sin --level, --players ni --ladder)
lab-exact-linja = --exact es para Linja y Super Dimensiones (el laboratorio de Imago ya es exacto sin él)
lab-unknown-game = juego desconocido { $text }: imago, jarmo, linja, dimensiones, draughts o worker
lab-worker-database = un trabajador necesita --database postgres://...
lab-no-survey = no hay ningún estudio en cola en esa base de datos
lab-ladder-level = --ladder: { $level } no es un nivel de 1 a 5
lab-ladder-two = --ladder necesita al menos dos niveles, del más débil al más fuerte, p. ej. 1,3,5
lab-players-two = --players toma A,B, p. ej. ai:2,mcts:iters=500
lab-level-range = --level va de 1 a 5
lab-bad-layout = disposición no válida: { $error }
lab-walls-range = --walls va de 1 a 12
lab-free-range = --free va de 1 a 12
lab-one-rule-set = el laboratorio exacto estudia un solo reglamento: --variants publisher o seed
lab-exact-needs-table = --exact necesita --table FICHERO, o --free K (Linja) o --pieces K (Super Dimensiones)
lab-opt-pieces = Laboratorio exacto de Super Dimensiones: construir (o reutilizar) en la carpeta del informe la tabla de finales de como mucho K piezas de cada conjunto de reglas de --variants que la tenga (cartas M y W; `all`: los ocho).
lab-dimensiones-no-table = ninguno de estos conjuntos de reglas tiene tabla de finales: las tablas son de los conjuntos con las cartas M y W, sin +huff
lab-dimensiones-study = { $rules }, como mucho { $pieces } piezas: { $n } posiciones; no son tablas el { $decisive } % (con material igual el { $even } %); las decide el juego, no el límite de jugadas, el { $play } %; la más larga forzada { $longest } medias jugadas
cannot-write = no se puede escribir { $path }
cannot-create = no se puede crear { $path }
serve-no-runtime = no se puede arrancar el entorno asíncrono
lab-worker-failed = un trabajador ha fallado
solve-no-solver = tablero no tiene un resolvedor exacto para { $game }
solve-beyond-cap = esta posición pasa del límite: la búsqueda guardó { $cap } posiciones sin terminar (sube --max-positions, resuelve una posición más cercana al final o usa una tabla: --build-table/--table)
solve-table-damaged = la tabla está dañada
table-cannot-open = no se puede abrir la tabla { $path }: { $error }
table-cannot-build = no se puede construir la tabla { $path }: { $error }
table-cannot-verify = no se puede comprobar la tabla { $path }: { $error }
table-cannot-use = --table { $path }: { $error }
cannot-write-stdout = no se puede escribir en la salida estándar: { $error }
lab-cannot-plot = no se puede dibujar un gráfico: { $error }
lab-bad-variant = variante errónea { $variant } para { $game }: { $error }
lab-no-games = el estudio no tiene partidas que jugar
lab-cannot-open-store = no se puede abrir la base de datos { $path }
lab-other-survey = esta carpeta de informe guarda otro estudio ({ $game }, { $variants ->
        [one] 1 variante
       *[other] { $variants } variantes
    }, { $pairs ->
        [one] 1 pareja
       *[other] { $pairs } parejas
    }, semilla { $seed }); usa otra carpeta --report o las mismas opciones
lab-stored-game = una partida guardada no se puede leer
lab-stored-survey = el estudio guardado no se puede leer
bar-eta = quedan
unit-seconds = { $n } s
unit-minutes = { $n } min
unit-hours = { $n } h
unit-days = { $n } d
ugi-no-command = ugi: falta una orden tras `ugi:`
ugi-cannot-start = ugi: no se puede arrancar { $program }: { $error }
ugi-no-pipes = ugi: no hay tuberías hacia { $program }
ugi-cannot-write = motor ugi { $command }: no se le puede escribir: { $error }
ugi-no-answer = motor ugi { $command }: ningún `{ $word }` en { $seconds } s
ugi-closed = motor ugi { $command }: cerró su salida antes de `{ $word }`
ugi-engine-error = motor ugi { $command }: { $error }
ugi-failed = el motor ugi { $command } falló ({ $error }); se juega por él la primera jugada legal
lab-study-failed = no se puede estudiar la tabla { $path }: { $error }
lab-report-title = laboratorio de tablero: { $game }
lab-report-intro = { $games } { $games ->
        [one] partida
       *[other] partidas
    }; { $pairs } { $pairs ->
        [one] par
       *[other] pares
    } con los colores intercambiados por variante y enfrentamiento, desde aperturas aleatorias de { $openings } { $openings ->
        [one] jugada
       *[other] jugadas
    }; semilla { $seed }. Todos los intervalos son del 95 % (de Wilson para las proporciones, bootstrap para los demás). Las cifras se explican en docs/lab.md.
lab-report-results = Resultados
lab-report-length-section = Duración, ramificación y drama
lab-report-ladder-section = Escalera de niveles
lab-report-plots = Gráficos
lab-report-histograms = Histogramas de duración
lab-report-raw-data = Los datos en bruto: { $store } (las cifras y el registro de cada partida) y { $json }; los registros de cada variante están en { $records }.
lab-report-col-variant = variante
lab-report-col-games = partidas
lab-report-col-first-wins = victorias del primer jugador
lab-report-col-second-wins = victorias del segundo jugador
lab-report-col-draws = tablas
lab-report-col-draws-by-reason = tablas por motivo
lab-report-col-balance = equilibrio
lab-report-col-completion = con ganador
lab-report-col-capped = terminadas por el límite
lab-report-col-a-score = puntuación de A
lab-report-col-length-mean = duración: media
lab-report-col-median = mediana
lab-report-col-quartiles = cuartiles
lab-report-col-range = extremos
lab-report-col-branching = ramificación
lab-report-col-lead-changes = cambios de ventaja
lab-report-col-decided-at = decidida en
lab-report-col-drama = drama
lab-report-col-coverage = cobertura
lab-report-col-stronger = más fuerte
lab-report-col-weaker = más débil
lab-report-col-stronger-wins = victorias del más fuerte
lab-report-col-weaker-wins = victorias del más débil
lab-report-col-stronger-score = puntuación del más fuerte
lab-report-col-histogram = jugadas: partidas
lab-report-draw-reason = { $reason ->
        [goal] meta
        [claim] reclamación
        [false-claim] reclamación falsa
        [repetition] repetición
        [no-moves] sin jugadas
        [move-cap] límite de jugadas
        [passed] bandos cruzados
        [all-arrived] todos llegaron
        [subgames] subpartidas
        [resign] abandono
        [agreed] acuerdo
       *[other] { $reason }
    }
lab-report-plot-first = Victorias del primer jugador (intervalo de Wilson del 95 %)
lab-report-plot-draws = Tablas (intervalo de Wilson del 95 %)
lab-report-plot-lengths = Duración de la partida en jugadas: caja del primer al tercer cuartil, mediana, bigotes hasta los extremos y la media como un punto
lab-report-plot-ladder = Escalera de niveles: la puntuación del nivel más fuerte contra el nivel inmediatamente inferior (intervalo de Wilson del 95 %); 0.5 significa que no hay diferencia
lab-report-axis-first-wins = victorias del primer jugador
lab-report-axis-draws = tablas
lab-report-axis-plies = jugadas
lab-report-axis-stronger-score = puntuación del más fuerte
table-wrong-rules = la tabla es de las reglas { $table } y la posición de las reglas { $position }
table-not-covered = la tabla cubre las posiciones con { $free } piezas por bando fuera de la línea de meta como mucho; esta tiene más
lab-imago-title = Disposiciones de Imago, resueltas
lab-imago-search-title = Búsqueda de disposiciones de Imago: { lab-layouts-searched }
# What a layout search covered (for lab-searched and lab-imago-search-title).
lab-layouts-searched = { $layouts ->
    [one] { $layouts } disposición
   *[other] { $layouts } disposiciones
} con { $walls ->
    [one] { $walls } muro
   *[other] { $walls } muros
}{ $symmetric ->
    [yes] , { $layouts ->
        [one] simétrica
       *[other] simétricas
    }
   *[no] {""}
}, { $exhaustive ->
    [yes] todas
   *[no] por muestreo
}
lab-imago-intro = Valores del resolutor exacto, para el bando que empieza; véase docs/lab.md de tablero.
player-human = persona
tui-resign-confirm = ¿Abandonar la partida? s (o F6 otra vez) abandona; cualquier otra tecla sigue.
tui-resign-kept = Sigues jugando. { $prompt }
tui-draw-agreed = Tablas acordadas. { $prompt }
tui-move-number = número { $n } de la lista (`jugadas`)
tui-help-lines = líneas { $from }-{ $to } de { $total }: ↑↓ RePág AvPág desplazan
line-full-screen-only = `{ $word }` solo funciona a pantalla completa.
jarmo-lines-title = Líneas desde los arqueros de { $side }:
reason-no-pieces = { $side-number ->
    [plural] a las { $side-lower } no les quedan piezas
   *[one] a { $side } no le quedan piezas
}
reason-blocked = { $side-number ->
    [plural] las { $side-lower } no pueden mover
   *[one] { $side } no puede mover
}
dim-end-no-pieces = { $army } no tiene piezas
dim-end-blocked = { $army } no pudo mover
dim-end = { $first }; { $second }

## tablero review
review-about = Revisa una partida guardada: un veredicto para cada jugada, la jugada en que se escapó el resultado, la precisión.
review-opt-file = La partida guardada (`play --record`, `match --records`; PDN en damas).
review-opt-json = Escribe JSON: la revisión (docs/cli.md, "review").
review-opt-depth = Jarmo, Super Dimensiones, damas: la profundidad de la búsqueda antes de cada jugada [por defecto: la del juego, docs/ai.md].
review-opt-max-positions = Linja sin tabla: cuántas posiciones guarda como mucho el solucionador de finales en toda la revisión [por defecto: 2000000].
review-opt-threads = Jarmo, Super Dimensiones, damas: posiciones que se buscan a la vez.
review-progress = revisando: { $done }/{ $total }
review-played = Jugada el { $date } { $clock ->
    [none] sin reloj
    [unknown] con un reloj que no se sabe
   *[other] con reloj { $clock }
}.
review-title = Revisión de { $game } ({ $variant }): { $how }
review-how-exact = valores exactos { $sources }
review-how-none = no se pudo juzgar ninguna jugada: ninguna tabla de valores exactos cubre esta partida y el solucionador de finales no llega a ninguna de sus posiciones (`tablero solve linja --build-table` construye la tabla)
review-none-judged = No se juzgó ninguna jugada, así que de ninguna se dice que cambiara el resultado.
review-view-search = Valores para { $side } (el jugador uno), una búsqueda por posición: el segundo valor de una jugada es el primero de la siguiente. Un veredicto compara la mejor jugada con la jugada hecha, vistas igual de lejos (la posición tras la jugada se busca una jugada menos), así que puede no coincidir con el cambio entre dos valores.
review-view-exact = Valores exactos para { $side } (el jugador uno) con juego perfecto desde cada posición.
review-how-search = alfa-beta a profundidad { $depth } con la evaluación del juego
review-source = { $source ->
    [solver] del solucionador
    [table] de la tabla de valores exactos
    [endgame] del solucionador de finales
    [search] de la búsqueda
   *[other] de ninguna fuente
}
review-verdict = { $verdict ->
    [best] la mejor
    [kept] mantiene
    [worse] peor
    [slip] SE ESCAPA
    [good] buena
    [inaccuracy] imprecisión
    [mistake] ERROR
    [blunder] ERROR GRAVE
   *[other] ?
}
review-best = mejor: { $moves }
review-margin = { $points } puntos
review-beyond = { $n ->
    [one] { $n } jugada queda
   *[other] { $n } jugadas quedan
} fuera de alcance (?): ninguna tabla de valores exactos las cubre y el solucionador de finales no llega (`tablero solve linja --build-table` construye la tabla).
review-slipped = El resultado se escapó en la jugada { $ply } ({ $side }, { $played }): { $before } → { $after } para { $p1 }.
review-no-slip = Ninguna jugada cambió el resultado con juego perfecto.
review-accuracy = { $side }: { $percent } % de precisión ({ $kept } de { $judged } jugadas mantuvieron el valor)
review-accuracy-none = { $side }: ninguna jugada juzgada
review-chart = El valor a lo largo de la partida para { $side } ({ $plies ->
    [one] { $plies } jugada
   *[other] { $plies } jugadas
}):
review-chart-even = igualdad
review-unknown-game = juego desconocido { $game } en el registro: los juegos son { $games }
play-opt-black = Quién juega con Negras (el jugador dos de Linja y de las damas rusas y turcas, el jugador uno de las damas inglesas, que empieza); como --p1.
play-opt-white = Quién juega con Blancas (damas: el jugador uno en las rusas y turcas, el dos en las inglesas); como --p1.
play-no-such-side = { $option }: este juego no tiene un bando con ese nombre (sus bandos: { $first }, { $second })
play-seat-twice = { $option } nombra el mismo bando que { $seat }: da solo uno de los dos
pdn-first-game = { $path } contiene { $count } partidas, todas leídas; se usa la primera
match-bad-book = no se puede leer el libro de aperturas { $path }
match-book-line = línea { $line }
match-book-over = la apertura { $number } es una partida terminada
match-book-variant = la apertura { $number } es de la variante { $found }, no de { $variant }
match-book-empty = el libro no contiene ninguna apertura
match-opt-book = Aperturas de FICHERO en lugar de jugadas al azar, la pareja N toma la N-ésima (vuelve a empezar si hay menos): un archivo PDN de partidas de damas, un registro o un texto de listas de jugadas desde el inicio, una por línea (`c3-d4, f6-e5`; `#` empieza una línea de comentario).
play-opt-clock = Jugar con reloj: minutos para la partida + segundos que se añaden tras cada jugada (Fischer), como 5+3, 1+0 o 0.5+0 (como mucho 180+180). La primera jugada pone en marcha los relojes; el bando cuyo reloj se agota pierde por tiempo. El ordenador toma entonces su tiempo de su reloj. Sin deshacer.
play-clock-bad = { $text } no es un control de tiempo: escribe minutos+segundos de incremento, como 5+3 o 0.5+0 (como mucho { $minutes }+{ $seconds })
play-clock-live-only = { $text }: en el terminal solo se juega con reloj en vivo (minutos+segundos, como 5+3); los días por jugada son para las partidas en el servidor
play-clock-no-match = --clock no va con --match: juega las dos partidas una a una
clock-line = Relojes: { $clocks }
tui-clock-control = reloj { $control }

## Problemas: `puzzles generate` y `puzzle`

puzzles-about = Extrae problemas de partidas de la máquina contra sí misma y de partidas guardadas, cada uno con su prueba.
puzzles-generate-about = Extrae problemas de partidas sembradas de la máquina contra sí misma (y de partidas guardadas), cada uno con el valor de cada jugada legal.
puzzles-generate-opt-game = El juego.
puzzles-generate-opt-variant = La variante [por defecto: la del juego].
puzzles-generate-opt-count = Cuántos problemas.
puzzles-generate-opt-seed = La semilla de la primera partida (las siguientes cuentan hacia arriba).
puzzles-generate-opt-out = Escribe los problemas en FICHERO (líneas JSON) [por defecto: la salida estándar, en líneas JSON si es un fichero o una tubería, como una lista de los problemas si es un terminal].
puzzles-generate-opt-from-records = Extrae primero de las partidas guardadas en CARPETA (registros de este juego; los demás se saltan).
puzzles-generate-opt-max-games = Se rinde tras tantas partidas propias.
puzzles-generate-opt-depths = Jarmo, Super Dimensiones, damas: las dos profundidades de búsqueda, corta y larga, como 3,5 [por defecto: la de la revisión y dos menos].
puzzles-generate-opt-max-positions = Linja sin tabla: cuántas posiciones como mucho guarda el solucionador de finales por partida [por defecto: 200000].
puzzles-bad-depths = --depths { $text }: da dos profundidades de 1 a 30, primero la corta, como 3,5
puzzles-progress = extrayendo: { $games } partidas, { $found } de { $count } problemas
puzzles-done = { $found } de { $count } problemas de { $game } encontrados.
puzzles-mine-about = Extrae el conjunto entero de problemas de un juego (Imago de sus tableros resueltos, Linja de su tabla, los demás de partidas propias confirmadas por búsquedas más profundas) a un archivo comprimido y al manifiesto de los conjuntos.
puzzles-mine-opt-game = El juego.
puzzles-mine-opt-out = El archivo del conjunto [por defecto: data/puzzles/JUEGO.jsonl.gz].
puzzles-mine-opt-manifest = El manifiesto donde anotar el conjunto [por defecto: manifest.json junto al archivo del conjunto].
puzzles-mine-opt-count = Cuántos problemas guardar [por defecto: 12000 de Imago y Linja, 1200 de los demás].
puzzles-mine-opt-seed = La semilla de las partidas y de la selección.
puzzles-mine-opt-games = Linja: las partidas recorridas por la tabla; Jarmo, Súper Dimensiones, damas: el máximo de partidas propias.
puzzles-mine-opt-depths = Jarmo, Súper Dimensiones, damas: las profundidades de la búsqueda que encuentra un problema y de la que lo confirma, al menos 4 de diferencia [por defecto: 4,8].
puzzles-mine-opt-table = Linja: la tabla entera de valores exactos [por defecto: la tabla en el lugar por defecto].
puzzles-mine-layouts = extrayendo: { $done } de { $of } tableros resueltos y recorridos
puzzles-mine-games = extrayendo: { $games } partidas, { $found } problemas
puzzles-mine-no-table = Los problemas de Linja salen de la tabla entera de valores exactos: constrúyela con `tablero solve linja --build-table ARCHIVO` y dala con --table ARCHIVO
puzzles-mine-shallow = --depths: la búsqueda que confirma debe mirar al menos { $least } medias jugadas más allá
puzzles-mine-found = encontrados: { $variant }, { $theme }: { $n }
puzzles-mine-done = { $kept } de { $found } problemas guardados en { $path } ({ $bytes } bytes); el manifiesto anota su SHA-256.
puzzles-list-line = { $number }. { $id } · { $theme } · dificultad { $difficulty } · { $side-number ->
    [plural] mueven las { $side-lower }
   *[one] mueve { $side }
} · { $position }
puzzles-list-save = Estos problemas no se han guardado: `--out FICHERO` los escribe para `tablero puzzle FICHERO` (o envía la salida estándar a un fichero).
value-depth-depth = PROFUNDIDAD,PROFUNDIDAD
value-rating = PUNTUACIÓN
puzzle-about = Resuelve problemas en el terminal: acierto o fallo al momento, una racha, una puntuación.
puzzle-opt-file = Un fichero de problemas (`tablero puzzles generate`).
puzzle-opt-game = Solo los problemas de este juego.
puzzle-opt-rating = Tu puntuación de problemas al empezar [por defecto: 1500, la de un jugador nuevo].
puzzle-opt-no-color = Dibuja el tablero sin colores (también si NO_COLOR está puesto o la salida no es un terminal).
puzzle-cannot-read = no se pueden leer los problemas de { $path }
puzzle-none = { $path } no tiene ningún problema de ese juego
puzzle-title = Problema { $number } de { $total } · { $game } ({ $variant }) · { $theme } · dificultad { $difficulty } · tu puntuación { $rating }
puzzle-task = { $side-number ->
    [plural] Juegan las { $side-lower }
   *[one] Juega { $side }
}: encuentra la única mejor jugada ({ $theme }). Escribe una jugada, `jugadas`, `saltar` o `salir`.
puzzle-help = Escribe una jugada en la notación del juego (o su número en la lista de `jugadas`), `jugadas` para ver las legales, `saltar` para el siguiente problema, `salir` para terminar.
puzzle-skipped = Saltado: la respuesta era { $answer }.
puzzle-right = ¡Bien! { $answer }. Racha { $streak }; puntuación { $rating } ({ $change }).
puzzle-wrong = Mal: { $played }; la respuesta era { $answer }. { $ended ->
    [0] Puntuación
   *[other] Se acabó la racha de { $ended }; puntuación
} { $rating } ({ $change }).
puzzle-move-exact = { $mv } ({ $value })
puzzle-move-searched = { $mv } ({ $shallow } a profundidad { $a }, { $deep } a profundidad { $b })
puzzle-summary = { $right } de { $tried } bien; mejor racha { $streak }; puntuación { $rating }.
puzzle-theme-win-in = { $n ->
    [one] gana en 1 jugada
   *[other] gana en { $n } jugadas
}
puzzle-theme = { $theme ->
    [only-win] la única jugada que gana
    [only-draw] la única jugada que salva las tablas
    [best-margin] la jugada que gana más puntos
    [least-loss] la jugada que pierde menos puntos
    [longest-defence] la defensa que pierde más tarde
    [winning-blow] el golpe ganador
    [only-move] la única jugada buena
   *[other] { $theme }
}

## tablero moderator (#44): los moderadores del chat de la aplicación web
moderator-about = Da a una cuenta el papel de moderador en el chat de la aplicación web, se lo quita, o lista los moderadores.
moderator-grant-about = Hace moderadora a una cuenta: podrá ver las denuncias, ocultar mensajes del chat y ocultar a los demás el chat de una cuenta.
moderator-grant-opt-name = El nombre de la cuenta.
moderator-grant-opt-database = La base de datos del servidor: un archivo SQLite o una URL de PostgreSQL.
moderator-revoke-about = La cuenta deja de ser moderadora.
moderator-revoke-opt-name = El nombre de la cuenta.
moderator-revoke-opt-database = La base de datos del servidor: un archivo SQLite o una URL de PostgreSQL.
moderator-list-about = Lista los moderadores.
moderator-list-opt-database = La base de datos del servidor: un archivo SQLite o una URL de PostgreSQL.
value-name = NOMBRE
moderator-no-account = no hay ninguna cuenta llamada { $name }
moderator-no-database = no hay ninguna base de datos en { $database }: indica la del servidor con --database
moderator-granted = { $name } es moderador
moderator-revoked = { $name } ya no es moderador
moderator-was-not = { $name } no era moderador
moderator-none = no hay moderadores

## ---- tablero bot (H45B, issue #45) ----
bot-about = Juega en un servidor de tablero como cuenta de bot, con un motor UGI.
bot-opt-server = La dirección del servidor (`https://example.org`, `http://127.0.0.1:8080`).
bot-opt-token = La clave de API del bot (la crea su dueño: `POST /api/bots`).
bot-opt-engine = La orden del motor, partida en los espacios (`tablero engine linja --player ai:2`).
bot-opt-games = Los juegos que acepta, separados por comas (por omisión: todos).
bot-opt-min-minutes = El reloj más corto que acepta, en minutos de tiempo inicial.
bot-opt-max-minutes = El reloj más largo que acepta, en minutos de tiempo inicial.
bot-opt-correspondence = Acepta partidas por correspondencia (días por jugada).
bot-opt-untimed = Acepta partidas sin reloj.
bot-opt-max-games = Las partidas que juega a la vez como mucho (un desafío más se rechaza con «más tarde»).
bot-opt-movetime = Piensa estos milisegundos por jugada (por omisión: el motor decide según los relojes; 1000 sin reloj).
bot-bad-server = no se entiende la dirección del servidor { $url }: { $error }
bot-connected = jugando como { $name } en { $server }
bot-refused = el servidor rechazó al bot ({ $status }): { $error }
bot-stopped = el servidor rechazó la clave del bot: se detiene
bot-silent = nada recibido en { $seconds } segundos
bot-stream-closed = el servidor cerró el flujo
bot-reconnect = flujo cortado ({ $why }); se vuelve a conectar en { $ms } ms
bot-game-reconnect = partida { $id }: flujo cortado ({ $why }); se vuelve a conectar en { $ms } ms
bot-accepted = desafío { $id } de { $from } ({ $what }): aceptado
bot-declined = desafío { $id } de { $from } ({ $what }): rechazado ({ $reason })
bot-answer-failed = desafío { $id }: la respuesta falló: { $error }
bot-game-started = partida { $id } ({ $game }): { $players }
bot-game-over = partida { $id } terminada: { $score } ({ $reason })
bot-move-refused = partida { $id }: se rechazó la jugada { $mv }: { $error }

## ---- tablero tournament (H45B, issue #45) ----
tournament-about = Juega un torneo de todos contra todos, un gauntlet o un suizo entre jugadores de la computadora o motores UGI.
tournament-after-help = { specs-help }
tournament-opt-variant = { bench-opt-variant }
tournament-opt-player = Un jugador (al menos dos): un SPEC como el de `tablero match --a` (`ai:3`, `mcts:ms=200`, `ugi:ORDEN`); el primero es el del gauntlet.
tournament-opt-kind = El tipo de torneo: round-robin (todos contra todos una vez, por las tablas de Berger de la FIDE), double-round-robin (dos veces, con los puestos cambiados), gauntlet (el primer jugador contra cada uno de los demás), swiss (rondas emparejadas por puntos).
tournament-opt-rounds = Rondas de un torneo suizo (por omisión: el techo del log2 del número de jugadores).
tournament-opt-games-per-pair = Partidas que juega cada emparejamiento, cambiando los puestos cada vez (1 en el suizo).
tournament-opt-concurrency = Partidas jugadas a la vez.
tournament-opt-openings = Jugadas al azar antes de las partidas de cada emparejamiento.
tournament-opt-seed = Semilla de las aperturas y de los jugadores.
tournament-opt-out = Guarda el registro de cada partida en DIR como `game-001.txt`, ... (`.pdn` para las damas; se crea si falta), con los SPEC de los jugadores como etiquetas.
tournament-two-players = un torneo necesita al menos dos jugadores (--player SPEC, una vez cada uno)
tournament-swiss-one-game = un torneo suizo juega una partida por emparejamiento: quita --games-per-pair
tournament-start = { $kind } de { $game }: { $players } jugadores, { $games } partidas
tournament-round = Ronda { $round } de { $rounds }
tournament-bye = Ronda { $round }: { $player } descansa (1 punto)
tournament-no-pairing = La ronda { $round } no se puede emparejar sin repetir un encuentro: el torneo termina aquí
tournament-kind-round-robin = Todos contra todos
tournament-kind-double-round-robin = Todos contra todos a doble vuelta
tournament-kind-gauntlet = Gauntlet
tournament-kind-swiss = Torneo suizo
tournament-col-rank = Puesto
tournament-col-name = Nombre
tournament-col-points = Puntos
tournament-col-games = Partidas
tournament-col-buchholz = Buchholz
tournament-col-sb = S-B
