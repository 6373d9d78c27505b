package scribes

import (
	"context"
	"fmt"

	"github.com/grimoire-games/grimoire/lang"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	"github.com/grimoire-games/grimoire/views"
)

// The words of the rules page that come from data rather than from the
// page's own prose (rules_es.templ, ...): the rulings (sc.Rulings, by id)
// and the follow-up column of the world tiles' table, in each language the
// page is translated into. English is the data itself, as it always was;
// a language not listed here reads English. They are functions rather
// than package-level maps, so that the offline module, which links this
// package but never the rules page, carries none of them.
// rules_words_test.go fails when a language misses a ruling or a follow-up
// kind, or holds an id the rules no longer have.
//
// Element and card names stay as the material names them: they are data
// a table may replace, and docs/languages.md has no words for them yet.

// rulingWords is one ruling's title and text in one language.
type rulingWords struct{ Title, Text string }

// rulesTitleIn is the page's title (and <h1>) in each translated language,
// "" in any other; the game's name stays a name.
func rulesTitleIn(l lang.Lang) string {
	switch l {
	case lang.Spanish:
		return "Reglas de The Arcane Scribes"
	case lang.French:
		return "Règles de The Arcane Scribes"
	case lang.German:
		return "Regeln von The Arcane Scribes"
	case lang.Portuguese:
		return "Regras de The Arcane Scribes"
	}
	return ""
}

// rulesPage is p titled in the language of ctx where the page speaks it.
func rulesPage(ctx context.Context, p views.Page) views.Page {
	if t := rulesTitleIn(lang.From(ctx)); t != "" {
		p.Title = t
	}
	return p
}

// rulingsIn localizes rs: each ruling's title and text in l where l has
// words for its id, the data's (English) otherwise.
func rulingsIn(l lang.Lang, rs []sc.Ruling) []sc.Ruling {
	words := rulingWordsIn(l)
	if words == nil {
		return rs
	}
	out := make([]sc.Ruling, len(rs))
	for i, ru := range rs {
		out[i] = ru
		if w, ok := words[ru.ID]; ok {
			out[i].Title, out[i].Text = w.Title, w.Text
		}
	}
	return out
}

// followWords is the tiles table's follow-up for the others, one per kind
// of tile; gain takes the element's name for %s.
type followWords struct{ gain, choose, trade, arena string }

// of is the words for a tile of kind k.
func (f followWords) of(k sc.FollowKind) string {
	switch k {
	case sc.KindGain:
		return f.gain
	case sc.KindChoose:
		return f.choose
	case sc.KindTrade:
		return f.trade
	case sc.KindArena:
		return f.arena
	}
	return ""
}

// followIn is the follow-ups in each translated language; ok is false in
// any other.
func followIn(l lang.Lang) (f followWords, ok bool) {
	switch l {
	case lang.Spanish:
		return followWords{
			gain:   "1 oinc de %s para cada uno",
			choose: "1 oinc de cualquiera de los dos elementos, cada uno elige",
			trade:  "puede dar 1 oinc de otro elemento por hasta 3 de estos",
			arena:  "arena: 1 oinc de cualquier elemento, cada uno elige",
		}, true
	case lang.French:
		return followWords{
			gain:   "chacun 1 groin de l'élément %s",
			choose: "1 groin de l'un ou l'autre élément, au choix de chacun",
			trade:  "peut donner 1 groin d'un autre élément contre jusqu'à 3 de ceux-ci",
			arena:  "arène : 1 groin de n'importe quel élément, au choix de chacun",
		}, true
	case lang.German:
		return followWords{
			gain:   "jeder 1 %s-Grunzer",
			choose: "1 Grunzer eines der beiden Elemente, jeder wählt",
			trade:  "darf 1 Grunzer eines anderen Elements gegen bis zu 3 von diesen geben",
			arena:  "Arena: 1 Grunzer eines beliebigen Elements, jeder wählt",
		}, true
	case lang.Portuguese:
		return followWords{
			gain:   "1 oinc de %s para cada um",
			choose: "1 oinc de qualquer um dos dois elementos, cada um escolhe",
			trade:  "pode dar 1 oinc de outro elemento por até 3 destes",
			arena:  "arena: 1 oinc de qualquer elemento, cada um escolhe",
		}, true
	}
	return f, false
}

// followEffect is the follow-up column's words for t in l.
func followEffect(d *sc.Data, t sc.Tile, l lang.Lang) string {
	if f, ok := followIn(l); ok {
		w := f.of(t.Kind())
		if t.Kind() == sc.KindGain {
			return fmt.Sprintf(w, d.ElementName(t.Insignias[0]))
		}
		return w
	}
	switch t.Kind() {
	case sc.KindGain:
		return "1 " + d.ElementName(t.Insignias[0]) + " each"
	case sc.KindChoose:
		return "1 oink of either element, each chooses"
	case sc.KindTrade:
		return "may give 1 oink of another element for up to 3 of these"
	case sc.KindArena:
		return "arena: 1 oink of any element, each chooses"
	}
	return ""
}

