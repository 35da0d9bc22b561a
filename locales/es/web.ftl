# Los textos de la aplicación web en español (web/i18n.js los formatea con @fluent/bundle).
# Cada mensaje tiene uno con el mismo id en ../en/web.ftl (lo comprueba la prueba del catálogo).

lang_name = Español
lang_switch = Idioma
tagline = Cuatro juegos abstractos para dos
nav_home = Juegos
nav_editor = Editor de disposiciones
nav_editor_short = Editor
nav_label = Principal
skip = Ir al contenido
loading = Cargando…
not_found = Esta página no existe.
back_home = Volver a los juegos
error_prefix = Error: { $error }
net_error = No se pudo contactar con el servidor.
army_red = Rojo
army_blue = Azul
army_aqua = Aguamarina
army_orange = Naranja
army_letter_red = R
army_letter_blue = Az
army_letter_aqua = Ag
army_letter_orange = N
rules = Reglas
new_game = Nueva partida
my_games = Mis partidas recientes
no_games = Aún no hay partidas. Empieza una arriba.
open_game = Abrir
ply_n = jugada { $n }
your_move_short = te toca
over_short = terminada
to_move_short = juega { $side }
editor_link = Editor de disposiciones de Imago: pon muros, mueve las piezas iniciales, mira quién gana.
new_title = Nueva partida de { $game }
variant = Variante
layout = Disposición
layout_default = Por defecto (sin muros)
layout_from_editor = Del editor: { $layout }
ruleset = Reglas (cinco cartas)
huff = Soplar: en vez de captura obligatoria, se penaliza la captura omitida
cards_help = Cartas: M multi / I inter · C conquistar / D distraer · A armadura / N sin armadura · W occidental / E oriental · R real / S simbólico.
who_plays = ¿Quién juega con { $side }?
seat_me = Yo, en esta pantalla
seat_link = Un amigo, por enlace
seat_ai = El ordenador
level = Nivel
level_n = Nivel { $n }
first_mover = ¿Quién empieza?
create = Empezar la partida
creating = Empezando…
kind_human = jugador en una pantalla
kind_link = amigo por enlace
kind_ai = ordenador, nivel { $level }
you = tú
turn_marker = mueve
invite = Envía este enlace a tu amigo:
invite_seat = Enlace para { $side }:
copy = Copiar
copied = ¡Copiado!
flip = Girar el tablero
play_again = Nueva partida de { $game }
undo = Deshacer
claim = Reclamar la victoria ({ $claim })
resign = Abandonar
resign_confirm = Sí, abandono
claim_confirm = Sí, reclamo: una reclamación que no sea una victoria demostrada pierde la partida
cancel = Cancelar
draw_offer = Ofrecer tablas
draw_accept = Aceptar las tablas
draw_decline = Rechazar las tablas
draw_offered = { $side } ofrece tablas.
claim_ask = ¿Jugar con { $side } como { $name }?
claim_note = Este navegador tiene este asiento. Sí: la partida muestra tu nombre y queda en tu cuenta, en cualquier dispositivo. No: sigue siendo solo de este navegador.
claim_yes = Sí, como { $name }
claim_no = Jugar sin mi cuenta
pass = Pasar
play_move = Jugar { $move }
moves_title = Jugadas
no_moves_yet = Aún no hay jugadas.
hist_first = Posición inicial
hist_prev = Jugada anterior
hist_next = Jugada siguiente
hist_last = Posición actual
hist_showing = Posición tras la jugada { $n } de { $total }.
hist_start = Posición inicial.
status_turn = Juega { $side }
status_your_turn = Te toca ({ $side })
status_army = ejército { $army }
status_win = Gana { $side } { $score }: { $reason }
status_draw = Tablas { $score }: { $reason }
status_you_won = Has ganado { $score }: { $reason }
status_you_lost = Has perdido { $score }: { $reason }
status_you_drew = Tablas { $score }: { $reason }
announce_move = { $side } ha jugado { $move }.
thinking = El ordenador está pensando…
conn_live = en directo
conn_down = reconectando…
selection = Seleccionado: { $cells }
choose = Encajan varias jugadas: elige una, o pulsa una casilla resaltada para seguir.
msg_illegal = Esa casilla no continúa ninguna jugada legal.
msg_not_your_turn = No es tu turno.
msg_spectator = Estás mirando esta partida.
msg_over = La partida ha terminado.
msg_browsing = Estás viendo una posición anterior. Ve a la actual para mover.
msg_refused = No se aceptó: { $error }
msg_wait = Espera al ordenador.
sides = Jugadores
board_label = Tablero de { $game }
reason_goal = una pieza llegó a su meta
reason_claim = se reclamó una victoria demostrada
reason_false-claim = se reclamó una victoria no demostrada (una reclamación falsa pierde)
reason_repetition = triple repetición
reason_no-moves = ningún bando podía mover
reason_all-arrived = llegaron todos los arqueros
reason_move-cap = se alcanzó el límite de jugadas
reason_passed = los dos bandos se cruzaron
reason_subgames = las dos subpartidas están decididas
reason_resign = abandono
reason_agreed = por acuerdo
reason_time = se acabó el tiempo (partida perdida por tiempo)
reason_forfeit = perdida por incomparecencia
reason_aborted = la partida se anuló

## Relojes (web/clock.js) y las partidas que esperan una jugada

clock_label = Tiempo
clock_none = Sin reloj
clock_live = En vivo (minutos + segundos por jugada)
clock_custom = A medida…
clock_corr = Por correspondencia
clock_days = { $n ->
    [one] 1 día por jugada
   *[other] { $n } días por jugada
  }
clock_minutes = minutos
clock_increment = segundos por jugada
clock_dh = { $d } d { $h } h
clock_hm = { $h } h { $m } min
clock_of = reloj de { $side }
clock_low = Quedan menos de 10 segundos
your_turn = Te toca
your_turn_none = Ninguna partida espera tu jugada.
your_turn_left = quedan { $left }
your_turn_notify = Avisarme cuando me toque
your_turn_notify_on = Los avisos están activados en este navegador.
your_turn_notify_denied = Este navegador no permite avisos de tablero.
your_turn_notice = Te toca en { $game }

## Avisos por correo (src/mail/, el recuadro «Te toca» de la página de inicio)

mail_subject_one = Te toca en { $game }
mail_subject_many = Te toca en { $n } partidas
mail_intro = Una partida de tablero espera tu jugada:
mail_line = { $game }, quedan { $left }: { $url }
mail_left_dh = { $d } d { $h } h
mail_left_hm = { $h } h { $m } min
mail_unsubscribe = Para no recibir más estos mensajes, abre { $url }
mail_challenge_subject = { $name } te desafía a { $game }
mail_challenge_body = { $name } te desafía a una partida por correspondencia de { $game }, { $days } días por jugada. Acéptalo o recházalo en tablero: { $url }
unsubscribe_title = No más correo de tablero
unsubscribe_ask = ¿Dejar de enviar a esta dirección los mensajes sobre tus partidas?
unsubscribe_button = Dejar de enviarlos
unsubscribe_done = Hecho: esta dirección no recibirá más mensajes de tablero.
unsubscribe_unknown = Este enlace ya no es válido: la dirección no recibe mensajes de tablero.
api_bad_email = «{ $email }» no es una dirección de correo
api_email_unroutable = «{ $email }» no puede recibir correo desde internet: su dominio es local o reservado (una dirección IP, un nombre sin punto, .localhost, .local, .test, .invalid, .example)
mail_confirm_subject = Confirma tu dirección para los avisos de tablero
mail_confirm_body = Alguien, quizá tú, pidió a tablero que envíe a esta dirección los avisos de las partidas por correspondencia. Para recibirlos, confírmala abriendo { $url }
    Si no fuiste tú, no hagas nada: no llegará ningún otro mensaje.
