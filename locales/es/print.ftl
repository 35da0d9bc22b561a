# The print-and-play kits (crates/print): titles, notes, the cards of
# Super Dimensiones and the one-page rules. Every id in both languages.

print-cut-out = Piezas para recortar (por los círculos discontinuos)
print-rules-heading = Reglas en una página
print-size-cells = Casillas { $mm } mm: imprime al 100 % (tamaño real)
print-size-points = Puntos a { $mm } mm: imprime al 100 % (tamaño real)
print-size-rows = Filas de { $mm } mm: imprime al 100 % (tamaño real)
print-size-squares = Escaques de { $mm } mm: imprime al 100 % (tamaño real)
print-goal = meta
print-imago-note = Disposición: { $layout }. Las líneas gruesas son muros; los círculos discontinuos, las casillas de salida.
print-jarmo-note = Variante { $variant }: los puntos rellenos son las primeras filas. Allí empiezan los arqueros.
print-jarmo-marks = Discos amarillos: marcas para los arqueros que han capturado.
print-linja-note = Rojo sube (fila 0 a 7), Negro baja. Círculos discontinuos: la salida. Los números a la derecha: puntos por pieza al final.
print-pieces = Piezas
print-army-red = Rojo
print-army-blue = Azul
print-army-aqua = Aguamarina
print-army-orange = Naranja
print-cards-fronts = Super Dimensiones: las diez cartas (anverso)
print-cards-backs = Reverso: imprime al dorso de la página anterior (volteo por el lado largo)
print-card-in-kit = en el reglamento de este kit
print-dimensiones-note = Reglamento { $variant }. Los cuadros de color fuera del tablero son las celdas de señalización; la ficha de señalización negra empieza en la de Rojo. Círculos discontinuos: la salida.
print-dimensiones-pieces = Fichas y ficha de señalización
print-dimensiones-pieces-note = Seis peones por ejército, tres reinas (♛) por ejército para los peones coronados y la ficha de señalización negra.
print-dimensiones-kit-rules = Reglamento de este kit: { $variant }.
print-card-dimension = Dimensión
print-card-dimension-multidimensional = Multidimensional
print-card-dimension-multidimensional-line = Las fichas nunca interactúan entre sí.
print-card-dimension-interdimensional = Interdimensional
print-card-dimension-interdimensional-line = Una ficha puede saltar sobre su aliada.
print-card-strategy = Estrategia
print-card-strategy-distract = Distraer
print-card-strategy-distract-line = Gana quien queda con menos fichas o valor.
print-card-strategy-conquer = Conquistar
print-card-strategy-conquer-line = Gana quien tiene más fichas o valor.
print-card-tactics = Táctica
print-card-tactics-armour = Con armadura
print-card-tactics-armour-line = Capturar no es obligatorio.
print-card-tactics-no-armour = Sin armadura
print-card-tactics-no-armour-line = Capturar es obligatorio.
print-card-formation = Formación
print-card-formation-western = Occidental
print-card-formation-western-line = En diagonal, escaques alternos.
print-card-formation-eastern = Oriental
print-card-formation-eastern-line = Ortogonal, bloques de 2x3.
print-card-power = Poder
print-card-power-real = Real
print-card-power-real-line = La reina recorre la fila.
print-card-power-symbolic = Simbólico
print-card-power-symbolic-line = La reina avanza un escaque.
print-face-red = cara roja
print-face-blue = cara azul
print-rules-imago =
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
    Ganas cuando tu paso llega a una de tus metas. Jacke: en vez de mover, puedes reclamar una victoria que puedas forzar; en tablero el resolvedor comprueba la reclamación. Los jugadores pueden acordar tablas.
print-rules-jarmo =
    # Objetivo
    Cruza el tablero con tus arqueros y suma más puntos que el otro jugador.
    # Preparación
    25 puntos unidos por 39 líneas (muchas saltan como el caballo del ajedrez). Cada jugador tiene cinco arqueros en su primera fila: Oscuro en la fila 1, Claro en la fila 5 (la variante 'invertida' los cambia). Empieza Oscuro.
    # Un turno
    Mueve un arquero por una línea hasta el punto del otro extremo, hacia delante o hacia atrás: a un punto vacío, o a un arquero rival, que queda capturado (se retira; su dueño lo ha perdido). El arquero que captura queda marcado (ponle una ficha de marca). Capturar nunca es obligatorio.
    # Casos especiales
    Un arquero en la primera fila rival ya no se mueve, pero aún puede ser capturado. No puedes llevar un arquero A-B, B-A, A-B, B-A en cuatro jugadas tuyas seguidas. Sin jugada legal, pasas. Cuando un arquero marcado llega a la primera fila rival, su dueño podrá devolver después un arquero perdido a un punto vacío de su primera fila, sin marca (uno por jugada).
    # Final y puntos
    La partida termina cuando un jugador tiene todos sus arqueros en el tablero sobre la primera fila rival: ese jugador suma 2 puntos por arquero; el otro 2 por arquero en la primera fila rival y 1 por cada otro arquero. Gana quien más puntos tiene; a igualdad, tablas. Tras 200 jugadas sin captura la partida termina y ambos suman de la segunda forma.
