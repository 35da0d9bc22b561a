# Los cursos (el «Learn» de lichess): tablero_ai::course. Los textos de
# una etapa son learn-ETAPA-title y learn-ETAPA-intro; la frase de un
# objetivo es learn-goal-CLASE con sus números.

learn-title = Aprende { $game }
learn-par = { $par ->
    [one] Tres estrellas si lo haces en 1 jugada.
   *[other] Tres estrellas si lo haces en { $par } jugadas.
}
learn-stars = { $stars ->
    [one] 1 estrella
   *[other] { $stars } estrellas
}

learn-goal-reach = Lleva una de tus piezas a { $square }.
learn-goal-row = Lleva una de tus piezas a la fila { $row }.
learn-goal-push = Empuja una pieza del rival a { $square }.
learn-goal-capture = { $pieces ->
    [one] Captura una pieza enemiga.
   *[other] Captura { $pieces } piezas enemigas.
}
learn-goal-arrive = { $archers ->
    [one] Lleva un arquero a la primera fila enemiga.
   *[other] Ten { $archers } arqueros en la primera fila enemiga.
}
learn-goal-return = Recupera un arquero perdido.
learn-goal-crown = Corona una dama.
learn-goal-extra-turn = Gana un turno extra.
learn-goal-win = Gana.
learn-goal-hold = { $moves ->
    [one] Mantén las tablas: haz una jugada que no pierda.
   *[other] Mantén las tablas durante { $moves } jugadas: ninguna jugada que pierda.
}
learn-goal-claim = Reclama la victoria (Jacke) en cuanto sea segura.
learn-goal-margin = { $points ->
    [one] Gana la partida por al menos 1 punto.
   *[other] Gana la partida por al menos { $points } puntos.
}

learn-error-unknown = no existe ese ejercicio
learn-error-broken = el ejercicio no se puede leer: { $error }
learn-error-illegal = la jugada { $index } ({ $mv }) no es una jugada legal tuya aquí
learn-error-too-many = el ejercicio ha terminado: no hay más jugadas
learn-error-claim = la reclamación se rechaza: la posición no es una victoria segura

## Imago

learn-imago-step-title = Pasos
learn-imago-step-intro = En tu turno avanzas una de tus dos piezas una casilla arriba, abajo, a la izquierda o a la derecha, a una casilla vacía, nunca a través de un muro. Las piezas rojas van hacia la derecha, hacia las metas rojas h1 y h6; las azules, hacia la izquierda. Tu rival también mueve, y cada paso suyo empuja una de tus piezas: planea tu camino mientras el tablero cambia.
learn-imago-push-title = El empujón
learn-imago-push-intro = Tras tu paso eliges una pieza del rival: se mueve una casilla en sentido contrario a tu paso. Si vas a la derecha, ella va a la izquierda; si subes, ella baja. Un empujón contra un muro, fuera del tablero, a una casilla ocupada o a una meta deja la pieza donde está. Cada jugada tuya te ayuda y estorba al rival.
learn-imago-goal-title = A tu meta
learn-imago-goal-intro = Ganas en cuanto una de tus piezas entra en una de tus casillas de meta. Una pieza junto a su meta gana al momento: busca ese paso antes que nada, para los dos bandos.
learn-imago-push-to-goal-title = Empujar hacia la meta
learn-imago-push-to-goal-intro = A una meta solo se llega desde la casilla de al lado, y el rival te apartará del camino si puede. Usa tu empujón para mover la pieza que guarda o cierra el paso, de modo que tu siguiente paso llegue a la meta haga lo que haga. Aquí hay exactamente una jugada que gana; cualquier otra deja escapar la victoria.
learn-imago-win-in-3-title = Ganar en tres
learn-imago-win-in-3-intro = Las victorias largas se hacen con empujones: cada paso debe además dejar las piezas del rival donde no puedan parar el siguiente. El ordenador defiende lo mejor que puede. Cada posición tiene exactamente una primera jugada ganadora.
learn-imago-hold-title = Aguantar las tablas
learn-imago-hold-intro = No toda posición se puede ganar. Cuando el rival amenaza con llegar a una meta, puede que una sola jugada te salve y cualquier otra pierda. Encuéntrala, y sigue encontrándola: tres jugadas sin ninguna que pierda.
learn-imago-jacke-title = Jacke
learn-imago-jacke-intro = Cuando la victoria es segura haga lo que haga el rival, puedes reclamarla en lugar de mover: Jacke. tablero comprueba la reclamación con su solucionador; una reclamación en una posición que no es victoria segura se rechaza. Estas posiciones son victorias seguras: reclama al momento.
learn-imago-walls-title = Muros
learn-imago-walls-intro = Un tablero puede añadir muros. Nada cruza un muro: ni un paso ni un empujón. Una pieza empujada contra un muro se queda donde está, así que los muros crean defensas nuevas y nuevas formas de ganar. Este tablero tiene cuatro muros a la izquierda.

## Jarmo