confirm_title = Confirma tu dirección
confirm_ask = ¿Enviar a esta dirección los avisos de tus partidas de tablero?
confirm_button = Sí, confirmar esta dirección
confirm_done = Hecho: los avisos de tus partidas llegarán a esta dirección.
confirm_unknown = Este enlace de confirmación no es válido (puede que la dirección se haya quitado).
api_no_mail = este servidor no envía correo (se arrancó sin --smtp)
notify_email = Avisarme por correo cuando una partida por correspondencia espere mi jugada
notify_email_label = Dirección de correo
notify_email_save = Guardar
notify_email_saved = Los mensajes van a { $email }.
notify_email_unconfirmed = Se envió un enlace de confirmación a { $email }: los mensajes empiezan cuando lo abras.
notify_email_stop = Dejar de enviarlos
cell_empty = { $cell }, vacía
cell_selected = seleccionada
cell_target = se puede pulsar ahora
cell_missing = { $cell }
imago_piece = { $cell }, pieza { $side }
imago_goal = meta de { $side }
imago_push_which = ¿Qué pieza empujas? Púlsala.
linja_now_rows = Ahora un movimiento siguiente de exactamente { $n ->
        [one] { $n } fila
       *[other] { $n } filas
    } (o hasta tu línea de meta).
linja_extra_turn = Turno extra: vuelve a mover (ya marcado: { $done }; el tablero lo muestra jugado).
jarmo_archer = { $cell }, arquero { $side }
jarmo_marked = { $cell }, arquero { $side } marcado
jarmo_first_row = primera fila de { $side }
jarmo_side_line = { $side }: { $board } en el tablero, { $lost ->
        [one] { $lost } perdido
       *[other] { $lost } perdidos
    }, { $owed ->
        [one] { $owed } retorno debido
       *[other] { $owed } retornos debidos
    }, { $points ->
        [one] { $points } punto
       *[other] { $points } puntos
    } ahora
jarmo_quiet = Jugadas sin captura: { $quiet }/{ $cap }
jarmo_shuttle = Sin vaivén: { $from }-{ $to } no está permitido ahora.
jarmo_return_where = Vuelve un arquero perdido: pulsa el punto de tu primera fila al que vuelve.
jarmo_end_arrived_you = tu último arquero llegó, y eso acaba la partida; deciden los puntos
jarmo_end_arrived_side = el último arquero de { $side } llegó, y eso acaba la partida; deciden los puntos
jarmo_end_none_you = no te quedan arqueros, y eso acaba la partida; deciden los puntos
jarmo_end_none_side = a { $side } no le quedan arqueros, y eso acaba la partida; deciden los puntos
jarmo_end_none_both = a ningún bando le quedan arqueros, y eso acaba la partida; deciden los puntos
dim_jump_on = Sigue saltando: pulsa la siguiente casilla donde cae.
dim_capture_end = Captura: pulsa la casilla donde acaba la captura (en una captura múltiple, la última).
linja_row = fila { $row }: { $red } rojas, { $black } negras
linja_full = llena
linja_points = { $n } para { $side }
linja_scores = Ahora mismo: Rojo { $red }, Negro { $black } puntos.
linja_rules_line = { $rules }
dim_man = { $cell }, peón { $army }
dim_king = { $cell }, dama { $army }
dim_frozen = congelada
dim_subgame = { $a }–{ $b }: { $state }
sub_open = abierta
sub_won = ganada por { $side }
sub_drawn = tablas
dim_clock = Jugadas sin captura ni movimiento de peón: { $n }/60
dim_armies = { $side } juega con { $a } y { $b }
dim_to_move = La ficha de señal está en { $army }: mueve { $army }.
dim_rules = Reglas: { $rules }
dim_rules_huff = { $cards }, con soplar
editor_title = Editor de disposiciones de Imago
editor_help = Pulsa el borde entre dos casillas para poner o quitar un muro. Pulsa una pieza y luego una casilla vacía para moverla (también puedes arrastrarla). El texto de abajo sigue cada cambio, y también puedes editarlo.
layout_text = Texto de la disposición
apply_text = Aplicar el texto
solve_title = Valor de la posición inicial
red_first = Empieza Rojo
blue_first = Empieza Azul
value_win = gana { $side } en { $plies } jugadas
value_win_np = gana { $side }
value_draw = tablas
warnings = Avisos
solving = Resolviendo…
layout_name = Nombre
save_layout = Guardar
saved = Guardada como «{ $name }».
name_needed = Primero ponle un nombre a la disposición.
play_layout = Jugar esta disposición
parse_error = No se pudo leer el texto de la disposición: { $error }
saved_layouts = Disposiciones guardadas
load = Cargar
layout_link = Enlace para compartir
layout_shared = Abierta desde su enlace: «{ $name }». Guárdala para tener tu propia copia.
reset_default = Disposición por defecto
clear_walls = Quitar todos los muros
edge_label = borde { $a }–{ $b }, { $state }
edge_wall = muro
edge_open = sin muro
rules_title = Reglas de { $game }
in_short = En resumen
full_rules = Las reglas tal como están implementadas (en inglés)
play_now = Jugar a { $game }

## Analysis board, rematch, two-game match, players, hint (#17)
an_title = Análisis: { $game }
an_values = Todas las jugadas
an_search_title = Lo que ve el ordenador
an_best_play = Con el mejor juego, { $side } { $value }.
an_best_draw = Con el mejor juego, la partida acaba en tablas.
an_thinking = Pensando…
an_exact_note = Valores exactos: el resultado al que lleva cada jugada si los dos juegan perfecto.
an_search_note = La búsqueda del nivel más fuerte: su evaluación (positiva es buena para quien mueve) y la línea que espera.
an_eval = Evaluación: { $score } (profundidad { $depth })
an_line = Mejor línea:
an_win_in = gana en { $n }
an_loss_in = pierde en { $n }
an_lost = perdida
an_draw = tablas
an_win_by =
    { $n ->
        [one] gana por 1 punto
       *[other] gana por { $n } puntos
    }
an_loss_by =
    { $n ->
        [one] pierde por 1 punto
       *[other] pierde por { $n } puntos
    }
