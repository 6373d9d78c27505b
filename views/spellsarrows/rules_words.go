package spellsarrows

import (
	"context"

	"github.com/grimoire-games/grimoire/lang"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// The rules page's words in the languages other than English. The page's
// prose is one templ component per language (rules_es.templ ...); what the
// page draws from data is translated here: the rulings by their id, the
// cards' effects and patterns, a few labels. The spell cards' names stay as
// they are, like the games' names. The terms follow the glossary in
// docs/languages.md.

// rulingWords is one ruling's visible words in a language.
type rulingWords struct{ Title, Text string }

// rulingsIn is every ruling in l by its id (sa.Ruling.ID), nil for
// English. TestRulesPageSpeaksEachLanguage fails on a ruling missing from
// a language's map. The words are made by functions, not held in
// package variables, so that a binary without the rules page (the offline
// module) links none of them.
func rulingsIn(l lang.Lang) map[string]rulingWords {
	switch l {
	case lang.Spanish:
		return rulingsES()
	case lang.French:
		return rulingsFR()
	case lang.German:
		return rulingsDE()
	case lang.Portuguese:
		return rulingsPT()
	}
	return nil
}

// rulingIn is ruling ru's title and text in words (rulingsIn), or in
// English where words have no translation of it.
func rulingIn(words map[string]rulingWords, ru sa.Ruling) (title, text string) {
	if w, ok := words[ru.ID]; ok {
		return w.Title, w.Text
	}
	return ru.Title, ru.Text
}

// rulesTitle is the page's title in l; en (the English title) for English
// and any language without one.
func rulesTitle(l lang.Lang, en string) string {
	switch l {
	case lang.Spanish:
		return "Reglas de Spells & Arrows"
	case lang.French:
		return "Règles de Spells & Arrows"
	case lang.German:
		return "Regeln von Spells & Arrows"
	case lang.Portuguese:
		return "Regras de Spells & Arrows"
	}
	return en
}

// rulesWordKey is one short label the translated pages draw by data.
type rulesWordKey int

const (
	wordGrace     rulesWordKey = iota // "grace" on a card
	wordHouseRule                     // the tag of a ruling a game may switch
	wordPattern                       // "Pattern: "
	wordThen                          // ", then " between a pattern's spots
	wordPerGrace                      // ", +%d per unused grace"
)

// rulesWords is the labels in l, in the order of the keys above; English
// for a language without them.
func rulesWords(l lang.Lang) []string {
	switch l {
	case lang.Spanish:
		return []string{"gracia", "regla de la casa", "Patrón: ", ", luego ", ", +%d por cada gracia sin usar"}
	case lang.French:
		return []string{"grâce", "règle maison", "Motif\u00a0: ", ", puis ", ", +%d par grâce inutilisée"}
	case lang.German:
		return []string{"Gnade", "Hausregel", "Muster: ", ", dann ", ", +%d je ungenutzter Gnade"}
	case lang.Portuguese:
		return []string{"graça", "regra da casa", "Padrão: ", ", depois ", ", +%d por graça não usada"}
	}
	return []string{"grace", "house rule", "Pattern: ", ", then ", ", +%d per unused grace"}
}

func rulesWord(l lang.Lang, k rulesWordKey) string { return rulesWords(l)[k] }

// mapName is a place's or a spot's name from the map data in the language
// of ctx: the default map's names by names(l), made pseudo in the tests'
// pseudo-language like every word the catalogs hold, a players' map's as
// it names them.
func mapName(ctx context.Context, names func(lang.Lang) map[string]string, name string) string {
	l := lang.From(ctx)
	if n, ok := names(l)[name]; ok {
		return n
	}
	if l == lang.Pseudo {
		if _, ok := names(lang.German)[name]; ok {
			return lang.Pseudolocalize(name)
		}
	}
	return name
}

// placesIn names the default map's locations by their English names, in
// l; a location named otherwise (a map file of the players') keeps its
// name. The screen and the rules page say the same names.
func placesIn(l lang.Lang) map[string]string {
	return map[lang.Lang]map[string]string{
		lang.Spanish: {
			"Start": "Salida", "Armoury": "Armería", "Pharmacy": "Farmacia",
			"West wing": "Ala oeste", "East wing": "Ala este", "West arc end": "Final del arco oeste", "East arc end": "Final del arco este",
			"West elbow": "Codo oeste", "East elbow": "Codo este", "West block": "Bloque oeste", "East block": "Bloque este",
			"West gate": "Puerta oeste", "East gate": "Puerta este",
			"Portal to E4": "Portal a E4", "Portal to W4": "Portal a W4", "Portal to E5": "Portal a E5", "Portal to W5": "Portal a W5",
		},
		lang.French: {
			"Start": "Départ", "Armoury": "Armurerie", "Pharmacy": "Pharmacie",
			"West wing": "Aile ouest", "East wing": "Aile est", "West arc end": "Bout de l'arc ouest", "East arc end": "Bout de l'arc est",
			"West elbow": "Coude ouest", "East elbow": "Coude est", "West block": "Poste bas ouest", "East block": "Poste bas est",
			"West gate": "Porte ouest", "East gate": "Porte est",
			"Portal to E4": "Portail vers E4", "Portal to W4": "Portail vers W4", "Portal to E5": "Portail vers E5", "Portal to W5": "Portail vers W5",
		},
		lang.German: {
			"Start": "Start", "Armoury": "Waffenkammer", "Pharmacy": "Apotheke",
			"West wing": "Westflügel", "East wing": "Ostflügel", "West arc end": "Westliches Bogenende", "East arc end": "Östliches Bogenende",
			"West elbow": "Westlicher Ellbogen", "East elbow": "Östlicher Ellbogen", "West block": "Westblock", "East block": "Ostblock",
			"West gate": "Westtor", "East gate": "Osttor",
			"Portal to E4": "Portal nach E4", "Portal to W4": "Portal nach W4", "Portal to E5": "Portal nach E5", "Portal to W5": "Portal nach W5",
		},
		lang.Portuguese: {
			"Start": "Largada", "Armoury": "Arsenal", "Pharmacy": "Farmácia",
			"West wing": "Ala oeste", "East wing": "Ala leste", "West arc end": "Fim do arco oeste", "East arc end": "Fim do arco leste",
			"West elbow": "Cotovelo oeste", "East elbow": "Cotovelo leste", "West block": "Bloco oeste", "East block": "Bloco leste",
			"West gate": "Portão oeste", "East gate": "Portão leste",
			"Portal to E4": "Portal para E4", "Portal to W4": "Portal para W4", "Portal to E5": "Portal para E5", "Portal to W5": "Portal para W5",
		},
	}[l]
}

// spotsIn names the default map's shooting spots by their English names; a
// spot named otherwise (in a map file of the players') keeps its name.
func spotsIn(l lang.Lang) map[string]string {
	return map[lang.Lang]map[string]string{
		lang.Spanish: {
			"Left corner": "Esquina izquierda", "Right corner": "Esquina derecha", "Left wing": "Ala izquierda", "Right wing": "Ala derecha", "Top of the arc": "Cima del arco",
			"Left elbow": "Codo izquierdo", "Right elbow": "Codo derecho", "Free-throw line": "Línea de tiros libres", "Left block": "Bloque izquierdo", "Right block": "Bloque derecho",
		},
		lang.French: {
			"Left corner": "Coin gauche", "Right corner": "Coin droit", "Left wing": "Aile gauche", "Right wing": "Aile droite", "Top of the arc": "Haut de l'arc",
			"Left elbow": "Coude gauche", "Right elbow": "Coude droit", "Free-throw line": "Ligne des lancers francs", "Left block": "Poste bas gauche", "Right block": "Poste bas droit",
		},
		lang.German: {
			"Left corner": "Linke Ecke", "Right corner": "Rechte Ecke", "Left wing": "Linker Flügel", "Right wing": "Rechter Flügel", "Top of the arc": "Scheitel der Dreierlinie",
			"Left elbow": "Linker Ellbogen", "Right elbow": "Rechter Ellbogen", "Free-throw line": "Freiwurflinie", "Left block": "Linker Block", "Right block": "Rechter Block",
		},
		lang.Portuguese: {
			"Left corner": "Canto esquerdo", "Right corner": "Canto direito", "Left wing": "Ala esquerda", "Right wing": "Ala direita", "Top of the arc": "Topo do arco",
			"Left elbow": "Cotovelo esquerdo", "Right elbow": "Cotovelo direito", "Free-throw line": "Linha de lance livre", "Left block": "Bloco esquerdo", "Right block": "Bloco direito",
		},
	}[l]
}

func rulingsES() map[string]rulingWords {
	return map[string]rulingWords{
		"map": {"El mapa de la cancha",
			"Los lugares, los tramos de camino y los puestos de tiro salen de los datos del mapa. El mapa por defecto es nuestra reconstrucción del tablero: la salida B, la armería A, la farmacia P, ocho pueblos, dos puertas y cuatro portales (G1 a G4)."},
		"toll": {"Peajes de salida",
			"Para irse, el espía debe encestar tantas canastas como conos haya en su lugar: una, más una por cada cono de elfo. B, A y P nunca pueden estar vigilados, así que su peaje es siempre uno. Un portal no pide nada."},
		"portal": {"Portales",
			"En un portal el espía no tira nada y solo puede cruzarlo hacia su destino. El enlace del portal no es un tramo de camino: ningún gigante puede bloquearlo."},
		"shot-clock": {"Reloj de tiro y fallos",
			"Cada intento del espía, sea una canasta de peaje o un tiro libre contra un gigante, baja el reloj de tiro desde 6. Un intento hecho con el reloj ya en 0 suma un contador de fallo si falla; el tercer contador de fallo termina la mitad del espía. Así, los seis primeros intentos de una mitad nunca suman un contador de fallo."},
		"paid": {"Canastas pagadas",
			"Las canastas de peaje encestadas cuentan para el peaje del lugar donde se encestaron. Al moverse, la cuenta empieza de nuevo en el lugar nuevo; el final de una mitad las olvida todas."},
		"toll-met": {"Una vez cubierto el peaje",
			"En cuanto las canastas encestadas alcanzan el peaje, el espía debe elegir adónde ir; ya no se tira ninguna canasta más allí, así que ninguna canasta pasa nunca al lugar siguiente. Los conos de elfo solo se colocan en la mitad del mago, de modo que un peaje nunca crece mientras el espía lo está pagando."},
		"giant-fight": {"Luchar contra un gigante",
			"Elegir un tramo con un gigante encima enfrenta al espía con ese gigante. Cada tiro libre encestado le quita un cono para siempre; cuando cae el último cono, el gigante desaparece y el espía llega al otro extremo. Hasta entonces el espía cuenta como si siguiera en el lugar del que vino (desde allí se le tiran las flechas de elfo)."},
		"exit-effects": {"Cuándo cuenta la salida",
			"El espía deja un lugar solo cuando llega al siguiente. La curación de la farmacia, la armadura de la armería y los contadores de viaje se reciben en ese momento: tras un movimiento libre, o tras destruir al gigante que bloqueaba. Un espía devuelto a su lugar al final de una mitad no gana nada, y la mitad siguiente debe volver a pagar el peaje de ese lugar."},
		"travel": {"Contadores de viaje",
			"Cada vez que el espía sale de un pueblo gana un contador de viaje que vale 3 si el pueblo está sobre el arco de 3 puntos y 2 si está dentro. Salir dos veces del mismo pueblo da dos contadores."},
		"escape": {"Huida",
			"En una puerta, la huida ocurre en el momento en que se paga el peaje: el espía anota la suma de sus contadores de viaje, su mitad termina (aunque le queden tiros) y empezará su próxima mitad en B con 4 de vida, sin armadura y sin contadores de viaje."},
		"victory": {"Victoria",
			"El espía gana en cuanto sus puntos alcanzan el Número de Victoria. El mago gana capturando al espía, o cuando la mitad del espía del último turno termina sin llegar al Número de Victoria; la mitad del mago del último turno no se juega."},
		"half-end": {"Fin de una mitad del espía",
			"Cuando termina una mitad del espía, el reloj de tiro vuelve a 6, se borran los contadores de fallo y las canastas pagadas, y un espía que luchaba contra un gigante vuelve a su lugar. La vida, la armadura y los contadores de viaje se mantienen."},
		"response-window": {"Cuándo puede responder el mago",
			"Tras un fallo del espía que no termina la mitad, el mago tiene una ventana de respuesta, pero solo si hay alguna respuesta posible: flechas y un cono de elfo donde está el espía, o saltos y un gigante que pueda saltar a un tramo libre. Un fallo que termina la mitad no abre ninguna ventana."},
		"response-order": {"Andanada y serie de saltos",
			"En una misma ventana el mago puede tirar una andanada de flechas y una serie de saltos de gigante, en cualquier orden. Empezar la otra termina la que está en curso. El mago puede parar cuando quiera pasando; el siguiente tiro del espía también cierra la ventana, y se cierra sola cuando ya no queda ninguna respuesta."},
		"arrows": {"Flechas de elfo",
			"Cada tiro de flecha gasta una flecha, se enceste o se falle; un fallo o la última flecha terminan la andanada. Una flecha encestada quita 3 si el lugar del espía está sobre el arco y 2 si está dentro, menos 1 por cada contador de armadura, nunca por debajo de 0. Una vida de 0 o menos es una captura."},
		"leaps": {"Saltos de gigante",
			"Cada tiro libre de salto gasta un salto, se enceste o se falle. Una canasta mueve un gigante, con todos sus conos, a cualquier tramo libre. El gigante contra el que lucha el espía no puede saltar. Un fallo o el último salto terminan la serie."},
		"caps": {"Límites",
			"La vida llega como mucho a 6, la armadura a 2, y las flechas y los saltos a 5 cada uno; lo que se gane por encima de un límite se pierde."},
		"spell-clock": {"Reloj de hechizo",
			"El reloj de hechizo empieza cada mitad del mago en 5 y baja cuando empieza un lanzamiento. La mitad termina una vez acabado del todo el intento en curso (conos de elfo y gigantes colocados, elección del banquillo hecha) si el reloj está en 0 o si han fallado dos hechizos. Un hechizo de reloj suma al reloj antes de esa comprobación, así que puede mantener viva una mitad; el reloj no tiene límite superior."},
		"end-half": {"Terminar antes la mitad del mago",
			"El mago puede terminar la mitad entre dos lanzamientos. Durante un lanzamiento, primero debe acabarlo o abandonarlo."},
		"casting": {"Lanzar siguiendo un patrón",
			"Un lanzamiento recorre el patrón de la carta desde su primer puesto; cada puesto pide una canasta. Cada fallo gasta un contador de gracia; un fallo sin gracia restante hace fallar el hechizo y suma un contador de hechizo fallido. Abandonar un lanzamiento también suma un contador de hechizo fallido, y el intento cuenta igualmente en el reloj de hechizo."},
		"potency": {"Potencia",
			"El efecto de un hechizo logrado es su base más su bonificación por gracia por cada contador de gracia que haya quedado sin usar."},
		"court-spells": {"Nunca dos hechizos de la cancha seguidos",
			"Dentro de una mitad, dos intentos de hechizos de la cancha (logrados, fallidos o abandonados) no pueden ir uno detrás de otro: entre ellos tiene que haber un intento de Librarian's Bench. Cada nueva mitad del mago empieza de cero."},
		"same-spell-only": {"Regla de la casa: solo se prohíbe repetir el mismo hechizo",
			"Con este interruptor activado, hechizos de la cancha distintos pueden ir seguidos; solo se prohíbe el mismo hechizo de la cancha dos veces seguidas."},
		"elf-cones": {"Colocar conos de elfo",
			"Un hechizo de elfo coloca sus conos de uno en uno, cada uno en un pueblo o una puerta a elección del mago. Un pueblo o una puerta sobre el arco admite como mucho un cono de elfo, un pueblo interior como mucho dos. B, A, P y los portales nunca están vigilados. Los conos que no caben en ningún sitio se pierden."},
		"giants": {"Colocar gigantes",
			"Un hechizo de gigante pone un gigante con todos sus conos en un tramo de camino libre a elección del mago; un gigante por tramo. Si no hay ningún tramo libre, el gigante se pierde. W4-E4 es un solo tramo."},
		"bench-bonus": {"Librarian's Bench y los hechizos extra",
			"Cuando Librarian's Bench se logra sin un solo fallo, el hechizo extra de número más bajo entra primero en el banquillo; después el mago elige qué hechizo del banquillo pasa a la cancha, y puede elegir en el acto ese nuevo hechizo extra."},
		"bench-cut": {"Descartar un hechizo de la cancha",
			"Solo hace falta descartar cuando la cancha ya tiene 5 hechizos. El mago descarta uno de los hechizos que ya estaban en la cancha; pasa al banquillo y puede volver más tarde con Librarian's Bench."},
		"card-order": {"Orden de las cartas",
			"Los hechizos de la cancha, del banquillo y extra se listan siempre por número de carta. Librarian's Bench nunca es un hechizo de la cancha y siempre se puede lanzar."},
		"position": {"Empezar desde una posición",
			"Una partida puede empezar desde un momento anotado en lugar del inicio: la mesa de pruebas del árbitro, o una disputa en una cancha real. La app acepta una posición solo si una partida real pudo llegar a ella, y si no, da todos los motivos. Donde la hoja de reglas calla, decidimos así: una posición es una partida que aún se está jugando; la cancha siempre tiene 5 hechizos; un gigante tiene como mucho tantos conos como levanta el mayor hechizo de gigante del mazo; el reloj de hechizo no tiene límite superior; los puntos del espía nunca son 1, porque las huidas suman contadores de 2 y de 3; sin ningún cono de elfo en el mapa ninguna flecha puede haber alcanzado al espía (los conos de elfo nunca se retiran), así que su vida es 4, o 6 tras la farmacia."},
		"custom-deck": {"Un mazo de hechizos propio",
			"Un archivo de mazo debe numerar sus cartas 1, 2, 3 ... en orden, al menos 9: las 1-5 empiezan en la cancha, las 6-8 en el banquillo, la 9 es Librarian's Bench (y solo ella tiene el efecto de banquillo), de la 10 en adelante son hechizos extra. Cada puesto de un patrón debe existir en el mapa. Si Librarian's Bench se logra con el banquillo vacío, solo ocurre su parte extra."},
	}
}

func rulingsFR() map[string]rulingWords {
	return map[string]rulingWords{
		"map": {"Le plan du terrain",
			"Les lieux, les tronçons de route et les positions de tir viennent des données du plan. Le plan par défaut est notre reconstitution du plateau : le départ B, l'armurerie A, la pharmacie P, huit villes, deux portes et quatre portails (G1 à G4)."},
		"toll": {"Péages de sortie",
			"Pour partir, l'espion doit marquer autant de paniers qu'il y a de cônes sur son lieu : un, plus un par cône d'elfe. B, A et P ne peuvent jamais être gardés, leur péage est donc toujours d'un panier. Un portail ne demande rien."},
		"portal": {"Portails",
			"Sur un portail, l'espion ne tire pas et ne peut que le franchir vers sa destination. Le lien d'un portail n'est pas un tronçon de route : aucun géant ne peut le bloquer."},
		"shot-clock": {"Chrono de tir et ratés",
			"Chaque tentative de l'espion, panier de péage ou lancer franc contre un géant, fait descendre le chrono de tir depuis 6. Une tentative faite alors que le chrono affiche déjà 0 ajoute un marqueur de raté si elle est manquée ; le troisième marqueur de raté termine la phase de l'espion. Les six premières tentatives d'une phase n'ajoutent donc jamais de marqueur de raté."},
		"paid": {"Paniers payés",
			"Les paniers de péage marqués comptent pour le péage du lieu où ils ont été marqués. En repartant, le compte recommence à zéro au nouveau lieu ; la fin d'une phase les efface tous."},
		"toll-met": {"Une fois le péage atteint",
			"Dès que les paniers marqués atteignent le péage, l'espion doit choisir où aller ; il ne tire plus aucun panier à cet endroit, si bien qu'aucun panier n'est jamais reporté sur le lieu suivant. Les cônes d'elfe ne sont posés que pendant la phase du mage : un péage ne grandit donc jamais pendant que l'espion le paie."},
		"giant-fight": {"Combattre un géant",
			"Choisir un tronçon où se tient un géant engage l'espion contre ce géant. Chaque lancer franc réussi lui retire un cône pour de bon ; quand le dernier cône tombe, le géant disparaît et l'espion arrive à l'autre bout. D'ici là, l'espion est considéré comme toujours sur le lieu d'où il vient (c'est de là que partent les flèches d'elfe)."},
		"exit-effects": {"Quand un départ prend effet",
			"L'espion ne quitte un lieu qu'en arrivant au suivant. Les soins de la pharmacie, l'armure de l'armurerie et les marqueurs de voyage sont accordés à ce moment-là : après un déplacement libre, ou après la destruction du géant qui bloquait. Un espion renvoyé sur son lieu à la fin d'une phase ne gagne rien et devra payer de nouveau le péage de ce lieu à la phase suivante."},
		"travel": {"Marqueurs de voyage",
			"Chaque fois que l'espion quitte une ville, il gagne un marqueur de voyage qui vaut 3 si la ville est sur l'arc à 3 points et 2 si elle est à l'intérieur. Quitter deux fois la même ville rapporte deux marqueurs."},
		"escape": {"Évasion",
			"À une porte, l'évasion a lieu dès que le péage est payé : l'espion marque la somme de ses marqueurs de voyage, sa phase se termine (même s'il lui reste des tirs) et il commencera sa phase suivante en B avec 4 de santé, sans armure ni marqueur de voyage."},
		"victory": {"Victoire",
			"L'espion gagne dès que ses points atteignent le Nombre de victoire. Le mage gagne en capturant l'espion, ou quand la phase de l'espion du dernier tour se termine avant le Nombre de victoire ; la phase du mage du dernier tour n'est pas jouée."},
		"half-end": {"Fin d'une phase de l'espion",
			"À la fin d'une phase de l'espion, le chrono de tir revient à 6, les marqueurs de raté et les paniers payés sont effacés, et un espion engagé contre un géant retourne sur son lieu. La santé, l'armure et les marqueurs de voyage restent."},
		"response-window": {"Quand le mage peut répondre",
			"Après un raté de l'espion qui ne termine pas la phase, le mage obtient une fenêtre de réponse, mais seulement si une réponse est possible : des flèches et un cône d'elfe là où se trouve l'espion, ou des bonds et un géant qui peut bondir vers un tronçon libre. Un raté qui termine la phase n'ouvre aucune fenêtre."},
		"response-order": {"Salve et série de bonds",
			"Dans une même fenêtre, le mage peut tirer une salve de flèches et une série de bonds de géant, dans l'ordre qu'il veut. Commencer l'une termine celle en cours. Le mage peut s'arrêter à tout moment en passant ; le tir suivant de l'espion ferme aussi la fenêtre, et elle se ferme d'elle-même quand plus aucune réponse n'est possible."},
		"arrows": {"Flèches d'elfe",
			"Chaque tir de flèche dépense une flèche, réussi ou raté ; un raté ou la dernière flèche termine la salve. Une flèche réussie inflige 3 si le lieu de l'espion est sur l'arc, 2 s'il est à l'intérieur, moins 1 par marqueur d'armure, jamais moins de 0. Une santé de 0 ou moins est une capture."},
		"leaps": {"Bonds de géant",
			"Chaque lancer franc de bond dépense un bond, réussi ou raté. Un panier déplace un géant, avec tous ses cônes, vers n'importe quel tronçon libre. Le géant que l'espion combat ne peut pas bondir. Un raté ou le dernier bond termine la série."},
		"caps": {"Limites",
			"La santé est d'au plus 6, l'armure d'au plus 2, les flèches et les bonds d'au plus 5 chacun ; tout ce qui est gagné au-delà d'une limite est perdu."},
		"spell-clock": {"Chrono de sort",
			"Le chrono de sort commence chaque phase du mage à 5 et descend quand un lancer de sort commence. La phase se termine une fois la tentative en cours entièrement achevée (cônes d'elfe et géants posés, choix du banc fait) si le chrono est à 0 ou si deux sorts ont échoué. Un sort de chrono ajoute au chrono avant cette vérification : il peut donc prolonger une phase ; le chrono n'a pas de limite haute."},
		"end-half": {"Terminer la phase du mage plus tôt",
			"Le mage peut terminer sa phase entre deux lancers de sort. Pendant un lancer, il doit d'abord l'achever ou l'abandonner."},
		"casting": {"Lancer un sort en suivant un motif",
			"Un lancer suit le motif de la carte depuis sa première position ; chaque position demande un panier. Chaque raté dépense un marqueur de grâce ; un raté sans grâce restante fait échouer le sort et ajoute un marqueur de sort raté. Abandonner un lancer ajoute aussi un marqueur de sort raté, et la tentative compte quand même sur le chrono de sort."},
		"potency": {"Puissance",
			"L'effet d'un sort réussi est sa base plus son bonus par grâce pour chaque marqueur de grâce resté inutilisé."},
		"court-spells": {"Jamais deux sorts du terrain à la suite",
			"Au cours d'une phase, deux tentatives de sorts du terrain (réussies, échouées ou abandonnées) ne peuvent pas se suivre : une tentative de Librarian's Bench doit venir entre les deux. Chaque nouvelle phase du mage repart de zéro."},
		"same-spell-only": {"Règle maison : seul le même sort est interdit",
			"Avec cette option, des sorts du terrain différents peuvent se suivre ; seul le même sort du terrain deux fois de suite est interdit."},
		"elf-cones": {"Poser les cônes d'elfe",
			"Un sort d'elfe pose ses cônes un par un, chacun sur une ville ou une porte au choix du mage. Une ville ou une porte sur l'arc porte au plus un cône d'elfe, une ville intérieure au plus deux. B, A, P et les portails ne sont jamais gardés. Les cônes qui ne trouvent pas de place sont perdus."},
		"giants": {"Poser les géants",
			"Un sort de géant pose un géant avec tous ses cônes sur un tronçon de route libre au choix du mage ; un géant par tronçon. Si aucun tronçon n'est libre, le géant est perdu. W4-E4 est un seul tronçon."},
		"bench-bonus": {"Librarian's Bench et les sorts bonus",
			"Quand Librarian's Bench réussit sans un seul raté, le sort bonus au plus petit numéro rejoint d'abord le banc ; puis le mage choisit quel sort du banc rejoint le terrain, et peut choisir aussitôt ce nouveau sort bonus."},
		"bench-cut": {"Écarter un sort du terrain",
			"Il ne faut écarter un sort que si le terrain en compte déjà 5. Le mage écarte l'un des sorts qui étaient déjà sur le terrain ; celui-ci part sur le banc et pourra revenir plus tard grâce à Librarian's Bench."},
		"card-order": {"Ordre des cartes",
			"Les sorts du terrain, du banc et bonus sont toujours listés par numéro de carte. Librarian's Bench n'est jamais un sort du terrain et peut toujours être lancé."},
		"position": {"Partir d'une position",
			"Une partie peut commencer à un moment noté plutôt qu'au début : le bac à sable de l'arbitre, ou une contestation sur un vrai terrain. L'application n'accepte une position que si une vraie partie a pu y arriver, et donne sinon toutes les raisons. Là où la feuille de règles ne dit rien, voici nos choix : une position est une partie encore en cours ; le terrain compte toujours 5 sorts ; un géant a au plus autant de cônes qu'en lève le plus grand sort de géant du paquet ; le chrono de sort n'a pas de limite haute ; les points de l'espion ne valent jamais 1, car les évasions rapportent des marqueurs de 2 et de 3 ; sans aucun cône d'elfe sur le plan, aucune flèche n'a pu toucher l'espion (les cônes d'elfe ne sont jamais retirés), sa santé est donc de 4, ou de 6 après la pharmacie."},
		"custom-deck": {"Un paquet de sorts personnalisé",
			"Un fichier de paquet doit numéroter ses cartes 1, 2, 3 ... dans l'ordre, au moins 9 : les 1 à 5 commencent sur le terrain, les 6 à 8 sur le banc, la 9 est Librarian's Bench (et elle seule a l'effet de banc), à partir de 10 ce sont des sorts bonus. Chaque position d'un motif doit exister sur le plan. Si Librarian's Bench réussit alors que le banc est vide, seule sa partie bonus a lieu."},
	}
}

func rulingsDE() map[string]rulingWords {
	return map[string]rulingWords{
		"map": {"Der Plan des Spielfelds",
			"Orte, Wegabschnitte und Wurfpunkte kommen aus den Plandaten. Der Standardplan ist unsere Rekonstruktion des Spielplans: der Start B, die Waffenkammer A, die Apotheke P, acht Städte, zwei Tore und vier Portale (G1 bis G4)."},
		"toll": {"Zoll beim Verlassen",
			"Um weiterzuziehen, muss der Spion so viele Körbe treffen, wie Hütchen an seinem Ort stehen: einen, plus einen je Elfen-Hütchen. B, A und P können nie bewacht werden, ihr Zoll ist also immer einer. Ein Portal verlangt nichts."},
		"portal": {"Portale",
			"Auf einem Portal wirft der Spion nichts und kann nur hindurch zu seinem Ziel. Die Portalverbindung ist kein Wegabschnitt: Kein Riese kann sie blockieren."},
		"shot-clock": {"Wurfuhr und Fehlwürfe",
			"Jeder Versuch des Spions, ob Zollkorb oder Freiwurf gegen einen Riesen, zählt die Wurfuhr von 6 herunter. Ein Versuch, während die Uhr schon 0 zeigt, bringt bei einem Fehlwurf eine Fehlwurfmarke; die dritte Fehlwurfmarke beendet die Hälfte des Spions. Die ersten sechs Versuche einer Hälfte bringen also nie eine Fehlwurfmarke."},
		"paid": {"Bezahlte Körbe",
			"Getroffene Zollkörbe zählen für den Zoll des Ortes, an dem sie getroffen wurden. Wer weiterzieht, beginnt am neuen Ort eine neue Zählung; das Ende einer Hälfte vergisst sie alle."},
		"toll-met": {"Sobald der Zoll erreicht ist",
			"Sobald die getroffenen Körbe den Zoll erreichen, muss der Spion wählen, wohin er geht; dort wird kein weiterer Korb geworfen, also wird nie ein Korb zum nächsten Ort mitgenommen. Elfen-Hütchen werden nur in der Hälfte des Magiers gesetzt, ein Zoll wächst also nie, während der Spion ihn bezahlt."},
		"giant-fight": {"Kampf gegen einen Riesen",
			"Wer einen Abschnitt mit einem Riesen darauf wählt, muss gegen diesen Riesen kämpfen. Jeder getroffene Freiwurf nimmt ihm endgültig ein Hütchen; fällt das letzte Hütchen, ist der Riese fort und der Spion kommt am anderen Ende an. Bis dahin gilt der Spion als an dem Ort stehend, von dem er kam (von dort werden die Elfenpfeile geschossen)."},
		"exit-effects": {"Wann das Verlassen wirkt",
			"Der Spion verlässt einen Ort erst, wenn er am nächsten ankommt. Heilung der Apotheke, Rüstung der Waffenkammer und Reisemarken gibt es in diesem Moment: nach einem freien Zug oder nachdem der blockierende Riese besiegt ist. Ein Spion, der am Ende einer Hälfte an seinen Ort zurückgeschickt wird, bekommt nichts und muss in der nächsten Hälfte den Zoll dieses Ortes erneut bezahlen."},
		"travel": {"Reisemarken",
			"Jedes Mal, wenn der Spion eine Stadt verlässt, erhält er eine Reisemarke im Wert von 3, wenn die Stadt auf der Dreierlinie liegt, und 2, wenn sie innerhalb liegt. Wer dieselbe Stadt zweimal verlässt, erhält zwei Marken."},
		"escape": {"Flucht",
			"An einem Tor geschieht die Flucht in dem Moment, in dem der Zoll bezahlt ist: Der Spion erhält die Summe seiner Reisemarken als Punkte, seine Hälfte endet (auch wenn ihm noch Würfe bleiben), und seine nächste Hälfte beginnt er in B mit 4 Leben, ohne Rüstung und ohne Reisemarken."},
		"victory": {"Sieg",
			"Der Spion gewinnt, sobald seine Punkte die Siegzahl erreichen. Der Magier gewinnt, wenn er den Spion fängt oder wenn die Hälfte des Spions in der letzten Runde endet, ohne dass die Siegzahl erreicht ist; die Hälfte des Magiers in der letzten Runde wird nicht gespielt."},
		"half-end": {"Ende einer Hälfte des Spions",
			"Endet eine Hälfte des Spions, springt die Wurfuhr auf 6 zurück, Fehlwurfmarken und bezahlte Körbe werden gelöscht, und ein Spion im Kampf mit einem Riesen kehrt an seinen Ort zurück. Leben, Rüstung und Reisemarken bleiben."},
		"response-window": {"Wann der Magier antworten darf",
			"Nach einem Fehlwurf des Spions, der die Hälfte nicht beendet, bekommt der Magier ein Antwortfenster, aber nur, wenn eine Antwort möglich ist: Pfeile und ein Elfen-Hütchen dort, wo der Spion steht, oder Sprünge und ein Riese, der auf einen freien Abschnitt springen kann. Ein Fehlwurf, der die Hälfte beendet, öffnet kein Fenster."},
		"response-order": {"Salve und Sprungfolge",
			"In einem Fenster darf der Magier eine Pfeilsalve und eine Folge von Riesensprüngen werfen, in beliebiger Reihenfolge. Beginnt er das eine, endet das laufende. Der Magier kann jederzeit mit Passen aufhören; auch der nächste Wurf des Spions schließt das Fenster, und es schließt sich von selbst, wenn keine Antwort mehr möglich ist."},
		"arrows": {"Elfenpfeile",
			"Jeder Pfeilwurf verbraucht einen Pfeil, ob Treffer oder nicht; ein Fehlwurf oder der letzte Pfeil beendet die Salve. Ein getroffener Pfeil richtet 3 Schaden an, wenn der Ort des Spions auf der Dreierlinie liegt, 2, wenn er innerhalb liegt, minus 1 je Rüstungsmarke, nie weniger als 0. Bei 0 Leben oder weniger ist der Spion gefangen."},
		"leaps": {"Riesensprünge",
			"Jeder Sprung-Freiwurf verbraucht einen Sprung, ob Treffer oder nicht. Ein Treffer setzt einen Riesen mit all seinen Hütchen auf einen beliebigen freien Abschnitt. Der Riese, mit dem der Spion kämpft, kann nicht springen. Ein Fehlwurf oder der letzte Sprung beendet die Folge."},
		"caps": {"Grenzen",
			"Leben höchstens 6, Rüstung höchstens 2, Pfeile und Sprünge höchstens je 5; was über eine Grenze hinaus gewonnen wird, verfällt."},
		"spell-clock": {"Zauberuhr",
			"Die Zauberuhr beginnt jede Hälfte des Magiers bei 5 und zählt herunter, wenn ein Zauber begonnen wird. Die Hälfte endet, sobald der laufende Versuch ganz abgeschlossen ist (Elfen-Hütchen und Riesen gesetzt, Wahl von der Bank getroffen), wenn die Uhr auf 0 steht oder zwei Zauber misslungen sind. Ein Uhrzauber erhöht die Uhr vor dieser Prüfung und kann eine Hälfte so verlängern; die Uhr hat keine Obergrenze."},
		"end-half": {"Die Hälfte des Magiers vorzeitig beenden",
			"Der Magier kann die Hälfte zwischen zwei Zaubern beenden. Während eines Zaubers muss er ihn zuerst zu Ende bringen oder abbrechen."},
		"casting": {"Zaubern entlang eines Musters",
			"Ein Zauber folgt dem Muster der Karte ab dem ersten Wurfpunkt; jeder Wurfpunkt braucht einen Treffer. Jeder Fehlwurf verbraucht eine Gnadenmarke; ein Fehlwurf ohne verbleibende Gnade lässt den Zauber misslingen und bringt eine Fehlschlagmarke. Auch ein abgebrochener Zauber bringt eine Fehlschlagmarke, und der Versuch zählt trotzdem auf der Zauberuhr."},
		"potency": {"Stärke",
			"Die Wirkung eines gelungenen Zaubers ist sein Grundwert plus sein Bonus je Gnade für jede ungenutzt gebliebene Gnadenmarke."},
		"court-spells": {"Nie zwei Feldzauber hintereinander",
			"Innerhalb einer Hälfte dürfen zwei Versuche von Feldzaubern (gelungen, misslungen oder abgebrochen) nicht aufeinander folgen: Ein Versuch mit Librarian's Bench muss dazwischen liegen. Jede neue Hälfte des Magiers beginnt von vorn."},
		"same-spell-only": {"Hausregel: nur derselbe Zauber ist gesperrt",
			"Mit diesem Schalter dürfen verschiedene Feldzauber aufeinander folgen; nur derselbe Feldzauber zweimal hintereinander ist gesperrt."},
		"elf-cones": {"Elfen-Hütchen setzen",
			"Ein Elfenzauber setzt seine Hütchen einzeln, jedes auf eine Stadt oder ein Tor nach Wahl des Magiers. Eine Stadt oder ein Tor auf der Dreierlinie trägt höchstens ein Elfen-Hütchen, eine Stadt innerhalb höchstens zwei. B, A, P und die Portale werden nie bewacht. Hütchen, die nirgends Platz finden, verfallen."},
		"giants": {"Riesen setzen",
			"Ein Riesenzauber setzt einen Riesen mit all seinen Hütchen auf einen freien Wegabschnitt nach Wahl des Magiers; ein Riese je Abschnitt. Ist kein Abschnitt frei, verfällt der Riese. W4-E4 ist ein einziger Abschnitt."},
		"bench-bonus": {"Librarian's Bench und Bonuszauber",
			"Gelingt Librarian's Bench ohne einen einzigen Fehlwurf, kommt zuerst der Bonuszauber mit der niedrigsten Nummer auf die Bank; dann wählt der Magier, welcher Zauber von der Bank aufs Spielfeld kommt, und darf dabei gleich diesen neuen Bonuszauber wählen."},
		"bench-cut": {"Einen Feldzauber streichen",
			"Gestrichen werden muss nur, wenn das Spielfeld schon 5 Zauber hält. Der Magier streicht einen der Zauber, die schon auf dem Spielfeld waren; er geht auf die Bank und kann später über Librarian's Bench zurückkommen."},
		"card-order": {"Reihenfolge der Karten",
			"Feld-, Bank- und Bonuszauber werden immer nach Kartennummer aufgeführt. Librarian's Bench ist nie ein Feldzauber und kann immer gewirkt werden."},
		"position": {"Von einer Stellung aus beginnen",
			"Ein Spiel kann statt am Anfang bei einem notierten Moment beginnen: in der Sandbox des Schiedsrichters oder bei einem Streit auf einem echten Spielfeld. Die App nimmt eine Stellung nur an, wenn ein echtes Spiel sie hätte erreichen können, und nennt sonst jeden Grund. Wo das Regelblatt schweigt, gelten unsere Entscheidungen: Eine Stellung ist ein Spiel, das noch läuft; auf dem Spielfeld liegen immer 5 Zauber; ein Riese hat höchstens so viele Hütchen, wie der größte Riesenzauber des Decks aufstellt; die Zauberuhr hat keine Obergrenze; die Punkte des Spions sind nie 1, da Fluchten Marken von 2 und 3 zählen; ohne Elfen-Hütchen auf dem Plan kann kein Pfeil den Spion getroffen haben (Elfen-Hütchen werden nie entfernt), also hat er 4 Leben, oder 6 nach der Apotheke."},
		"custom-deck": {"Ein eigenes Zauberdeck",
			"Eine Deckdatei muss ihre Karten der Reihe nach 1, 2, 3 ... nummerieren, mindestens 9: 1-5 beginnen auf dem Spielfeld, 6-8 auf der Bank, 9 ist Librarian's Bench (und nur sie hat die Bankwirkung), ab 10 sind es Bonuszauber. Jeder Wurfpunkt eines Musters muss auf dem Plan existieren. Gelingt Librarian's Bench bei leerer Bank, geschieht nur ihr Bonusteil."},
	}
}

func rulingsPT() map[string]rulingWords {
	return map[string]rulingWords{
		"map": {"O mapa da quadra",
			"Os lugares, os trechos de estrada e os pontos de arremesso vêm dos dados do mapa. O mapa padrão é a nossa reconstrução do tabuleiro: a largada B, o arsenal A, a farmácia P, oito cidades, dois portões e quatro portais (G1 a G4)."},
		"toll": {"Pedágios de saída",
			"Para sair, o espião precisa acertar tantas cestas quantos cones houver no seu lugar: uma, mais uma por cone de elfo. B, A e P nunca podem ser vigiados, então o pedágio deles é sempre um. Um portal não pede nada."},
		"portal": {"Portais",
			"Num portal o espião não arremessa nada e só pode atravessá-lo até o destino. A ligação do portal não é um trecho de estrada: nenhum gigante pode bloqueá-la."},
		"shot-clock": {"Relógio de arremesso e erros",
			"Cada tentativa do espião, seja uma cesta de pedágio ou um lance livre contra um gigante, faz o relógio de arremesso descer a partir de 6. Uma tentativa feita com o relógio já em 0 soma um marcador de erro se errar; o terceiro marcador de erro encerra a metade do espião. Assim, as seis primeiras tentativas de uma metade nunca somam marcador de erro."},
		"paid": {"Cestas pagas",
			"As cestas de pedágio acertadas contam para o pedágio do lugar onde foram acertadas. Ao seguir adiante, a contagem recomeça no novo lugar; o fim de uma metade apaga todas."},
		"toll-met": {"Depois de cumprido o pedágio",
			"Assim que as cestas acertadas chegam ao pedágio, o espião precisa escolher para onde ir; ali não se arremessa mais nenhuma cesta, então nenhuma cesta passa para o lugar seguinte. Os cones de elfo só são colocados na metade do mago, então um pedágio nunca aumenta enquanto o espião o está pagando."},
		"giant-fight": {"Lutar contra um gigante",
			"Escolher um trecho com um gigante em cima coloca o espião em luta com esse gigante. Cada lance livre acertado tira um cone de vez; quando sai o último cone, o gigante some e o espião chega à outra ponta. Até lá, o espião conta como se ainda estivesse no lugar de onde veio (as flechas de elfo são arremessadas dali)."},
		"exit-effects": {"Quando a saída vale",
			"O espião só deixa um lugar quando chega ao próximo. A cura da farmácia, a armadura do arsenal e os marcadores de viagem são recebidos nesse momento: depois de um movimento livre, ou depois que o gigante que bloqueava é destruído. Um espião mandado de volta ao seu lugar no fim de uma metade não ganha nada, e na metade seguinte precisa pagar de novo o pedágio desse lugar."},
		"travel": {"Marcadores de viagem",
			"Cada vez que o espião sai de uma cidade, ganha um marcador de viagem que vale 3 se a cidade está no arco de 3 pontos e 2 se está dentro dele. Sair duas vezes da mesma cidade rende dois marcadores."},
		"escape": {"Fuga",
			"Num portão, a fuga acontece no momento em que o pedágio é pago: o espião marca a soma dos seus marcadores de viagem, a sua metade termina (mesmo que ainda restem arremessos) e ele começa a metade seguinte em B com 4 de vida, sem armadura e sem marcadores de viagem."},
		"victory": {"Vitória",
			"O espião vence assim que os seus pontos chegam ao Número da Vitória. O mago vence capturando o espião, ou quando a metade do espião na última rodada termina sem chegar ao Número da Vitória; a metade do mago na última rodada não é jogada."},
		"half-end": {"Fim de uma metade do espião",
			"Quando termina uma metade do espião, o relógio de arremesso volta a 6, os marcadores de erro e as cestas pagas são zerados, e um espião em luta com um gigante volta ao seu lugar. Vida, armadura e marcadores de viagem continuam."},
		"response-window": {"Quando o mago pode responder",
			"Depois de um erro do espião que não encerra a metade, o mago ganha uma janela de resposta, mas só se houver resposta possível: flechas e um cone de elfo onde o espião está, ou saltos e um gigante que possa saltar para um trecho livre. Um erro que encerra a metade não abre janela."},
		"response-order": {"Rajada e sequência de saltos",
			"Numa mesma janela, o mago pode arremessar uma rajada de flechas e uma sequência de saltos de gigante, em qualquer ordem. Começar uma encerra a que está em andamento. O mago pode parar quando quiser passando a vez; o próximo arremesso do espião também fecha a janela, e ela se fecha sozinha quando não resta mais resposta."},
		"arrows": {"Flechas de elfo",
			"Cada arremesso de flecha gasta uma flecha, acertando ou errando; um erro ou a última flecha encerra a rajada. Uma flecha acertada tira 3 se o lugar do espião está no arco, 2 se está dentro, menos 1 por marcador de armadura, nunca abaixo de 0. Vida 0 ou menos é uma captura."},
		"leaps": {"Saltos de gigante",
			"Cada lance livre de salto gasta um salto, acertando ou errando. Uma cesta leva um gigante, com todos os seus cones, para qualquer trecho livre. O gigante com quem o espião está lutando não pode saltar. Um erro ou o último salto encerra a sequência."},
		"caps": {"Limites",
			"A vida vai até 6, a armadura até 2, flechas e saltos até 5 cada; o que for ganho além de um limite se perde."},
		"spell-clock": {"Relógio de feitiço",
			"O relógio de feitiço começa cada metade do mago em 5 e desce quando um lançamento começa. A metade termina quando a tentativa em andamento está totalmente concluída (cones de elfo e gigantes colocados, escolha do banco feita) se o relógio está em 0 ou se dois feitiços falharam. Um feitiço de relógio soma ao relógio antes dessa verificação, então pode manter uma metade viva; o relógio não tem limite máximo."},
		"end-half": {"Encerrar a metade do mago antes",
			"O mago pode encerrar a metade entre dois lançamentos. Durante um lançamento, precisa primeiro concluí-lo ou abandoná-lo."},
		"casting": {"Lançar seguindo um padrão",
			"Um lançamento percorre o padrão da carta a partir do primeiro ponto; cada ponto pede uma cesta. Cada erro gasta um marcador de graça; um erro sem graça restante faz o feitiço falhar e soma um marcador de falha de feitiço. Abandonar um lançamento também soma um marcador de falha de feitiço, e a tentativa conta do mesmo jeito no relógio de feitiço."},
		"potency": {"Potência",
			"O efeito de um feitiço bem-sucedido é a sua base mais o seu bônus por graça para cada marcador de graça que ficou sem uso."},
		"court-spells": {"Nunca dois feitiços da quadra seguidos",
			"Dentro de uma metade, duas tentativas de feitiços da quadra (bem-sucedidas, falhas ou abandonadas) não podem vir uma atrás da outra: uma tentativa de Librarian's Bench precisa vir entre elas. Cada nova metade do mago começa do zero."},
		"same-spell-only": {"Regra da casa: só o mesmo feitiço é proibido",
			"Com esta opção ligada, feitiços da quadra diferentes podem vir em seguida; só o mesmo feitiço da quadra duas vezes seguidas é proibido."},
		"elf-cones": {"Colocar cones de elfo",
			"Um feitiço de elfo coloca os seus cones um de cada vez, cada um numa cidade ou portão à escolha do mago. Uma cidade ou portão no arco comporta no máximo um cone de elfo, uma cidade de dentro no máximo dois. B, A, P e os portais nunca são vigiados. Cones que não cabem em lugar nenhum se perdem."},
		"giants": {"Colocar gigantes",
			"Um feitiço de gigante põe um gigante com todos os seus cones num trecho de estrada livre à escolha do mago; um gigante por trecho. Se nenhum trecho estiver livre, o gigante se perde. W4-E4 é um só trecho."},
		"bench-bonus": {"Librarian's Bench e os feitiços bônus",
			"Quando Librarian's Bench dá certo sem nenhum erro, o feitiço bônus de número mais baixo entra primeiro no banco; depois o mago escolhe qual feitiço do banco vai para a quadra, e pode escolher na hora esse novo feitiço bônus."},
		"bench-cut": {"Cortar um feitiço da quadra",
			"Só é preciso cortar quando a quadra já tem 5 feitiços. O mago corta um dos feitiços que já estavam na quadra; ele vai para o banco e pode voltar mais tarde por meio de Librarian's Bench."},
		"card-order": {"Ordem das cartas",
			"Os feitiços da quadra, do banco e bônus são sempre listados pelo número da carta. Librarian's Bench nunca é um feitiço da quadra e sempre pode ser lançado."},
		"position": {"Começar de uma posição",
			"Uma partida pode começar de um momento anotado em vez do início: a sandbox do árbitro, ou uma disputa numa quadra de verdade. O app só aceita uma posição se uma partida de verdade pudesse ter chegado a ela, e, se não, lista todos os motivos. Onde a folha de regras se cala, valem as nossas decisões: uma posição é uma partida ainda em andamento; a quadra sempre tem 5 feitiços; um gigante tem no máximo tantos cones quanto o maior feitiço de gigante do baralho levanta; o relógio de feitiço não tem limite máximo; os pontos do espião nunca são 1, já que as fugas marcam marcadores de 2 e de 3; sem nenhum cone de elfo no mapa, nenhuma flecha pode ter acertado o espião (cones de elfo nunca são retirados), então a vida dele é 4, ou 6 depois da farmácia."},
		"custom-deck": {"Um baralho de feitiços próprio",
			"Um arquivo de baralho precisa numerar as cartas 1, 2, 3 ... em ordem, no mínimo 9: as 1-5 começam na quadra, as 6-8 no banco, a 9 é Librarian's Bench (e só ela tem o efeito de banco), da 10 em diante são feitiços bônus. Cada ponto de um padrão precisa existir no mapa. Se Librarian's Bench der certo com o banco vazio, só a parte bônus acontece."},
	}
}