learn-jarmo-lines-title = Por las líneas
learn-jarmo-lines-intro = Un arquero se mueve por una línea hasta el punto de su otro extremo, hacia delante o hacia atrás. Las líneas no siguen la cuadrícula: muchas saltan como el caballo del ajedrez. Mira las líneas dibujadas en el tablero antes de cada jugada.
learn-jarmo-capture-title = Capturar
learn-jarmo-capture-intro = Muévete sobre un arquero enemigo por una línea para capturarlo: sale del tablero y tu arquero queda marcado. Capturar nunca es obligatorio. A veces necesitas una jugada para ponerte antes en la línea correcta.
learn-jarmo-arrive-title = Llegar
learn-jarmo-arrive-intro = Tus arqueros marchan hacia la primera fila enemiga. Un arquero que llega allí ya no se mueve más, y al final cuenta dos puntos. Puedes llegar capturando.
learn-jarmo-return-title = Recuperar arqueros
learn-jarmo-return-intro = Un arquero marcado (uno que ha capturado) que llega a la primera fila enemiga recupera uno de tus arqueros perdidos: lo pones en un punto vacío de tu propia primera fila, en la misma jugada. Captura, luego llega, y tu ejército vuelve a crecer.
learn-jarmo-finish-title = Terminar primero
learn-jarmo-finish-intro = La partida acaba en cuanto un jugador tiene todos sus arqueros del tablero en la primera fila enemiga. Ese jugador cuenta dos puntos por cada uno; el otro, dos por cada arquero llegado y uno por cada uno de los demás. Termina primero, con tantos arqueros como puedas.
learn-jarmo-race-title = La carrera
learn-jarmo-race-intro = Cuando los dos ejércitos corren hacia el final, cuenta las jugadas que necesita cada bando. El enemigo aún puede capturar un arquero llegado volviendo a su propia primera fila: toma el camino que no pueda cortar.

## Linja

learn-linja-first-title = El primer movimiento
learn-linja-first-intro = Un turno empieza con un primer movimiento: una de tus piezas avanza una fila, pero no a una fila llena (seis piezas). Las rojas suben, las negras bajan. Si la fila a la que llega estaba vacía, ese es todo el turno.
learn-linja-count-title = Cuenta las piezas
learn-linja-count-intro = La fila a la que llega tu primer movimiento decide el siguiente: cuenta las piezas que había en esa fila antes de que llegara la tuya. Después avanza una de tus piezas exactamente esas filas. Puede saltar filas llenas pero no caer en una.
learn-linja-extra-title = Un turno extra
learn-linja-extra-intro = Cuando tu segundo movimiento cae en una fila vacía del campo, juegas un turno entero más, una vez por turno (la regla del editor). Planea un segundo movimiento que caiga en una fila vacía.
learn-linja-end-title = Terminar la partida
learn-linja-end-intro = La partida acaba en cuanto los dos bandos se han cruzado: cada pieza roja por encima de cada pieza negra. Entonces las filas puntúan para cada bando: 5, 3, 2 y 1 puntos por pieza en las filas lejanas. Terminar la partida en el momento justo la gana.
learn-linja-margin-title = Cada punto cuenta
learn-linja-margin-intro = Ganar es tener más puntos que el otro bando, y la diferencia muestra lo bien que jugaste. Encuentra la jugada que gana por más.
learn-linja-tempo-title = El tiempo
learn-linja-tempo-intro = Cerca del final, quién mueve y cuándo decide los puntos: una jugada demasiado pronto deja al otro bando recoger las filas lejanas. Aquí hay exactamente una manera de conservar la victoria.

## Súper Dimensiones

learn-dimensiones-move-title = Peones
learn-dimensiones-move-intro = Súper Dimensiones son dos partidas de damas a la vez. Aquí una batalla ya ha terminado, así que solo juegan Rojo y Azul: un peón avanza una casilla en diagonal en la formación occidental.
learn-dimensiones-capture-title = Capturar
learn-dimensiones-capture-intro = Un peón captura saltando sobre una pieza enemiga hasta la casilla vacía de detrás. Si puede saltar otra vez, sigue: una captura múltiple. Con la carta N (sin armadura) capturar es obligatorio.
learn-dimensiones-crown-title = Coronar una dama
learn-dimensiones-crown-intro = Un peón que llega a la fila del fondo se corona dama.
learn-dimensiones-queen-title = Las damas y la carta de Poder
learn-dimensiones-queen-intro = Con la carta R (real) una dama recorre toda una diagonal y captura de lejos; con la carta S (simbólico) avanza de una en una. La primera posición se juega con R, la segunda con S.
learn-dimensiones-distract-title = Distraer
learn-dimensiones-distract-intro = Con la carta de Estrategia D (distraer) gana la batalla el ejército que se queda sin piezas, o que no puede mover. Entrega tus piezas: con la carta N el rival está obligado a comerlas.
learn-dimensiones-eastern-title = La formación oriental
learn-dimensiones-eastern-intro = Con la carta E (oriental) los ejércitos forman en bloques y un peón avanza recto o de lado, y captura igual.
learn-dimensiones-allies-title = Aliados
learn-dimensiones-allies-intro = Con la carta I (interdimensional) tus dos ejércitos son aliados: una pieza puede saltar sobre una pieza vecina de tu otro ejército hasta la casilla vacía de detrás. No es una captura, y puede llevar un peón lejos en una jugada.
learn-dimensiones-battle-title = Ganar la batalla
learn-dimensiones-battle-intro = Una batalla se gana cuando el ejército enemigo se queda sin piezas o no puede mover. Una dama contra un peón solo gana si le corta el camino: atrápalo y cómelo.