an_over = La partida ha terminado en esta posición.
an_to_move = Mueve { $side }.
an_back_to_game = Volver a las jugadas de la partida
an_open_game = Abrir la partida
an_changed = Esta jugada cambió el resultado: la mejor { $best }, esta { $played }.
an_going = La partida sigue en juego: sin análisis del ordenador hasta que termine.
analyse = Analizar
player_you = Tú
player_friend = Amigo
player_ai = Ordenador, nivel { $level }
player_deleted = jugador eliminado
player_private = un jugador privado
# La puntuación de una partida puntuable en las barras de los jugadores: "1500?" mientras es provisional.
rating_title = Puntuación { $rating } (partida puntuable)
rating_provisional = Puntuación { $rating }, provisional: aún pocas partidas puntuables para estar seguros (partida puntuable)
rating_after = Partida puntuable: { $before } antes, { $after } después
api_review_not_over = una partida se analiza cuando ha terminado
# El análisis de una partida terminada (web/review.js, #35).
review = Revisar
review_title = Revisión de la partida
review_progress = Revisando: { $done } de { $total } posiciones
review_waiting = Esperando su turno para la revisión…
review_how_exact = Valores exactos: cada jugada juzgada por el juego resuelto.
review_how_search = Juzgada por alfa-beta a profundidad { $depth } con la evaluación del juego (imprecisión, error, error grave como en docs/ai.md).
review_accuracy = { $side }: { $percent } % de precisión ({ $kept } de { $judged } jugadas mantuvieron el valor)
review_accuracy_none = { $side }: ninguna jugada juzgada
review_no_slip = Ninguna jugada cambió el resultado con el mejor juego.
review_slipped = El resultado se escapó en la jugada { $ply } ({ $side }, { $played }): { $before } → { $after }.
review_best = Mejor: { $moves }
review_chart = El valor a lo largo de la partida para { $side }, de perder (abajo) a ganar (arriba); la línea vertical marca dónde se escapó el resultado
review_axis_ply = Jugada
review_axis_value = Valor para { $side }
review_axis_win = gana
review_axis_draw = tablas
review_axis_loss = pierde
review_win = gana en { $plies }
review_loss = pierde en { $plies }
review_draw = tablas
review_margin = { $points } puntos
review_eval = evaluación { $score }
review_verdict_best = la mejor
review_verdict_kept = mantuvo el resultado
review_verdict_worse = mismo resultado, menos puntos
review_verdict_slip = se escapó el resultado
review_verdict_good = buena
review_verdict_inaccuracy = imprecisión
review_verdict_mistake = error
review_verdict_blunder = error grave
review_verdict_unknown = sin juzgar
player_connected = conectado
player_away = no conectado
rematch = Revancha
rematch_accept = Aceptar la revancha
rematch_offered = Revancha ofrecida: esperando a tu amigo
rematch_offer_in = Tu amigo ofrece la revancha
next_game = Ir a la partida siguiente
prev_game = Partida anterior
match_option = Encuentro a dos partidas (lados cambiados en la 2.ª, puntos sumados)
match_line = Encuentro, partida { $n } de 2 · { $a }: { $pa } · { $b }: { $pb }
match_you_won = has ganado el encuentro
match_you_lost = has perdido el encuentro
match_drawn = el encuentro queda empatado
match_side_won = { $side } gana el encuentro
match_next = La partida 2 empieza con los lados cambiados…
hint = Pista
hint_move = Pista: { $move }
hint_wait = Buscando una pista…

## Settings, sound, moves taken back (#17)
no_such_game = No existe esa partida.
msg_rolled_back = Se deshizo tu jugada: { $error }
captured_here = aquí se capturó una pieza
settings = Ajustes
setting_sound = Sonido al jugar y al terminar
setting_palette = Colores aptos para daltónicos

## Rules pages, cards, print (#18)
rules_link = Cómo se juega a { $game }
rules_print = Imprimir el kit (PDF)
rules_paper = Papel
rules_details = Detalles para desarrolladores (en inglés): decisiones de reglas, notación, cadenas de posición
rules_try = Pruébalo
rules_try_hint = Pulsa las casillas resaltadas en orden para jugar { $move }.
rules_try_wrong = Esa no es la siguiente casilla de { $move }: pulsa la resaltada.
rules_try_done = Jugado { $move }.
rules_try_again = Otra vez
rules_diagram_error = No se pudo dibujar este diagrama: { $error }
rules_diagram_label = Diagrama: { $caption }
md_table = Tabla
md_table_label = Tabla: { $columns }
cards_title = Las cinco cartas
cards_flip_hint = Pulsa una carta para darle la vuelta.
cards_code = Código
card_alt = Carta { $n }, { $name }, cara { $colour }: { $face }
card_flip = Carta { $n }, { $name }: { $face } (cara { $colour }). Pulsa para darle la vuelta.
game_cards = Reglamento: las cinco cartas

## Super Dimensiones' cards, as the alt texts and the picker's buttons name them (web/cards.js)
card_name_1 = Dimensión
card_name_2 = Estrategia
card_name_3 = Táctica
card_name_4 = Formación
card_name_5 = Poder
card_face_M = Multidimensional
card_face_I = Interdimensional
card_face_D = Distraer
card_face_C = Conquistar
card_face_A = Con armadura
card_face_N = Sin armadura
card_face_W = Occidental
card_face_E = Oriental
card_face_R = Real
card_face_S = Simbólico
card_red = roja
card_blue = azul

## The designer's lab page (#21)
lab_title = Laboratorio del diseñador
lab_intro = Estudios y análisis exactos escritos por `tablero lab`. Un estudio que aún se está jugando muestra su avance, actualizado cada 2 segundos.
lab_none = No hay informes en la carpeta del laboratorio (arranca el servidor con --lab CARPETA).
lab_back = Todos los informes
lab_state_finished = terminado
lab_state_running = en curso
lab_state_stopped = detenido antes del final
lab_games_done = { $done }/{ $total } partidas
lab_variant_count = { $n ->
    [one] 1 variante
   *[other] { $n } variantes
}
lab_progress = Avance
lab_progress_label = Partidas jugadas
lab_progress_text = { $done } de { $total } partidas jugadas ({ $units } de { $units_total } pares).
lab_progress_variants = Partidas hasta ahora, por variante
lab_no_report = Aún no hay cifras: el informe se escribe cuando termina el estudio.
lab_figures = Cifras por variante (intervalos del 95 % entre paréntesis)
lab_ladder = Escalera de niveles: puntuación del nivel más fuerte
lab_layouts = Disposiciones, de mejor a peor
lab_exact_starts = La posición inicial, según quién empiece
lab_shares = Posiciones ganadas / tablas / perdidas para el que mueve: { $won } / { $drawn } / { $lost } (de { $positions }).
lab_plots = Gráficos
lab_plot_first = Victorias del primer jugador por variante, con su intervalo del 95 %
lab_plot_draws = Tablas por variante, con su intervalo del 95 %
lab_plot_lengths = Duración en jugadas por variante: cuartiles, mediana, extremos y media
lab_plot_ladder = Escalera de niveles: puntuación del nivel más fuerte en cada peldaño
lab_plot_other = Gráfico { $file }
lab_col_variant = Variante
lab_col_players = Jugadores
lab_col_games = Partidas
lab_col_first = Gana el primero
lab_col_second = Gana el segundo
lab_col_draws = Tablas
lab_col_capped = Terminadas por el límite
lab_col_balance = Equilibrio
lab_col_length = Duración: mediana [cuartiles]
lab_col_branching = Ramificación
lab_col_lead_changes = Cambios de ventaja
lab_col_decided = Decidida en
lab_col_drama = Drama
lab_col_coverage = Cobertura
lab_col_rung = Peldaño
lab_col_score = Puntuación
lab_col_elo = Elo
lab_col_layout = Disposición
lab_col_first_a = Empieza rojo
lab_col_first_b = Empieza azul
lab_col_losing_first = Primeras jugadas que pierden
lab_col_shares = Ganadas / tablas / perdidas
lab_col_longest = Victoria más larga
lab_col_first_player = Primer jugador
lab_col_value = Valor
lab_col_first_n = Ganó el primero
lab_col_second_n = Ganó el segundo
lab_col_draws_n = Tablas
lab_value_win = victoria
lab_value_draw = tablas
lab_value_loss = derrota
lab_value_in = { $value } en { $plies }
lab_col_worst = Peor primera jugada
lab_col_mistakes = Errores (mayor pérdida)
lab_col_perfect = Partidas perfectas (turnos)