// rulingWordsIn is every ruling of sc.Rulings in l, a translated language,
// by ruling id (one map per language); nil in any other. The glossary of docs/languages.md holds: oink is oinc,
// groin, Grunzer, oinc; spell is hechizo, sort, Zauber, feitiço; record is
// registro, enregistrement, Aufzeichnung, registro.
func rulingWordsIn(l lang.Lang) map[string]rulingWords {
	switch l {
	case lang.Spanish:
		return map[string]rulingWords{
			"goal":         {"Objetivo", "Reúne los hechizos que más puntos valgan. Cuando termina la partida, cada hechizo escrito da su valor impreso, y los puntos de un elemento se duplican para el jugador que tenga estrictamente más hechizos de ese elemento que cualquier otro."},
			"material":     {"Qué hay en la mesa", "Un mazo de 40 cartas de hechizo (diez por elemento, con valores 2, 3, 4, 5, 5, 6, 7, 8, 9 y 10, cada una con su propio nombre), 48 losetas de mundo y un suministro común con 2 oincs de cada uno de los cuatro elementos por jugador. Los jugadores empiezan sin oincs. El mazo, las losetas y los nombres de los elementos son datos que cada mesa puede sustituir por sus propios archivos."},
			"first":        {"Quién empieza", "Cada jugador roba una carta del mazo barajado; la app roba por todos a partir de la semilla de la partida y muestra el resultado. Empieza la carta más alta; los jugadores empatados en la más alta vuelven a robar hasta que uno quede por delante. Las cartas robadas van debajo del mazo. Después se juega en el sentido de las agujas del reloj (en orden de asiento)."},
			"row":          {"La fila", "Se vuelve a barajar el mazo. Se colocan cinco losetas en fila, tomadas de la parte superior de la pila de losetas barajada, y sobre cada una se pone una carta de hechizo boca arriba, de izquierda a derecha. Las cartas restantes forman el mazo de robo, boca abajo."},
			"turn":         {"Tu turno", "Haz exactamente una de estas cosas: tomar, cambiar, reservar o escribir."},
			"take":         {"Tomar", "Toma 2 oincs de dos elementos distintos. Si en el suministro se ha agotado uno, recibes solo lo que haya."},
			"exchange":     {"Cambiar", "Devuelve 1 oinc y pide de 1 a 3 oincs de otro elemento. Recibes tantos como tenga el suministro, hasta lo que hayas pedido."},
			"reserve":      {"Reservar", "Toma un hechizo de una loseta de la fila y guárdalo oculto delante de ti, para escribirlo más tarde a su coste normal. Puedes tener 2 hechizos reservados a la vez, o solo 1 cuando juegan de 5 a 8 personas. Solo se pueden reservar hechizos de la fila, nunca del mazo de robo. Un hechizo reservado que sigue sin escribir al final no vale nada."},
			"scribe":       {"Escribir", "Paga en oincs el valor impreso de un hechizo, de la fila o de tu reserva. Un oinc del mismo elemento que el hechizo vale 2; cualquier otro oinc, 1. Los oincs pagados vuelven al suministro."},
			"no-waste":     {"Nuestro criterio: ningún oinc desperdiciado", "Un pago no puede incluir un oinc que podrías quitar y seguir cubriendo el coste. Así, un pago mixto debe dar el coste exacto, y un pago hecho solo con oincs del elemento del hechizo puede pasarse en 1 (pagar un 9 con cinco de su elemento vale; añadir además un oinc de otro elemento, no). La app ofrece primero el pago más barato: el de menos oincs y, después, el de menos oincs del elemento del hechizo."},
			"limit":        {"Cinco oincs como máximo", "Siempre que acabes con más de 5 oincs (tras tomar, cambiar o un efecto de loseta), devuelves los oincs que elijas hasta quedarte con 5. Si solo hay una manera de hacerlo, la app lo hace por ti."},
			"follow":       {"Efectos de loseta", "Cuando un hechizo sale de una loseta de la fila (reservado o escrito), las insignias de la loseta dan algo a cada uno de los demás jugadores, uno tras otro en el sentido de las agujas del reloj, empezando por la izquierda del jugador activo. Un hechizo escrito desde la reserva no activa nada."},
			"follow-one":   {"Una insignia, o dos iguales", "Cada uno de los demás jugadores recibe 1 oinc de ese elemento."},
			"follow-two":   {"Dos insignias distintas", "Cada uno de los demás jugadores elige 1 oinc de uno de los dos elementos."},
			"follow-three": {"Tres insignias", "Cada uno de los demás jugadores puede devolver 1 oinc de un elemento que no aparezca en la loseta y tomar hasta 3 oincs, combinando como quiera los elementos de la loseta, o renunciar."},
			"follow-arena": {"Arena (cuatro insignias)", "Cada uno de los demás jugadores elige 1 oinc de cualquier elemento."},
			"follow-auto":  {"Nuestro criterio: efectos automáticos", "La app solo pregunta cuando hay una elección real. Una sola insignia o dos iguales se reparten automáticamente. Solo se ofrece elegir entre los elementos que aún quedan en el suministro: si queda uno, se da automáticamente; si no queda ninguno, el jugador no recibe nada. El cambio de tres insignias se salta automáticamente cuando el jugador no tiene ningún oinc que pueda devolver o el suministro no tiene ninguno de los elementos de la loseta; si no, el jugador puede cambiar o renunciar, y solo puede pedir oincs que haya en el suministro."},
			"supply":       {"Un suministro vacío", "Lo que el suministro no puede repartir simplemente no se recibe; no queda nada pendiente para más tarde."},
			"refill":       {"Reponer la fila", "Tras los efectos de loseta, la loseta usada se descarta y el hueco recibe la siguiente loseta de la pila y la carta superior del mazo de robo."},
			"refill-empty": {"Nuestro criterio: si se acaban las losetas", "Si la pila de losetas está vacía, la loseta usada se queda en su hueco y sigue funcionando. (Con el material estándar esto no puede pasar, porque antes se agota el mazo.)"},
			"end":          {"Fin de la partida", "La partida termina justo después de reponer un hueco si el mazo de robo tiene entonces menos cartas que jugadores. Escribir desde la reserva, tomar y cambiar nunca terminan la partida."},
			"stall":        {"Nuestro criterio: una partida bloqueada termina por acuerdo", "La partida está bloqueada cuando toca jugar un turno, la reserva de cada jugador está llena (así que la fila solo puede cambiar al escribir un hechizo) y nadie puede escribir ningún hechizo de la fila ni de su propia reserva con los oincs que tiene. Entonces la app avisa a todos, y cualquier persona sentada a la mesa puede proponer terminar la partida ya y puntuarla. Todas las demás personas sentadas deben estar de acuerdo; a los bots no se les pregunta y cuentan como de acuerdo, así que una persona sola contra bots la termina al instante. Seguir jugando (tomar, cambiar, reservar o escribir) rechaza la propuesta. Cuando todos han aceptado, la partida termina y se puntúa exactamente igual que en un final normal. Una partida que no está bloqueada no se puede terminar así. Tanto la propuesta como cada aceptación quedan guardadas en el registro de la partida."},
			"score":        {"Puntuación", "Suma los valores impresos de los hechizos escritos de cada jugador. Para cada elemento, si un jugador ha escrito más hechizos de ese elemento que cada uno de los demás, sus hechizos de ese elemento cuentan doble. Los hechizos reservados no puntúan."},
			"ties":         {"Empates", "A igualdad de puntos, desempata el número de elementos distintos entre tus hechizos escritos y, después, los oincs que aún tengas. Los jugadores que sigan empatados comparten la victoria."},
			"seats":        {"Nuestro criterio: asientos y orden", "Los asientos se numeran desde 0 en el orden en que se introdujeron los jugadores; en el sentido de las agujas del reloj quiere decir por número de asiento creciente, volviendo al primero después del último."},
			"take-order":   {"Nuestro criterio: cómo se anotan las acciones", "Tomar es la misma acción sea cual sea el elemento que se nombre primero; la app guarda sus dos elementos en el orden fijo ASHW, TIDE, GALE, ROOT, así que cada toma se escribe de una sola manera en un registro."},
			"draw-ties":    {"Nuestro criterio: empates sin fin en el robo", "Si el robo para decidir quién empieza siguiera empatado durante 64 rondas (solo es posible con mazos propios poco habituales), empieza el asiento empatado más bajo."},
		}
	case lang.French:
		return map[string]rulingWords{
			"goal":         {"But", "Rassemblez les sorts qui rapportent le plus de points. Quand la partie s'arrête, chaque sort inscrit rapporte sa valeur faciale, et les points d'un élément sont doublés pour le joueur qui en possède strictement plus de sorts que tous les autres."},
			"material":     {"Ce qu'il y a sur la table", "Un paquet de 40 cartes de sort (dix par élément, de valeurs 2, 3, 4, 5, 5, 6, 7, 8, 9 et 10, chacune avec son propre nom), 48 tuiles de monde et un stock commun contenant 2 groins de chacun des quatre éléments par joueur. Les joueurs commencent sans groin. Le paquet, les tuiles et les noms des éléments sont des données qu'une table peut remplacer par ses propres fichiers."},
			"first":        {"Qui commence", "Chaque joueur tire une carte du paquet mélangé ; l'application tire pour tout le monde à partir de la graine de la partie et affiche le résultat. La carte la plus haute commence ; les joueurs à égalité pour la plus haute tirent de nouveau jusqu'à ce que l'un d'eux passe devant. Les cartes tirées retournent sous le paquet. On joue ensuite dans le sens horaire (dans l'ordre des places)."},
			"row":          {"La rangée", "Le paquet est de nouveau mélangé. Cinq tuiles sont posées en rangée depuis le dessus de la pile de tuiles mélangée, et une carte de sort est placée face visible sur chacune, de gauche à droite. Les cartes restantes forment la pioche, face cachée."},
			"turn":         {"Votre tour", "Faites exactement une action parmi : prendre, échanger, réserver ou inscrire."},
			"take":         {"Prendre", "Prenez 2 groins de deux éléments différents. Si le stock est à court de l'un d'eux, vous ne recevez que ce qu'il contient."},
			"exchange":     {"Échanger", "Rendez 1 groin et demandez de 1 à 3 groins d'un autre élément. Vous en recevez autant que le stock en contient, dans la limite de votre demande."},
			"reserve":      {"Réserver", "Prenez un sort sur une tuile de la rangée et gardez-le caché devant vous, pour l'inscrire plus tard à son coût normal. Vous pouvez avoir 2 sorts réservés à la fois, ou 1 seul quand 5 à 8 personnes jouent. Seuls les sorts de la rangée peuvent être réservés, jamais ceux de la pioche. Un sort réservé qui n'est toujours pas inscrit à la fin ne vaut rien."},
			"scribe":       {"Inscrire", "Payez en groins la valeur faciale d'un sort, pris dans la rangée ou dans votre réserve. Un groin de l'élément du sort vaut 2, tout autre groin vaut 1. Les groins payés retournent au stock."},
			"no-waste":     {"Notre arbitrage : aucun groin gaspillé", "Un paiement ne peut pas contenir un groin que vous pourriez retirer tout en couvrant encore le coût. Un paiement mixte doit donc tomber pile sur le coût, et un paiement fait uniquement de groins de l'élément du sort peut le dépasser de 1 (payer un 9 avec cinq groins de son élément est permis ; y ajouter un groin d'un autre élément ne l'est pas). L'application propose d'abord le paiement le moins cher : le moins de groins, puis le moins de groins de l'élément du sort."},
			"limit":        {"Cinq groins au plus", "Chaque fois que vous vous retrouvez avec plus de 5 groins (après avoir pris, échangé ou reçu un effet de tuile), vous remettez des groins de votre choix jusqu'à en avoir 5. S'il n'y a qu'une seule façon de le faire, l'application s'en charge pour vous."},
			"follow":       {"Effets de tuile", "Quand un sort quitte une tuile de la rangée (réservé ou inscrit), les insignes de la tuile donnent quelque chose à chacun des autres joueurs, l'un après l'autre dans le sens horaire, en commençant à gauche du joueur actif. Un sort inscrit depuis une réserve ne déclenche rien."},
			"follow-one":   {"Un insigne, ou deux identiques", "Chacun des autres joueurs reçoit 1 groin de cet élément."},
			"follow-two":   {"Deux insignes différents", "Chacun des autres joueurs choisit 1 groin de l'un des deux éléments."},
			"follow-three": {"Trois insignes", "Chacun des autres joueurs peut rendre 1 groin d'un élément absent de la tuile et prendre jusqu'à 3 groins, en combinant à son gré les éléments de la tuile, ou refuser."},
			"follow-arena": {"Arène (quatre insignes)", "Chacun des autres joueurs choisit 1 groin de n'importe quel élément."},
			"follow-auto":  {"Notre arbitrage : effets automatiques", "L'application ne pose la question que s'il y a un vrai choix. Un insigne seul ou deux identiques sont distribués automatiquement. Un choix n'est proposé qu'entre les éléments encore présents dans le stock : s'il n'en reste qu'un, il est donné automatiquement ; s'il n'en reste aucun, le joueur ne reçoit rien. L'échange à trois insignes est sauté automatiquement quand le joueur n'a aucun groin qu'il pourrait rendre ou que le stock n'a aucun des éléments de la tuile ; sinon, le joueur peut échanger ou refuser, et ne peut demander que des groins présents dans le stock."},
			"supply":       {"Un stock vide", "Ce que le stock ne peut pas distribuer n'est tout simplement pas reçu ; rien n'est dû plus tard."},
			"refill":       {"Compléter la rangée", "Après les effets de tuile, la tuile utilisée est défaussée et l'emplacement reçoit la tuile suivante de la pile et la carte du dessus de la pioche."},
			"refill-empty": {"Notre arbitrage : plus de tuiles", "Si la pile de tuiles est vide, la tuile utilisée reste à sa place et continue de servir. (Avec le matériel standard, cela ne peut pas arriver : le paquet s'épuise avant.)"},
			"end":          {"Fin de la partie", "La partie s'arrête juste après qu'un emplacement a été complété si la pioche contient alors moins de cartes qu'il n'y a de joueurs. Inscrire depuis une réserve, prendre et échanger ne terminent jamais la partie."},
			"stall":        {"Notre arbitrage : une partie bloquée se termine d'un commun accord", "La partie est bloquée quand un tour doit être joué, que la réserve de chaque joueur est pleine (la rangée ne peut donc changer que par une inscription) et que personne ne peut inscrire un sort de la rangée ou de sa propre réserve avec les groins qu'il possède. L'application prévient alors tout le monde, et n'importe quelle personne assise à la table peut proposer de terminer la partie maintenant et de la compter. Toutes les autres personnes assises doivent accepter ; on ne demande rien aux bots, qui comptent comme ayant accepté : une personne seule contre des bots termine donc la partie aussitôt. Continuer à jouer (prendre, échanger, réserver ou inscrire) refuse la proposition. Une fois que tout le monde a accepté, la partie est terminée et comptée exactement comme à sa fin normale. Une partie qui n'est pas bloquée ne peut pas être terminée ainsi. La proposition et chaque accord sont conservés dans l'enregistrement de la partie."},
			"score":        {"Décompte", "Additionnez les valeurs faciales des sorts inscrits de chaque joueur. Pour chaque élément, si un joueur a inscrit plus de sorts de cet élément que chacun des autres joueurs, ses sorts de cet élément comptent double. Les sorts réservés ne rapportent rien."},
			"ties":         {"Égalités", "À points égaux, on départage par le nombre d'éléments différents parmi vos sorts inscrits, puis par les groins qu'il vous reste. Les joueurs encore à égalité se partagent la victoire."},
			"seats":        {"Notre arbitrage : places et ordre", "Les places sont numérotées à partir de 0 dans l'ordre où les joueurs ont été saisis ; le sens horaire suit les numéros de place croissants et revient à la première après la dernière."},
			"take-order":   {"Notre arbitrage : l'écriture des actions", "Prendre est la même action quel que soit l'élément nommé en premier ; l'application enregistre ses deux éléments dans l'ordre fixe ASHW, TIDE, GALE, ROOT, si bien que chaque prise ne s'écrit que d'une seule façon dans un enregistrement."},
			"draw-ties":    {"Notre arbitrage : égalités sans fin au tirage", "Si le tirage du premier joueur restait à égalité pendant 64 tours (ce qui n'est possible qu'avec des paquets personnalisés inhabituels), c'est la place la plus basse parmi les ex æquo qui commence."},
		}
	case lang.German:
		return map[string]rulingWords{
			"goal":         {"Ziel", "Sammle die Zauber mit den meisten Punkten. Wenn das Spiel endet, bringt jeder geschriebene Zauber seinen aufgedruckten Wert, und die Punkte eines Elements verdoppeln sich für den Spieler, der von diesem Element echt mehr Zauber hat als jeder andere."},
			"material":     {"Was auf dem Tisch liegt", "Ein Zauberdeck aus 40 Karten (zehn pro Element mit den Werten 2, 3, 4, 5, 5, 6, 7, 8, 9 und 10, jede mit eigenem Namen), 48 Weltplättchen und ein gemeinsamer Vorrat mit 2 Grunzern von jedem der vier Elemente pro Spieler. Alle beginnen ohne Grunzer. Deck, Plättchen und Elementnamen sind Daten, die ein Tisch durch eigene Dateien ersetzen kann."},
			"first":        {"Wer beginnt", "Jeder Spieler zieht eine Karte vom gemischten Deck; die App zieht für alle aus dem Startwert des Spiels und zeigt das Ergebnis. Die höchste Karte beginnt; wer bei der höchsten gleichauf liegt, zieht erneut, bis einer vorn liegt. Gezogene Karten kommen unter das Deck. Danach geht es im Uhrzeigersinn weiter (in der Reihenfolge der Plätze)."},
			"row":          {"Die Reihe", "Das Deck wird erneut gemischt. Fünf Plättchen werden von oben vom gemischten Plättchenstapel in eine Reihe gelegt, und auf jedes kommt von links nach rechts eine offene Zauberkarte. Die übrigen Karten bilden den verdeckten Nachziehstapel."},
			"turn":         {"Dein Zug", "Mach genau eines davon: nehmen, tauschen, reservieren oder schreiben."},
			"take":         {"Nehmen", "Nimm 2 Grunzer von zwei verschiedenen Elementen. Ist eines davon im Vorrat ausgegangen, bekommst du nur, was da ist."},
			"exchange":     {"Tauschen", "Gib 1 Grunzer zurück und verlange 1 bis 3 Grunzer eines anderen Elements. Du bekommst so viele, wie der Vorrat hat, höchstens so viele, wie du verlangt hast."},
			"reserve":      {"Reservieren", "Nimm einen Zauber von einem Plättchen der Reihe und leg ihn verdeckt vor dich, um ihn später zu seinen normalen Kosten zu schreiben. Du darfst 2 reservierte Zauber gleichzeitig haben, oder nur 1, wenn 5 bis 8 Personen spielen. Reservieren lassen sich nur Zauber aus der Reihe, nie vom Nachziehstapel. Ein reservierter Zauber, der am Ende noch nicht geschrieben ist, zählt nichts."},
			"scribe":       {"Schreiben", "Bezahle den aufgedruckten Wert eines Zaubers aus der Reihe oder aus deiner Reserve in Grunzern. Ein Grunzer vom Element des Zaubers zählt 2, jeder andere Grunzer 1. Bezahlte Grunzer gehen zurück in den Vorrat."},
			"no-waste":     {"Unsere Entscheidung: keine verschwendeten Grunzer", "Eine Zahlung darf keinen Grunzer enthalten, ohne den die Kosten immer noch gedeckt wären. Eine gemischte Zahlung muss die Kosten also genau treffen, und eine Zahlung nur mit Grunzern vom Element des Zaubers darf um 1 darüber liegen (eine 9 mit fünf Grunzern ihres Elements zu bezahlen ist in Ordnung, noch einen Grunzer eines anderen Elements dazuzulegen nicht). Die App bietet zuerst die günstigste Zahlung an: die wenigsten Grunzer, dann die wenigsten Grunzer vom Element des Zaubers."},
			"limit":        {"Höchstens fünf Grunzer", "Wann immer du mehr als 5 Grunzer hast (nach einem Nehmen, einem Tausch oder einem Folgeeffekt), legst du Grunzer deiner Wahl zurück, bis du 5 hast. Gibt es dafür nur eine Möglichkeit, erledigt das die App für dich."},
			"follow":       {"Folgeeffekte", "Verlässt ein Zauber ein Plättchen der Reihe (reserviert oder geschrieben), geben die Insignien des Plättchens jedem anderen Spieler etwas, einem nach dem anderen im Uhrzeigersinn, beginnend links vom aktiven Spieler. Ein aus der Reserve geschriebener Zauber löst nichts aus."},
			"follow-one":   {"Eine Insignie oder zwei gleiche", "Jeder andere Spieler erhält 1 Grunzer dieses Elements."},
			"follow-two":   {"Zwei verschiedene Insignien", "Jeder andere Spieler wählt 1 Grunzer eines der beiden Elemente."},
			"follow-three": {"Drei Insignien", "Jeder andere Spieler darf 1 Grunzer eines Elements zurückgeben, das nicht auf dem Plättchen ist, und dafür bis zu 3 Grunzer in beliebiger Mischung der Elemente des Plättchens nehmen – oder verzichten."},
			"follow-arena": {"Arena (vier Insignien)", "Jeder andere Spieler wählt 1 Grunzer eines beliebigen Elements."},
			"follow-auto":  {"Unsere Entscheidung: automatische Folgeeffekte", "Die App fragt nur, wenn es eine echte Wahl gibt. Eine einzelne Insignie oder zwei gleiche werden automatisch verteilt. Zur Wahl stehen nur Elemente, die der Vorrat noch hat: Ist nur eines übrig, wird es automatisch gegeben, ist keines übrig, bekommt der Spieler nichts. Ein Tausch mit drei Insignien wird automatisch übersprungen, wenn der Spieler keinen Grunzer hat, den er zurückgeben könnte, oder der Vorrat keines der Elemente des Plättchens hat; sonst darf der Spieler tauschen oder verzichten und nur Grunzer verlangen, die der Vorrat hat."},
			"supply":       {"Ein leerer Vorrat", "Was der Vorrat nicht ausgeben kann, bekommt man einfach nicht; später wird nichts nachgeliefert."},
			"refill":       {"Die Reihe auffüllen", "Nach den Folgeeffekten wird das benutzte Plättchen abgelegt, und der Platz bekommt das nächste Plättchen vom Stapel und die oberste Karte des Nachziehstapels."},
			"refill-empty": {"Unsere Entscheidung: wenn die Plättchen ausgehen", "Ist der Plättchenstapel leer, bleibt das benutzte Plättchen an seinem Platz und wirkt weiter. (Mit dem Standardmaterial kann das nicht passieren, weil vorher die Karten knapp werden.)"},
			"end":          {"Spielende", "Das Spiel endet direkt nach dem Auffüllen eines Platzes, wenn der Nachziehstapel dann weniger Karten hat, als Spieler mitspielen. Aus der Reserve schreiben, nehmen und tauschen beenden das Spiel nie."},
			"stall":        {"Unsere Entscheidung: Ein festgefahrenes Spiel endet im Einvernehmen", "Das Spiel ist festgefahren, wenn ein Zug ansteht, die Reserve jedes Spielers voll ist (die Reihe kann sich also nur noch durch Schreiben ändern) und niemand mit seinen Grunzern einen Zauber aus der Reihe oder aus der eigenen Reserve schreiben kann. Dann warnt die App alle, und jede Person am Tisch kann vorschlagen, das Spiel jetzt zu beenden und zu werten. Alle anderen Personen am Tisch müssen zustimmen; Bots werden nicht gefragt und gelten als einverstanden, sodass eine einzelne Person gegen Bots das Spiel sofort beendet. Weiterspielen (nehmen, tauschen, reservieren oder schreiben) lehnt den Vorschlag ab. Sobald alle zugestimmt haben, ist das Spiel vorbei und wird genau wie bei seinem normalen Ende gewertet. Ein Spiel, das nicht festgefahren ist, kann so nicht beendet werden. Der Vorschlag und jede Zustimmung werden in der Aufzeichnung des Spiels gespeichert."},
			"score":        {"Wertung", "Zähle die aufgedruckten Werte der geschriebenen Zauber jedes Spielers zusammen. Hat ein Spieler von einem Element mehr Zauber geschrieben als jeder andere Spieler, zählen seine Zauber dieses Elements doppelt. Reservierte Zauber bringen nichts."},
			"ties":         {"Gleichstand", "Bei gleichen Punkten entscheidet die Zahl verschiedener Elemente unter deinen geschriebenen Zaubern, danach die Grunzer, die du noch hast. Wer dann immer noch gleichauf liegt, teilt sich den Sieg."},
			"seats":        {"Unsere Entscheidung: Plätze und Reihenfolge", "Die Plätze werden ab 0 in der Reihenfolge nummeriert, in der die Spieler eingetragen wurden; im Uhrzeigersinn heißt mit steigender Platznummer, nach dem letzten Platz wieder beim ersten."},
			"take-order":   {"Unsere Entscheidung: wie Aktionen geschrieben werden", "Ein Nehmen ist dieselbe Aktion, egal welches Element zuerst genannt wird; die App speichert seine beiden Elemente in der festen Reihenfolge ASHW, TIDE, GALE, ROOT, sodass jedes Nehmen in einer Aufzeichnung nur eine Schreibweise hat."},
			"draw-ties":    {"Unsere Entscheidung: endlose Gleichstände beim Ziehen", "Sollte das Ziehen um den Startspieler 64 Runden lang unentschieden bleiben (nur mit ungewöhnlichen eigenen Decks möglich), beginnt der niedrigste der gleichauf liegenden Plätze."},
		}
	case lang.Portuguese:
		return map[string]rulingWords{
			"goal":         {"Objetivo", "Junte os feitiços que valem mais pontos. Quando a partida termina, cada feitiço escrito rende seu valor impresso, e os pontos de um elemento dobram para o jogador que tiver estritamente mais feitiços desse elemento do que qualquer outro."},
			"material":     {"O que fica na mesa", "Um baralho de 40 cartas de feitiço (dez por elemento, com valores 2, 3, 4, 5, 5, 6, 7, 8, 9 e 10, cada uma com seu próprio nome), 48 peças de mundo e um suprimento comum com 2 oincs de cada um dos quatro elementos para cada jogador. Os jogadores começam sem oincs. O baralho, as peças e os nomes dos elementos são dados que uma mesa pode trocar por arquivos próprios."},
			"first":        {"Quem começa", "Cada jogador compra uma carta do baralho embaralhado; o app compra por todos a partir da semente da partida e mostra o resultado. A carta mais alta começa; os jogadores empatados na mais alta compram de novo até que um fique à frente. As cartas compradas vão para baixo do baralho. Depois o jogo segue em sentido horário (na ordem dos lugares)."},
			"row":          {"A fileira", "O baralho é embaralhado de novo. Cinco peças são colocadas em fileira, tiradas do topo da pilha de peças embaralhada, e sobre cada uma vai uma carta de feitiço virada para cima, da esquerda para a direita. As cartas restantes formam a pilha de compra, virada para baixo."},
			"turn":         {"Seu turno", "Faça exatamente uma destas coisas: pegar, trocar, reservar ou escrever."},
			"take":         {"Pegar", "Pegue 2 oincs de dois elementos diferentes. Se um deles acabou no suprimento, você recebe só o que houver."},
			"exchange":     {"Trocar", "Devolva 1 oinc e peça de 1 a 3 oincs de um outro elemento. Você recebe quantos o suprimento tiver, até o que pediu."},
			"reserve":      {"Reservar", "Pegue um feitiço de uma peça da fileira e guarde-o escondido à sua frente, para escrevê-lo mais tarde pelo custo normal. Você pode ter 2 feitiços reservados ao mesmo tempo, ou só 1 quando 5 a 8 pessoas jogam. Só feitiços da fileira podem ser reservados, nunca da pilha de compra. Um feitiço reservado que continuar sem escrever no fim não vale nada."},
			"scribe":       {"Escrever", "Pague em oincs o valor impresso de um feitiço, da fileira ou da sua reserva. Um oinc do próprio elemento do feitiço vale 2; qualquer outro oinc, 1. Os oincs pagos voltam para o suprimento."},
			"no-waste":     {"Nossa decisão: nenhum oinc desperdiçado", "Um pagamento não pode conter um oinc que você poderia tirar e ainda cobrir o custo. Assim, um pagamento misto tem que dar o custo exato, e um pagamento feito só com oincs do elemento do feitiço pode passar em 1 (pagar um 9 com cinco do seu elemento pode; acrescentar mais um oinc de outro elemento, não). O app oferece primeiro o pagamento mais barato: menos oincs e, depois, menos oincs do elemento do feitiço."},
			"limit":        {"No máximo cinco oincs", "Sempre que você ficar com mais de 5 oincs (depois de pegar, trocar ou de um efeito de peça), devolve oincs à sua escolha até ficar com 5. Se só houver um jeito de fazer isso, o app faz por você."},
			"follow":       {"Efeitos das peças", "Quando um feitiço sai de uma peça da fileira (reservado ou escrito), as insígnias da peça dão algo a cada um dos outros jogadores, um após o outro em sentido horário, começando à esquerda do jogador ativo. Um feitiço escrito a partir da reserva não ativa nada."},
			"follow-one":   {"Uma insígnia, ou duas iguais", "Cada um dos outros jogadores recebe 1 oinc desse elemento."},
			"follow-two":   {"Duas insígnias diferentes", "Cada um dos outros jogadores escolhe 1 oinc de um dos dois elementos."},
			"follow-three": {"Três insígnias", "Cada um dos outros jogadores pode devolver 1 oinc de um elemento que não aparece na peça e pegar até 3 oincs em qualquer combinação dos elementos da peça, ou recusar."},
			"follow-arena": {"Arena (quatro insígnias)", "Cada um dos outros jogadores escolhe 1 oinc de qualquer elemento."},
			"follow-auto":  {"Nossa decisão: efeitos automáticos", "O app só pergunta quando há uma escolha de verdade. Uma insígnia sozinha ou duas iguais são distribuídas automaticamente. Só se oferece escolha entre os elementos que o suprimento ainda tem: se sobrar só um, ele é dado automaticamente; se não sobrar nenhum, o jogador não recebe nada. A troca de três insígnias é pulada automaticamente quando o jogador não tem nenhum oinc que possa devolver ou o suprimento não tem nenhum dos elementos da peça; caso contrário, o jogador pode trocar ou recusar, e só pode pedir oincs que estejam no suprimento."},
			"supply":       {"Um suprimento vazio", "O que o suprimento não consegue distribuir simplesmente não é recebido; nada fica devendo para depois."},
			"refill":       {"Repor a fileira", "Depois dos efeitos da peça, a peça usada é descartada e o espaço recebe a próxima peça da pilha e a carta do topo da pilha de compra."},
			"refill-empty": {"Nossa decisão: quando as peças acabam", "Se a pilha de peças estiver vazia, a peça usada fica no seu espaço e continua valendo. (Com o material padrão isso não acontece, porque as cartas acabam antes.)"},
			"end":          {"Fim da partida", "A partida termina logo depois que um espaço é reposto, se a pilha de compra ficar então com menos cartas do que há jogadores. Escrever a partir da reserva, pegar e trocar nunca terminam a partida."},
			"stall":        {"Nossa decisão: uma partida travada termina por acordo", "A partida está travada quando há um turno a jogar, a reserva de cada jogador está cheia (então a fileira só pode mudar quando alguém escreve um feitiço) e ninguém consegue escrever nenhum feitiço da fileira ou da própria reserva com os oincs que tem. O app então avisa a todos, e qualquer pessoa sentada à mesa pode propor terminar a partida agora e pontuá-la. Todas as outras pessoas sentadas precisam concordar; os bots não são consultados e contam como de acordo, então uma pessoa sozinha contra bots termina a partida na hora. Continuar jogando (pegar, trocar, reservar ou escrever) recusa a proposta. Quando todos concordam, a partida acaba e é pontuada exatamente como no fim normal. Uma partida que não está travada não pode ser terminada assim. Tanto a proposta quanto cada concordância ficam guardadas no registro da partida."},
			"score":        {"Pontuação", "Some os valores impressos dos feitiços escritos de cada jogador. Para cada elemento, se um jogador escreveu mais feitiços desse elemento do que cada um dos outros jogadores, os feitiços desse elemento contam em dobro para ele. Feitiços reservados não pontuam."},
			"ties":         {"Empates", "Pontos iguais são desempatados pelo número de elementos diferentes entre seus feitiços escritos e, depois, pelos oincs que você ainda tem. Os jogadores que continuarem empatados dividem a vitória."},
			"seats":        {"Nossa decisão: lugares e ordem", "Os lugares são numerados a partir de 0 na ordem em que os jogadores foram cadastrados; sentido horário quer dizer número de lugar crescente, voltando ao primeiro depois do último."},
			"take-order":   {"Nossa decisão: como as ações são escritas", "Pegar é a mesma ação qualquer que seja o elemento citado primeiro; o app guarda os dois elementos na ordem fixa ASHW, TIDE, GALE, ROOT, então cada ação de pegar tem uma única grafia num registro."},
			"draw-ties":    {"Nossa decisão: empates sem fim no sorteio", "Se a compra para decidir quem começa ficar empatada por 64 rodadas (só é possível com baralhos próprios pouco comuns), começa o lugar empatado de número mais baixo."},
		}
	}
	return nil
}