print-rules-linja =
    # Objetivo
    Haz que tus doce piezas crucen las del rival y suma más puntos.
    # Preparación
    Siete palos forman ocho filas, de la 0 a la 7. Rojo empieza con 6 piezas en la fila 0 y una en cada fila de la 1 a la 6; Negro con 6 en la fila 7 y una en cada fila de la 1 a la 6. Rojo sube y Negro baja; las piezas nunca retroceden. Las filas 1 a 6 admiten como mucho 6 piezas (de ambos colores). Empieza Rojo.
    # Un turno
    1. Primer movimiento: avanza una de tus piezas una fila, pero no a una fila llena.
    2. Movimiento siguiente: cuenta las piezas que había en esa fila antes de llegar la tuya; avanza una de tus piezas (también la misma) exactamente esas filas. Puede pasar sobre filas llenas pero no quedarse en una, y se detiene en tu línea de meta. Es obligatorio si es posible.
    # Casos especiales
    Un primer movimiento a tu línea de meta da un movimiento siguiente de 1. Un primer movimiento a una fila vacía no da movimiento siguiente. Reglas del editor: un movimiento siguiente que acaba en una fila vacía da un turno entero más (una vez por turno); las reglas de la semilla no lo tienen. Sin primer movimiento legal, pasas.
    # Final y puntos
    La partida termina en cuanto cada pieza roja está en una fila más alta que cada pieza negra (o tras dos pases seguidos). Rojo suma 5, 3, 2, 1 por pieza en las filas 7, 6, 5, 4; Negro lo mismo en las filas 0, 1, 2, 3. Gana quien más puntos tiene; a igualdad, tablas.
print-rules-dimensiones =
    # Objetivo
    Dos partidas de damas a la vez en un tablero de 6x6: Sur juega Rojo y Aguamarina, Norte juega Azul y Naranja. Rojo se enfrenta a Azul y Aguamarina a Naranja; cada pareja es su propia partida.
    # Preparación
    Elige una carta de cada número, roja o azul: las cinco cartas son el reglamento (código como M-C-N-W-R). Formación W: cada ejército en su color de escaque en sus dos filas; formación E: bloques de 2x3 (Rojo a1-c2, Aguamarina d1-f2, Azul a5-c6, Naranja d5-f6). La ficha de señalización negra empieza en la celda de Rojo.
    # Un turno
    Mueve el ejército cuya celda tiene la ficha de señalización; después la ficha pasa a la celda siguiente (Rojo, Azul, Aguamarina, Naranja). Los peones avanzan un escaque (W: en diagonal; E: adelante o de lado) y capturan saltando una ficha del ejército al que se enfrentan; las capturas se encadenan. Un peón que llega a la última fila corona en reina (ponle una ficha de reina).
    # Las cartas
    1 Dimensión: M, los ejércitos de un jugador nunca se ayudan; I, una ficha puede saltar sobre su aliada. 2 Estrategia: C conquistar, gana el mayor valor; D distraer, gana el menor valor. 3 Táctica: A con armadura, capturar es opcional; N sin armadura, capturar es obligatorio. 4 Formación: W occidental, en diagonal; E oriental, ortogonal. 5 Poder: R real, la reina recorre la fila; S simbólico, la reina avanza un escaque.
    # Final
    Una partida termina cuando un ejército no tiene fichas o movimientos; la otra sigue. Cada partida se gana, se pierde o queda en tablas por valor (peón 1, reina 2). Un jugador puede ganar ambas, perder ambas o repartirlas.
print-rules-draughts =
    # Objetivo
    Captura o bloquea todas las piezas del otro jugador.
    # Preparación
    Un tablero de 8x8 con un escaque oscuro en a1; doce peones por bando en los escaques oscuros de las tres primeras filas. Empiezan las { $first }.
    # Un turno
    Un peón avanza un escaque en diagonal y captura saltando una pieza rival hasta el escaque vacío de detrás; las capturas se encadenan y son obligatorias. Un peón que llega a la última fila corona en dama (ponle una ficha de dama). La variante (rusas, turcas, inglesas) fija cómo mueven y capturan las damas.
    # Final
    Pierde el jugador sin piezas o sin movimientos.