# The server's own error answers (`code` and `args` of an error answer,
# docs/web-api.md, "Errors"); the games' and the table's are in games.ftl.
api_no_game = no hay ninguna partida «{ $id }»
api_changed_meanwhile = la partida cambió al mismo tiempo; inténtalo de nuevo
api_bad_first = el asiento que empieza (first) es 0 o 1, no { $first }
api_unknown_game = juego desconocido «{ $game }»: los juegos son { $games }
api_no_two_games = { $game } no tiene encuentro a dos partidas
api_bad_level = el nivel { $level } no existe: los niveles van del 1 al 5
api_ply_beyond = la jugada { $ply } va más allá de las { $plies } jugadas de la partida
api_too_many_tokens = como mucho { $max } claves de asiento
api_rematch_spectator = no tienes asiento en esta partida (un espectador no puede pedir la revancha)
api_rematch_not_over = la partida no ha terminado: la revancha viene tras una partida terminada
api_hint_spectator = no tienes asiento en esta partida (un espectador no recibe pistas)
api_hint_levels = solo hay pistas contra el ordenador en los niveles 1 a { $max }
api_hint_not_your_turn = una pista es para tu turno en una partida en curso
api_internal = error interno: el servidor ha fallado; inténtalo más tarde
api_database_unavailable = la base de datos no está disponible; inténtalo de nuevo en un momento
api_database_full = el servidor no puede guardar nada ahora mismo (su disco está lleno): no se ha cambiado nada; inténtalo de nuevo más tarde
api_nul_byte = una petición no puede contener un carácter NUL (U+0000)
api_body_not_object = el cuerpo debe ser un objeto JSON
api_too_many_requests = demasiadas peticiones: inténtalo de nuevo dentro de { $seconds } s
api_too_many_solves = demasiadas resoluciones: inténtalo de nuevo dentro de { $seconds } s
api_solver_busy = el resolvedor está ocupado; inténtalo de nuevo en un momento
api_analysis_busy = el análisis está ocupado; inténtalo de nuevo en un momento
api_method_not_allowed = método no permitido
api_request_timeout = la petición ha tardado demasiado
api_not_found = no encontrado
api_bad_request = no se pudo leer la dirección o los parámetros de la petición: { $reason }
api_slow_down = demasiadas peticiones; inténtalo de nuevo en un momento
api_refused = rechazado (HTTP { $status })
api_body_too_large = el cuerpo de la petición pasa de { $bytes } bytes
api_body_too_slow = el cuerpo de la petición llegó demasiado despacio
api_body_unreadable = no se pudo leer el cuerpo de la petición
api_not_json = el cuerpo debe ser JSON (Content-Type: application/json)
api_needs_json_body = la petición necesita un cuerpo JSON: { $error }
api_bad_json = cuerpo JSON no válido: { $error }
api_json_missing_field = falta el campo `{ $field }` (línea { $line }, columna { $column })
api_json_unknown_field = campo desconocido `{ $field }` ({ $expected }; línea { $line }, columna { $column })
api_json_unknown_value = valor desconocido `{ $value }` ({ $expected }; línea { $line }, columna { $column })
api_json_bad_value = un valor de tipo equivocado ({ $detail }; línea { $line }, columna { $column })
api_json_syntax = esto no es JSON ({ $detail }): línea { $line }, columna { $column }
api_no_route = la API no tiene la ruta { $path }
api_no_action = no existe la acción «{ $action }»: las acciones son { $actions }
api_bad_layout = disposición { $layout }: { $error }
api_layout_name = el nombre de una disposición tiene de 1 a { $max } caracteres
api_no_layout = no hay ninguna disposición «{ $id }»
api_not_your_layout = la disposición «{ $id }» no es tuya: guarda una copia para cambiarla
api_no_such_game = no hay ningún juego «{ $game }»: los juegos son { $games }
api_too_many_moves = { $n } jugadas: como mucho { $max }
api_move_after_end = jugada { $n } («{ $move }»): la partida ha terminado
api_move_refused = jugada { $n } («{ $move }»): { $error }
api_bad_parameter = valor desconocido de { $name }: «{ $value }» ({ $choices })
api_no_file = no existe el fichero «{ $file }»: pide { $example }
api_no_card = no existe la carta «{ $card }»: las cartas van de la 1 a la 5
api_ws_binary = los mensajes son texto JSON
api_ws_too_long = un mensaje tiene como mucho { $bytes } bytes
api_ws_closed_too_many = demasiados mensajes
api_ws_too_many = demasiados mensajes: espera { $ms } ms
api_ws_bad_message = mensaje no válido: { $error }
api_server_full = el servidor tiene demasiadas conexiones
api_address_full = demasiadas conexiones desde una misma dirección
api_timeout = El servidor no respondió a tiempo.
api_lab_bad_name = nombre de informe no válido
api_lab_none = no se sirve ninguna carpeta del laboratorio
api_lab_no_report = no existe ese informe
api_lab_bad_file = nombre de fichero no válido
api_lab_not_served = de un informe solo se sirven sus gráficas y su JSON
api_lab_no_file = no existe ese fichero en este informe
api_no_static_file = no existe el archivo { $path }

## Lobby
# La sala de espera (web/lobby.js) y sus respuestas de error (docs/web-api.md, "Lobby").
lobby_link = Buscar rival
lobby_title = Sala de espera
lobby_intro = Publica una búsqueda y espera a que alguien la acepte, acepta una de las búsquedas abiertas o juega contra el ordenador. Tu búsqueda se cancela cuando sales de esta página.
lobby_post_title = Publicar una búsqueda
lobby_game = Juego
lobby_colour = Tu bando
lobby_colour_first = { $side } (mueve primero)
lobby_colour_second = { $side } (mueve segundo)
lobby_colour_random = Al azar
lobby_post = Publicar búsqueda
lobby_play_now = Jugar ya
lobby_open_title = Búsquedas abiertas
lobby_no_seeks = Ahora no espera nadie: publica una búsqueda o pulsa «Jugar ya».
lobby_connecting = Conectando con la sala…
lobby_you_play = Juegas: { $side }
lobby_casual = Amistosa
lobby_rated = Puntuable
lobby_rated_box = Partida puntuable
lobby_rated_needs_account = (inicia sesión para jugar partidas puntuables)
lobby_rated_needs_clock = (una partida puntuable necesita reloj)
lobby_computer_rating = La puntuación fija del nivel: una partida contra él con «Partida puntuable» marcada (con sesión iniciada y reloj) la cuenta
lobby_yours_waiting = Tu búsqueda: esperando rival
lobby_accept = Aceptar
lobby_cancel = Cancelar
lobby_computers_title = El ordenador
lobby_computer = Ordenador, nivel { $n }
lobby_always = Siempre disponible, empieza al momento
lobby_play = Jugar
api_no_seek = no hay ninguna búsqueda «{ $id }»
api_seek_gone = la búsqueda «{ $id }» ya fue aceptada o cancelada
api_seek_not_yours = solo quien publicó la búsqueda «{ $id }» puede cancelarla
api_seek_own = esta búsqueda es tuya: debe aceptarla otro jugador
api_seek_rated_login = una partida puntuable necesita una cuenta: inicia sesión o juega una partida amistosa
api_seek_rated_clock = una partida puntuable necesita reloj o días por jugada
api_rated_level = el ordenador en el nivel { $level } no tiene puntuación medida en este juego: juega la partida amistosa
api_rated_two_computers = una partida entre dos ordenadores nunca es puntuable
api_rated_same_account = una partida puntuable necesita dos jugadores distintos: los dos asientos son de una misma cuenta
api_rated_match = un encuentro a dos partidas es amistoso: solo las partidas sueltas son puntuables
api_hint_rated = no hay pistas en una partida puntuable mientras se juega (juego limpio): pídelas en una amistosa, o analiza la partida cuando termine

## Accounts
# La caja de la cuenta en la cabecera (web/account.js) y los errores de las rutas de cuentas (docs/web-api.md, "Accounts").
api_account_bad_name = un nombre tiene de 3 a 20 letras (de la a a la z, sin tildes ni eñes), cifras, _ o -
api_account_reserved_name = el nombre { $name } está reservado para el ordenador o la aplicación
api_account_bad_password = una contraseña tiene al menos { $min } caracteres
api_account_name_taken = el nombre { $name } ya está cogido
api_account_name_held = el nombre { $name } era de una cuenta borrada hace poco: quedará libre dentro de { $days ->
    [one] 1 día
   *[other] { $days } días
  }
api_account_wrong_password = la contraseña no es correcta
api_login_failed = nombre o contraseña incorrectos
api_not_logged_in = no has iniciado sesión
api_cross_site = esta petición debe venir de las páginas de la propia aplicación (su Origin es de otro sitio)
api_seat_not_yours = no tienes el enlace de este asiento: solo su jugador puede tomarlo
api_seat_taken = otra cuenta ya juega en este asiento
account_login = Entrar
account_signup = Crear cuenta
account_logout = Salir
account_logout_all = Salir en todos los dispositivos
account_name = Nombre
account_password = Contraseña
account_signup_note = La cuenta es opcional. Al crearla conservas las partidas de este navegador; con la sesión iniciada puedes jugarlas desde cualquier dispositivo.
account_signed_in = Sesión iniciada como { $name }

## Profiles
# La página de perfil /@/NOMBRE y las clasificaciones /leaderboard (web/profile.js), y los errores de sus rutas (docs/web-api.md, "Profiles and leaderboards").
api_no_player = no hay ningún jugador { $name }
api_no_pool = no hay ninguna clasificación { $pool }: las clasificaciones son { $pools }
profile_since = Juega desde el { $date }
profile_private = Perfil privado
profile_private_note = Solo tú ves este perfil: no aparece en las clasificaciones.
profile_ratings = Puntuaciones
profile_no_ratings = Todavía no hay partidas puntuables.
profile_rating = { $rating } ± { $deviation }
profile_provisional = provisional
profile_rated_games = { $n ->
    [one] 1 partida puntuable
   *[other] { $n } partidas puntuables
}
profile_counts = { $games ->
    [one] 1 partida
   *[other] { $games } partidas
}: { $wins ->
    [one] 1 ganada
   *[other] { $wins } ganadas
}, { $draws } en tablas, { $losses ->
    [one] 1 perdida
   *[other] { $losses } perdidas
}, { $playing } en curso
profile_games = Partidas
profile_filter_game = Juego
profile_filter_result = Resultado
profile_filter_opponent = Rival
profile_filter_opponent_hint = el nombre de un jugador
profile_any = Todos
profile_result_win = Ganada
profile_result_loss = Perdida
profile_result_draw = Tablas
profile_result_playing = En curso
profile_result_over = Terminada
profile_vs_computer = Ordenador, nivel { $level }
profile_vs_anonymous = Anónimo
profile_vs_self = Misma pantalla
profile_no_games = No hay partidas.
profile_more = Más partidas
profile_download = Descargar todas las partidas (zip)
profile_col_date = Fecha
profile_col_game = Juego
profile_col_opponent = Rival
profile_col_result = Resultado
profile_col_rating = Puntuación
profile_col_moves = Jugadas
profile_game_meta = { $date } · { $moves } { $moves ->
    [one] jugada
   *[other] jugadas
  }
profile_game_draughts = Damas
profile_casual = amistosa
profile_my = Mi perfil
leaderboard_title = Clasificaciones
leaderboard_link = Clasificaciones
leaderboard_empty = Todavía no hay puntuaciones establecidas.
leaderboard_note = Puntuaciones Glicko-2. Una puntuación aparece cuando su desviación es de 110 o menos; los perfiles privados no aparecen.
leaderboard_col_rank = #
leaderboard_col_player = Jugador
leaderboard_col_rating = Puntuación
leaderboard_col_games = Partidas
leaderboard_all = Todas las clasificaciones
pool_draughts-russian = Damas (rusas)
pool_draughts-turkish = Damas (turcas)
pool_draughts-english = Damas (inglesas)
dim_end_no_pieces = { $army } no tiene piezas
dim_end_blocked = { $army } no pudo mover
dim_end = { $first }; { $second }

## Explorer

api_explore_not_exact = el explorador es para los juegos con valores exactos ({ $games }), no para «{ $game }»
ex_title = Explorador: { $game }
ex_open = Explorar
ex_open_title = Cada jugada de esta posición con su valor exacto y cómo la jugaron las partidas de este servidor
ex_moves = Todas las jugadas
ex_col_move = Jugada
ex_col_value = Valor exacto
ex_col_played = Veces
ex_col_results = Resultados para el bando que mueve
ex_results = ganadas: { $wins }, tablas: { $draws }, perdidas: { $losses }
ex_not_played = —
ex_beyond = fuera de alcance
ex_beyond_note = Esta posición está fuera del alcance del solucionador de finales y este servidor no tiene la tabla de Linja: las jugadas aparecen sin valor (la orden «tablero solve linja --build-table» la construye).
ex_exact_note = Valores exactos con juego perfecto de ambos bandos. Pulsa una jugada para avanzar una jugada más.
ex_reached = { $n ->
    [0] Ninguna partida terminada de este servidor llegó a esta posición.
    [one] Una partida terminada de este servidor llegó a esta posición.
   *[other] { $n } partidas terminadas de este servidor llegaron a esta posición.
  }
ex_counted = Contadas entre las { $games } partidas terminadas más recientes de este juego y variante, hasta { $plies } jugadas.
ex_too_deep = Las partidas solo se cuentan hasta { $plies } jugadas.
ex_beyond_note_dimensiones = Super Dimensiones solo tiene valores exactos dentro de sus tablas de finales (un subjuego decidido y el otro con pocas piezas), si este servidor las tiene instaladas: fuera de ellas las jugadas aparecen sin valor (la orden «tablero solve dimensiones --build-table» las construye).
ex_set_up = Las partidas se cuentan solo desde el comienzo, no desde una posición preparada en el tablero.
ex_line = Jugadas hasta aquí
ex_start = Inicio
ex_to_analysis = Abrir en el tablero de análisis

## Puzzles

api_puzzle_no_game = ¿qué juego? añade ?game=NOMBRE
api_puzzle_bad_number = { $name }=«{ $value }» no es un número
api_puzzle_bad_rating = { $name } { $value } está fuera de rango: una puntuación va de 100 a 4000, una desviación de 30 a 350
api_puzzles_none = aún no hay problemas de { $game }: se están preparando; vuelve a intentarlo en un minuto
api_puzzles_none_chosen = no hay problemas de { $game } de esa elección (variante { $variant }, tema { $theme }): elige otro tema
api_no_puzzle = no hay ningún problema «{ $id }»
api_puzzle_bad_move = jugada «{ $move }»: { $error }
api_puzzle_no_player = ¿quién responde? inicia sesión o deja que este navegador guarde su cookie de problemas (pide antes un problema): un intento se cuenta antes de mostrar su respuesta
api_puzzle_busy = se están contando otras respuestas tuyas: vuelve a intentarlo

## Problemas (web/puzzles.js)
pz_link = Problemas
pz_title = Problemas
pz_title_game = Problemas de { $game }
pz_game = Juego
pz_variant = Variante
pz_any_variant = Cualquier variante
pz_theme_label = Tema
pz_any_theme = Cualquier tema ({ $count })
pz_theme_count = { $theme } ({ $count })
pz_theme_win_in = Gana en { $n }
pz_theme = { $theme ->
    [only-draw] Única jugada que salva el empate
    [only-win] Única jugada ganadora
    [best-margin] Más puntos
    [least-loss] La menor derrota
    [longest-defence] La derrota más lenta
    [winning-blow] Golpe ganador
    [only-move] Única buena jugada
   *[other] { $theme }
}
pz_to_move = Mueve { $side }: te toca.
pz_task = Encuentra la única mejor jugada: { $theme }. Dificultad { $difficulty }.
pz_waiting = El servidor aún está preparando los problemas de este juego; vuelve a preguntar en un momento…
pz_right_short = ¡Correcto!
pz_wrong_short = No es esa jugada.
pz_right = ¡Correcto! { $move }: { $value }.
pz_wrong = { $move } no es la jugada: { $value }.
pz_answer_was = La solución: { $move } ({ $value }).
pz_rating = Tu puntuación de problemas: { $rating } ± { $deviation }
pz_streak = Racha: { $n }
pz_next = Siguiente problema
pz_skip = Saltar
pz_show_answer = Ver la solución
pz_show_mine = Ver mi jugada
pz_proof = Todas las jugadas, según el solucionador o la búsqueda
pz_col_value = Valor
pz_yours = tu jugada

# In-game tools (issues #44 and #49, helper H49): abort, takeback, the next-game queue, private notes, positions to share (web/play/tools.js; docs/web-api.md, "Tools in a game").
api_abort_too_late = ambos bandos ya han jugado: la partida ya no se puede anular (abandona u ofrece tablas)
api_takeback_people_only = las retiradas de jugada son entre personas; contra la computadora, usa deshacer (partidas sin reloj)
api_takeback_nothing = no tienes ningún turno que retirar: la retirada la propone quien acaba de jugar, antes de que responda el otro bando
api_takeback_no_offer = no hay ninguna propuesta de retirada del otro bando que responder
api_notes_not_yours = las notas son privadas: solo un jugador de esta partida puede leer o escribir las suyas
api_notes_too_long = una nota admite como mucho { $max } caracteres (esta tiene { $length })
tools_abort = Anular partida
tools_takeback_offer = Proponer retirar la jugada
tools_takeback_accept = Aceptar la retirada
tools_takeback_decline = Rechazar la retirada
tools_takeback_offered = { $side } propone retirar su última jugada.
tools_takeback_sent = Retirada propuesta: esperando al otro bando.
tools_next = Siguiente partida
tools_next_title = La siguiente partida en la que te toca jugar, la más urgente primero (tecla n)
tools_next_none = Ninguna otra partida espera tu jugada.
tools_auto_next = Ir a mi siguiente partida tras cada jugada
tools_notes = Notas privadas
tools_notes_hint = Solo tú puedes leer estas notas.
tools_notes_saved = Guardado
tools_notes_saving = Guardando…
tools_notes_failed = No guardado: { $error }
tools_share = Compartir
tools_ply_link = Enlace a esta posición
tools_ply_copied = Enlace copiado
tools_download_record = Descargar la partida
tools_board_png = Imagen del tablero (PNG)

## People, who is online, live games (#44, H44W)
# Seguir y bloquear (web/people.js en el perfil /@/NAME, la página /following, la página de cuenta), jugadores en línea en la portada, la página de partidas en vivo /watch, la gráfica de puntuación del perfil.
api_relation_refused = no se puede { $relation ->
    [follow] seguir
   *[block] bloquear
} a este jugador: no a uno mismo, no entre jugadores bloqueados, y como mucho { $max }
people_follow = Seguir
people_unfollow = Dejar de seguir
people_block = Bloquear
people_unblock = Desbloquear
people_online = en línea
people_offline = desconectado
people_playing_now = Jugando ahora
people_following_title = Jugadores que sigues
people_following_none = Aún no sigues a nadie. Abre el perfil de un jugador y pulsa Seguir.
people_following_link = Siguiendo
people_blocked_title = Jugadores bloqueados
people_blocked_none = No bloqueas a nadie.
people_blocked_note = Los jugadores bloqueados no pueden chatear contigo, desafiarte ni emparejarse contigo.
people_login_needed = Inicia sesión para seguir a jugadores.
people_online_count = { $n ->
    [one] { $n } jugador en línea
   *[other] { $n } jugadores en línea
}
watch_title = Partidas en vivo
watch_link = Ver partidas
watch_featured = Partida destacada
watch_none = Ahora no se está jugando ninguna partida.
watch_spectators = { $n ->
    [one] { $n } espectador
   *[other] { $n } espectadores
}
watch_open = Ver
watch_col_players = Jugadores
watch_col_rating = Puntuación
watch_col_clock = Reloj
watch_col_spectators = Espectadores
watch_rated = Puntuable
watch_casual = Amistosa
watch_next = Partida terminada: pasando a la siguiente…
chart_title = Puntuación a lo largo del tiempo
chart_axis_rating = Puntuación
chart_axis_games = Partidas puntuables
chart_none = Aún no hay partidas puntuables.

## Chat (#44): el chat de cada partida, silenciar, denunciar y moderadores (web/play/chat.js, routes/chat.rs)
api_chat_empty = un mensaje no puede estar vacío
api_chat_too_long = un mensaje tiene como mucho { $max } caracteres (este tiene { $chars })
api_chat_control = un mensaje es una línea de texto, sin caracteres de control
api_chat_login = inicia sesión para hacer esto: la sala de espectadores, silenciar y denunciar necesitan una cuenta
api_chat_players_only = solo los dos jugadores de la partida hablan en la sala de los jugadores
api_chat_spectators_only = los jugadores no hablan en la sala de los espectadores
api_chat_blocked = uno de los dos bloqueó al otro: no hay chat entre vosotros
api_chat_too_fast = escribes demasiado deprisa ({ $burst } mensajes en { $window } segundos): espera { $seconds } s
api_chat_mute_self = no puedes silenciarte a ti mismo
api_chat_too_many_mutes = ya silencias a { $max } jugadores: deja de silenciar a alguno primero
api_chat_bad_reason = no existe el motivo «{ $reason }»: los motivos son { $reasons }
api_chat_note_too_long = la nota de una denuncia tiene como mucho { $max } caracteres
api_chat_no_line = no hay ningún mensaje «{ $id }»
api_chat_report_nothing = una denuncia nombra un mensaje o un jugador
api_chat_too_many_reports = como mucho { $max } denuncias por hora: inténtalo más tarde
api_chat_not_moderator = solo los moderadores pueden hacer esto
chat_title = Chat
chat_players = Jugadores
chat_spectators = Espectadores
chat_placeholder = Escribe algo…
chat_send = Enviar
chat_none = Todavía no hay mensajes.
chat_players_private = Solo los dos jugadores leen esta sala mientras se juega la partida.
chat_closed_for_players = La sala de los espectadores se te abre al acabar la partida.
chat_login_to_speak = Inicia sesión para hablar en la sala de los espectadores.
chat_read_only = Aquí solo hablan los dos jugadores.
chat_player_speaks_elsewhere = Estás jugando: habla en la sala de los jugadores.
chat_seat = { $seat ->
    [0] Jugador 1
   *[other] Jugador 2
  }
chat_mute = Silenciar
chat_unmute = Dejar de silenciar
chat_muted = { $name } está silenciado: ya no ves sus mensajes.
chat_report = Denunciar
chat_report_title = Denunciar a { $name }
chat_report_reason = ¿Por qué?
chat_reason = { $reason ->
    [abuse] Insultos o acoso
    [spam] Spam
    [cheat] Trampas
   *[other] Otra cosa
  }
chat_report_note = Algo que añadir (opcional)
chat_report_send = Enviar la denuncia
chat_cancel = Cancelar
chat_reported = Denuncia enviada, gracias: un moderador la revisará.
chat_hide = Ocultar
chat_hide_title = Ocultar este mensaje para todos (moderador)
chat_mark = Ocultar su chat
chat_mark_title = Ocultar a los demás todos los mensajes de este jugador (moderador)
chat_message_actions = Acciones del mensaje

## ---- Desafíos, avisos al momento, búsquedas con cara (H44A, issue #44) ----
api_challenge_login = entra en tu cuenta para desafiar a un jugador o responder a un desafío
api_challenge_self = no puedes desafiarte a ti mismo
api_challenge_refused = { $name } no acepta desafíos tuyos
api_challenge_again = ya desafiaste a { $name }: espera su respuesta o cancélalo
api_challenge_too_many = tienes { $max } desafíos abiertos: cancela uno o espera una respuesta
api_challenge_rate = como mucho { $max } desafíos por hora: espera { $seconds } segundos
api_no_challenge = no hay ningún desafío «{ $id }»
api_challenge_not_yours = no te toca responder al desafío «{ $id }»
api_challenge_gone = el desafío «{ $id }» ya fue respondido, cancelado o caducó
ch_challenge = Desafiar a { $name }
ch_send = Enviar el desafío
ch_close = Cerrar
ch_sent = Desafío enviado a { $name }: esperando respuesta
ch_cancel = Cancelar el desafío
ch_again = Desafiar otra vez
ch_cancelled = Desafío a { $name } cancelado
ch_expired = El desafío a { $name } caducó
ch_accepted = { $name } aceptó: a la partida
ch_declined = { $name } rechazó: { $reason }
ch_incoming = { $name } te desafía
ch_accept = Aceptar
ch_decline = Rechazar
ch_dismiss = Entendido
ch_reason = Motivo
ch_rated = puntuable
ch_casual = amistosa
ch_side_random = bandos al azar
ch_you_play = juegas con { $side }
ch_reason_generic = No acepto desafíos
ch_reason_later = Ahora no, pídemelo más tarde
ch_reason_too_fast = Demasiado rápida para mí
ch_reason_too_slow = Demasiado lenta para mí
ch_reason_casual_only = Solo partidas amistosas
ch_reason_rated_only = Solo partidas puntuables
ch_reason_other_game = Otro juego, por favor
ch_who = Quién puede desafiarme
ch_who_everyone = Todos
ch_who_following = La gente a la que sigo
ch_who_nobody = Nadie
ch_who_saved = Guardado: { $who }
api_seek_cap = tienes { $max } búsquedas abiertas: cancela una o espera a que alguien acepte
api_seek_bad_range = la puntuación mínima ({ $min }) es mayor que la máxima ({ $max })
api_seek_out_of_range = esta búsqueda es para jugadores con una puntuación de { $min } a { $max } en su categoría (entra en tu cuenta para aceptarla)
api_seek_blocked = esta búsqueda no está abierta para ti
lobby_anonymous = anónimo
lobby_range = Puntuación del rival
lobby_range_hint = opcional: solo podrán aceptar jugadores con una puntuación dentro
lobby_range_shown = para { $min }–{ $max }
lobby_range_min = puntuación mínima
lobby_range_max = puntuación máxima

## Courses (/learn, issue #46)
learn_link = Aprender
learn_link_game = Aprende { $game } paso a paso
learn_title = Aprender
learn_title_game = Aprende { $game }
learn_tagline = Lecciones breves, de los movimientos a la técnica para ganar: alcanza cada objetivo en el tablero contra el entrenador, en el menor número de jugadas posible.
learn_all_games = Todos los cursos
learn_stars_of = { $got } de { $of } estrellas
learn_stage_n = etapa { $n } de { $total }
learn_exercises = Ejercicios
learn_exercise_n = Ejercicio { $n } de { $total }: { $stars ->
    [0] sin hacer
    [one] 1 estrella
   *[other] { $stars } estrellas
}
learn_goal = Objetivo:
learn_moves = Tus jugadas: { $n } · mínimo: { $par }
learn_your_move = Te toca.
learn_coach_thinks = El entrenador responde…
learn_reached = Objetivo alcanzado en { $n ->
    [one] 1 jugada
   *[other] { $n } jugadas
}: { $stars }
learn_missed = El objetivo ya no está a tu alcance. Vuelve a intentarlo.
learn_retry = Reintentar
learn_next = Siguiente ejercicio
learn_next_stage = Siguiente etapa
learn_course_done = Volver al curso
learn_claim = Reclamar la victoria (Jacke)

## Muted players and the moderators' page (#44)
people_muted_title = Silenciados en el chat
people_muted_note = Sus mensajes del chat no se te muestran, en ninguna partida; no se les avisa.
people_muted_none = No silencias a nadie.
people_unmute = Dejar de silenciar
mod_title = Moderación
mod_only = Esta página es para moderadores.
mod_none = No hay denuncias.
mod_note = Mensajes del chat denunciados, los más recientes primero. Ocultar un mensaje lo quita para todos; marcar una cuenta oculta todos sus mensajes a todos menos a ella.
mod_col_when = Cuándo
mod_col_player = Jugador
mod_col_line = Mensaje
mod_col_game = Partida
mod_col_reporter = Denunciado por
mod_col_act = Acción
mod_game = Abrir la partida
mod_hide = Ocultar el mensaje
mod_mark = Marcar la cuenta
mod_unmark = Desmarcar
mod_hidden = El mensaje de { $name } está oculto.
mod_marked = { $name } está marcado: sus mensajes solo se le muestran a él.
mod_unmarked = { $name } ya no está marcado.

## Torneos (#45): los mensajes de la API
api_tournament_login = entra en tu cuenta para crear un torneo, apuntarte o dejarlo
api_no_tournament = no hay ningún torneo «{ $id }»
api_tournament_clock = un torneo necesita reloj: minutos (5+3) o días por jugada (3d)
api_tournament_arena_live = una arena se juega con reloj en minutos, no con días por jugada
api_tournament_private = este torneo es privado: apúntate con su enlace
api_tournament_over = el torneo ha terminado
api_tournament_started = el todos contra todos ya empezó: no admite más jugadores
api_tournament_full = el torneo está completo ({ $max } jugadores)
api_tournament_busy = se apuntaron demasiados jugadores a la vez: inténtalo de nuevo
api_tournament_not_in = no estás en este torneo
api_tournament_not_creator = solo quien creó el torneo puede empezarlo
api_tournament_cannot_start = el torneo no puede empezar: ya empezó o tiene menos de dos jugadores

## Torneos (#45): las páginas
tn_title = Torneos
tn_new = Nuevo torneo
tn_name = Nombre
tn_name_hint = (opcional)
tn_kind = Tipo
tn_kind_arena = Arena
tn_kind_swiss = Suizo
tn_kind_round_robin = Todos contra todos
tn_default_name = { $kind } de { $game }
tn_game = Juego
tn_clock = Reloj (5+3, o 3d para días por jugada)
tn_minutes = Duración (minutos)
tn_rounds = Rondas
tn_cycles = Vueltas
tn_cycles_1 = Una
tn_cycles_2 = Dos, con los asientos cambiados
tn_starts_in = Empieza dentro de (minutos)
tn_rated = Partidas puntuables
tn_private = Privado (solo con su enlace)
tn_create = Crear el torneo
tn_login_to_make = Entra en tu cuenta para crear un torneo.
tn_login_to_join = Entra en tu cuenta para apuntarte.
tn_running = Jugándose ahora
tn_upcoming = Empiezan pronto
tn_finished = Terminados
tn_none = Ninguno.
tn_rated_short = puntuable
tn_casual_short = amistoso
tn_rounds_of = ronda { $n } de { $of }
tn_starts = Empieza { $when }
tn_ends = Termina { $when }
tn_state_upcoming = Sin empezar
tn_state_running = En juego
tn_state_finished = Terminado
tn_state_in = dentro
tn_state_paused = en pausa
tn_state_withdrawn = retirado
tn_join = Apuntarme
tn_pause = Pausa
tn_withdraw = Retirarme
tn_start = Empezar ya
tn_your_game = Ir a tu partida
tn_share = Comparte este enlace para invitar a jugadores:
tn_standings = Clasificación
tn_crosstable = Tabla cruzada
tn_rank = #
tn_player = Jugador
tn_rating = Puntuación
tn_points = Puntos
tn_games = Partidas
tn_streak = Racha
tn_buchholz = Buchholz
tn_sb = S-B
tn_round_n = R{ $n }

## Ligas (#45): ligas por correspondencia en ediciones
api_tournament_league_days = una liga se juega a días por jugada (3d), no con un reloj en minutos
api_league_started = esta edición de la liga ha empezado: apúntate a la siguiente
api_tournament_bots_casual = los bots solo juegan partidas amistosas: un torneo que admite bots no puede ser puntuable
api_tournament_no_bots = este torneo no admite bots
tn_kind_league = Liga
tn_edition_n = edición { $n }
tn_group_n = Grupo { $n }
tn_groups = Grupos
tn_next_edition = Siguiente edición
tn_previous_edition = Edición anterior
tn_league_rule = Grupos de 4 a 7 jugadores por rating, todos contra todos a días por jugada; en la siguiente edición, el ganador de cada grupo sube un grupo y el último baja.
tn_moves_up = sube
tn_moves_down = baja
tn_waiting = Esperan la siguiente edición
tn_first_seat = saliendo
tn_second_seat = sin la salida
tn_allow_bots = Pueden apuntarse cuentas de bot (solo partidas amistosas)
tn_bots_welcome = bots bienvenidos
push_group_title = Grupo de liga
push_group_body = Tu grupo de liga está hecho: te esperan { $games } partidas.
mail_group_subject = Tu grupo en { $league }: grupo { $group }
mail_group_intro = Ha empezado la edición { $edition } de { $league } ({ $game }, { $clock } por jugada). Juegas en el grupo { $group }, contra { $opponents }: { $games } partidas, todas empezadas ya. La liga: { $url }

## ---- Cuentas de bot y la API de bots (H45B, issue #45) ----
api_bot_login = entra en tu cuenta para crear o administrar cuentas de bot
api_bot_by_bot = un bot no puede tener bots
api_bot_too_many = ya tienes { $max } cuentas de bot
api_bot_not_yours = { $name } no es uno de tus bots
api_no_bot = no hay ningún bot llamado { $name }
api_bot_token = esto necesita la clave de API de un bot (Authorization: Bearer CLAVE); una clave revocada ya no sirve
api_bot_not_in_game = este bot no ocupa ningún puesto en la partida { $id }
api_bot_casual_only = los bots solo juegan partidas amistosas: desafía a { $name } a una amistosa
player_bot_badge = BOT

## Vacaciones y banco de tiempo, jugadas condicionales (issue #49, H49V)
api_vacation_days = unas vacaciones son de 1 a { $left } días enteros (te quedan { $left } este año; pediste { $days })
api_vacation_too_far = las vacaciones se pueden anunciar como mucho con { $days } días de antelación
api_vacation_already = ya estás de vacaciones o has anunciado unas: vuelve primero
api_vacation_not_away = no estás de vacaciones ni has anunciado ningunas
api_vacation_forbidden = { $games ->
    [one] la partida { $game } no admite vacaciones: su reloj seguiría corriendo. Envía «anyway» para irte igualmente
   *[other] { $games } partidas (como { $game }) no admiten vacaciones: sus relojes seguirían corriendo. Envía «anyway» para irte igualmente
}
api_conditional_not_yours = las jugadas condicionales son privadas: solo el jugador de un puesto de esta partida puede leer o escribir las suyas
api_conditional_correspondence = las jugadas condicionales son para partidas por correspondencia (días por jugada) no terminadas
api_conditional_your_turn = te toca mover: las jugadas condicionales se anotan mientras esperas la jugada del rival
api_conditional_illegal = la jugada { $move } no es legal en la posición de su línea: { $why }
api_conditional_twice = la jugada { $move } empieza dos líneas en el mismo punto: deja una
api_conditional_no_answer = tras { $move } no hay jugada del otro bando que contestar (la partida termina o vuelve a mover el mismo bando)
api_conditional_too_big = las jugadas condicionales caben como mucho { $most } jugadas en total
api_conditional_bad = esa jugada no se puede leer
vacation_title = Vacaciones
vacation_left = Te quedan { $days } días de vacaciones este año: mientras estés fuera, tus relojes por correspondencia se paran.
vacation_away = De vacaciones hasta el { $when } (te quedan { $days } días este año).
vacation_planned = Vacaciones anunciadas, hasta el { $when } (te quedan { $days } días este año).
vacation_days = Días
vacation_go = Irse de vacaciones
vacation_back = Volver ya
vacation_until = de vacaciones hasta el { $when }
vacation_forbidden_confirm = { $games ->
    [one] Una de tus partidas no admite vacaciones: su reloj seguirá corriendo. ¿Irte igualmente?
   *[other] { $games } de tus partidas no admiten vacaciones: sus relojes seguirán corriendo. ¿Irte igualmente?
}
challenge_no_vacation = Sin vacaciones (los relojes corren aunque un jugador esté fuera)
conditional_title = Jugadas condicionales
conditional_help = Mientras esperas: si juega…, contesto… (jugadas en la notación del juego; una línea por fila, como «su jugada, tu respuesta, su jugada, tu respuesta…»).
conditional_save = Guardar las líneas
conditional_clear = Borrar
conditional_saved = { $lines ->
    [0] Sin jugadas condicionales.
    [one] Una línea guardada, privada hasta que se juegue.
   *[other] { $lines } líneas guardadas, privadas hasta que se jueguen.
}
conditional_plan = Prepararlas en el tablero de análisis
conditional_plan_help = Juega su jugada y tu respuesta en el tablero (más parejas hacen una línea más larga) y añade la línea. Las líneas con el mismo comienzo forman un árbol.
conditional_add = Añadir esta línea
conditional_if = si { $their }, { $mine }
conditional_remove = Quitar la línea que empieza por { $move }
conditional_conflict = Ya contestas a { $move } con { $answer }: quita antes esa línea.

## ---- La app instalable, Web Push, el modo para lectores de pantalla, el GIF de la partida (H49P, issue #49) ----
pwa_name = tablero: juegos de tablero abstractos
pwa_description = Juega a Imago, Jarmo, Linja, Super Dimensiones y damas, en vivo o por correspondencia.
pwa_offline_title = Sin conexión
pwa_offline_text = tablero no puede llegar a su servidor ahora mismo. Tus partidas se guardan allí; volverán a estar aquí en cuanto recuperes la conexión.
pwa_offline_retry = Reintentar
api_push_login = inicia sesión para recibir notificaciones
api_push_bad_subscription = esta suscripción de notificaciones no sirve (su { $why } no se puede leer)
api_push_too_many = una cuenta guarda como mucho { $max } navegadores para las notificaciones
api_push_no_subscription = no tienes ninguna suscripción { $id }
push_turn_title = Te toca
push_turn_body = Una partida espera tu jugada ({ $ply ->
    [one] 1 jugada hecha
   *[other] { $ply } jugadas hechas
}).
push_challenge_title = Nuevo desafío
push_challenge_body = Alguien te ha desafiado a una partida.
push_round_title = Ronda de torneo
push_round_body = Ha empezado la ronda { $round }: tu partida está lista.
push_on = Notificaciones en este dispositivo
push_kinds = Avisarme de
push_kind_turn = mi turno en una partida
push_kind_challenge = desafíos que me hagan
push_kind_tournament = mis rondas de torneo
push_login = Inicia sesión para recibir notificaciones.
push_denied = El navegador no permite notificaciones de este sitio.
setting_blind = Modo para lectores de pantalla (el tablero como texto)
blind_title = Modo para lectores de pantalla
blind_input_label = Tu jugada o una orden
blind_send = Enviar
blind_log = Lo que ha pasado
blind_help = Escribe una jugada como la escribe la lista de jugadas y pulsa Intro. Órdenes: tablero o t (las piezas por casilla), jugadas o j (las jugadas legales), reloj o r (los relojes), última o u (la última jugada), ayuda o a.
blind_board = { $cells }. Vacías: { $n }.
blind_nothing = ninguna pieza
blind_moves = { $n ->
    [one] 1 jugada legal
   *[other] { $n } jugadas legales
}: { $moves }
blind_last = Jugada { $n }: { $side } jugó { $move }.
blind_unknown = «{ $text }» no es una jugada legal ni una orden. Escribe ayuda para ver las órdenes.
api_gif_too_long = esta partida tiene { $plies } jugadas; su GIF muestra como mucho { $max }
gif_link = La partida entera en GIF
