package tower

import (
	"github.com/grimoire-games/grimoire/lang"
	tw "github.com/grimoire-games/grimoire/rules/tower"
)

// The rules page's rulings in each language. The rules core writes them
// in English (rules/tower/rulings.go, the referee's own words); the page
// says them in the reader's language from these maps, by ruling id.
// rules_words_test.go fails when a ruling has no words in a language, when
// a map holds an id the core no longer has, or when the core's English has
// changed since these were written (rulingsSource).
//
// Spell names (Lightning, Fireball, Wave, Tome) and the Field, zone 1's
// name on the game screen, stay names; the rest follows the glossary in
// docs/languages.md.

// rulingsSource is the fingerprint of the core's English rulings (ids,
// titles, texts, options) these translations were made from; the test
// computes it and says when the English has changed.
const rulingsSource = "5dd6115d9c1cab74"

// rulingWords is one ruling's title and text in one language.
type rulingWords struct {
	Title, Text string
}

// rulingsIn is the rulings' words in l, nil for English (and any language
// without its own words): the core's words are the English page's.
func rulingsIn(l lang.Lang) map[string]rulingWords {
	switch l {
	case lang.Spanish:
		return rulingsSpanish
	case lang.French:
		return rulingsFrench
	case lang.German:
		return rulingsGerman
	case lang.Portuguese:
		return rulingsPortuguese
	}
	return nil
}

// rulingTitle is the ruling's title in l (the core's, when l has none).
func rulingTitle(l lang.Lang, rl tw.Ruling) string {
	if w, ok := rulingsIn(l)[rl.ID]; ok {
		return w.Title
	}
	return rl.Title
}

// rulingText is the ruling's text in l (the core's, when l has none).
func rulingText(l lang.Lang, rl tw.Ruling) string {
	if w, ok := rulingsIn(l)[rl.ID]; ok {
		return w.Text
	}
	return rl.Text
}

var rulingsSpanish = map[string]rulingWords{
	"coins": {"Los soldados",
		"El General dirige nueve monedas: tres grandes (L1-L3) con 3 de vida, tres medianas (M1-M3) con 2 y tres pequeñas (S1-S3) con 1. Sus caras se sortean a partir de la semilla de la partida, salvo que el registro de la partida las indique. Una moneda que muestra cruz lleva un escudo."},
	"camp": {"Campamento y zonas",
		"Las monedas esperan en el campamento, cuyas caras solo ve el General. Entre el campamento y la Torre del Mago están las zonas 1 (el Field) a 4; todos ven las monedas que hay en las zonas. Una zona admite cualquier número de soldados en fila, de izquierda a derecha, y el soldado que llega a una zona siempre se coloca en el extremo derecho."},
	"general-turn": {"El turno del General",
		"El General mueve primero. Un turno sigue un orden fijo: primero pone de 1 a 3 monedas del campamento en el Field (ninguna si el campamento está vacío); después hace avanzar soldados; después, si quiere, voltea una moneda; y el turno termina."},
	"advance": {"Avanzar",
		"Desde cada zona pueden pasar hasta 3 soldados a la zona siguiente en un turno. Cada soldado avanza como mucho una zona por turno, y los soldados puestos en el Field en este turno se quedan donde están. Nuestro criterio: el avance desde una zona puede repartirse en varias acciones, las zonas pueden tratarse en cualquier orden y las monedas de una acción entran en la zona siguiente en el orden indicado."},
	"tower": {"Llegar a la Torre",
		"Un soldado que avanza más allá de la zona 4 entra en la Torre, y el General gana en el acto."},
	"flip": {"El volteo del escudo",
		"Una vez por turno, después de avanzar, el General puede voltear a cruz una moneda que muestre cara, en el campamento o en una zona. Nuestro criterio: voltear es lo último que hace el General, así que termina el turno; sin volteo, el General termina el turno con \"end\". Una moneda que ya muestra cruz no se puede voltear."},
	"mage-turn": {"El turno del Mago",
		"El Mago lanza exactamente un hechizo o usa el único pase de la partida."},
	"thumbs": {"La carta y los pulgares",
		"Los dos pulgares empiezan por encima de la primera fila. Para lanzar, el pulgar izquierdo baja al menos una fila y el daño X es el número de la última fila que ha descubierto; el pulgar derecho baja al menos una fila, por su cuenta, y el hechizo es el de la última fila que ha descubierto. Los pulgares nunca vuelven a subir, salvo con el Tome."},
	"thumbs-stay": {"Regla de la casa: un pulgar puede quedarse",
		"Con esta opción activada, un lanzamiento puede dejar cualquiera de los dos pulgares en la fila que ya descubrió, de modo que se puede repetir el mismo daño o el mismo hechizo. Un pulgar que sigue por encima de la primera fila tiene que moverse, porque no descubre nada."},
	"default-card": {"La carta por defecto",
		"De arriba abajo, la carta dice: daño 1, 3, 2, 4, 2, 5, 3, 6 y hechizos Lightning, Wave, Fireball, Lightning, Tome, Wave, Fireball, Lightning. Una mesa puede cargar en su lugar su propio archivo de carta (de 1 a 16 filas, daño de 1 a 99, los cuatro hechizos conocidos)."},
	"lightning": {"Lightning",
		"El Mago reparte X de daño entre soldados de no más de dos zonas, como quiera. Nuestro criterio: las partes suman exactamente X, cada soldado elegido recibe al menos 1, y el daño que le sobra a un soldado simplemente se pierde."},
	"fireball": {"Fireball",
		"Cada zona con soldados pierde uno en la explosión: el Mago elige o bien el soldado que está más a la izquierda en cada zona, o bien el que está más a la derecha en cada zona, y cada uno recibe X de daño."},
	"wave": {"Wave",
		"Cada soldado de una zona recibe X de daño; los que siguen en pie retroceden una zona (del Field, al campamento) y se colocan allí en el extremo derecho, en el orden que tenían. Nuestro criterio: la zona debe tener al menos un soldado."},
	"tome": {"Tome",
		"Un soldado recibe X de daño y después los dos pulgares vuelven por encima de la primera fila, con lo que toda la carta queda abierta de nuevo. Solo un Tome por partida: una vez lanzado, una fila de Tome puede saltarse, pero no elegirse."},
	"damage": {"Escudos y daño",
		"Cuando un soldado con escudo (cruz) recibe un golpe, el escudo absorbe el primer punto y la moneda pasa a cara. Un soldado cuyo daño en este turno alcanza su vida sale de la partida. El daño no se arrastra: se borra cuando termina el turno del Mago, mientras que un escudo roto sigue roto."},
	"aim": {"Los hechizos necesitan un objetivo",
		"Nuestro criterio: cada lanzamiento debe alcanzar al menos a un soldado en una zona; las monedas del campamento no pueden recibir golpes. (Cuando empieza el turno del Mago siempre hay algún soldado en una zona, así que esto nunca impide lanzar.)"},
	"stuck": {"Cuando el Mago no puede lanzar",
		"Nuestro criterio: sin la regla de la casa, un pulgar en la última fila no puede moverse y no se puede lanzar ningún hechizo (lo mismo ocurre cuando las únicas filas que le quedan al pulgar derecho son un Tome ya usado). El Mago debe entonces usar el pase si aún no lo ha gastado. Un Mago que al empezar su turno no puede ni lanzar ni pasar ha perdido: gana el General, porque ya nada puede detener a los soldados."},
	"mage-wins": {"Gana el Mago",
		"El Mago gana en el momento en que se retira el noveno soldado."},
	"position": {"Empezar desde una posición",
		"Nuestro criterio: una partida puede empezar desde un momento anotado en lugar de la apertura (la mesa de pruebas del árbitro, o una disputa sobre monedas reales), y solo se acepta si una partida real pudiera llegar a él; se enumeran todas las razones por las que no podría. El daño nunca forma parte de una posición, ya que solo dura dentro de un lanzamiento. O los dos pulgares están arriba o no lo está ninguno. Con el Tome sin usar, los pulgares arriba significan que el Mago no ha lanzado nada, y sin la regla de la casa los pulgares han descubierto al menos tantas filas como hechizos ha lanzado el Mago. Una partida terminada no es una posición."},
	"turns": {"Cuenta de turnos",
		"Nuestro criterio: el turno 1 es el primer turno del General y la respuesta del Mago; la cuenta sube cuando termina el turno del Mago. No hay límite de turnos: sin la regla de la casa la carta se agota, así que toda partida termina."},
}

var rulingsFrench = map[string]rulingWords{
	"coins": {"Les soldats",
		"Le Général commande neuf pièces : trois grandes (L1-L3) avec 3 points de vie, trois moyennes (M1-M3) avec 2 et trois petites (S1-S3) avec 1. Leurs faces sont tirées au hasard à partir de la graine de la partie, sauf si l'enregistrement de la partie les indique. Une pièce côté pile porte un bouclier."},
	"camp": {"Camp et zones",
		"Les pièces attendent au camp, dont seul le Général voit les faces. Entre le camp et la Tour du Mage s'étendent les zones 1 (le Field) à 4 ; tout le monde voit les pièces qui sont dans les zones. Une zone accueille autant de soldats qu'on veut, alignés de gauche à droite, et un soldat qui arrive dans une zone se place toujours à l'extrémité droite."},
	"general-turn": {"Le tour du Général",
		"Le Général joue en premier. Un tour suit un ordre fixe : d'abord poser de 1 à 3 pièces du camp sur le Field (aucune si le camp est vide) ; puis faire avancer des soldats ; puis, au choix, retourner une pièce ; puis le tour se termine."},
	"advance": {"Avancer",
		"Depuis chaque zone, jusqu'à 3 soldats peuvent passer à la zone suivante en un tour. Chaque soldat avance d'une zone au plus par tour, et les soldats posés sur le Field ce tour-ci restent sur place. Notre arbitrage : l'avancée depuis une zone peut se répartir sur plusieurs actions, les zones peuvent être traitées dans n'importe quel ordre, et les pièces d'une même action rejoignent la zone suivante dans l'ordre donné."},
	"tower": {"Atteindre la Tour",
		"Un soldat qui avance au-delà de la zone 4 entre dans la Tour, et le Général gagne aussitôt."},
	"flip": {"Le retournement du bouclier",
		"Une fois par tour, après avoir avancé, le Général peut retourner côté pile une pièce côté face, au camp ou dans une zone. Notre arbitrage : le retournement est la dernière chose que fait le Général, il termine donc le tour ; sans retournement, le Général termine le tour avec « end ». Une pièce déjà côté pile ne peut pas être retournée."},
	"mage-turn": {"Le tour du Mage",
		"Le Mage lance exactement un sort, ou bien passe son tour, ce qu'il ne peut faire qu'une fois dans la partie."},
	"thumbs": {"La carte et les pouces",
		"Les deux pouces commencent au-dessus de la première ligne. Pour lancer un sort, le pouce gauche descend d'au moins une ligne et les dégâts X sont le nombre de la dernière ligne qu'il a découverte ; le pouce droit descend d'au moins une ligne, indépendamment, et le sort est celui de la dernière ligne qu'il a découverte. Les pouces ne remontent jamais, sauf grâce au Tome."},
	"thumbs-stay": {"Règle maison : un pouce peut rester",
		"Avec cette option, un sort peut laisser l'un ou l'autre pouce sur la ligne qu'il a déjà découverte, si bien que les mêmes dégâts ou le même sort peuvent resservir. Un pouce encore au-dessus de la première ligne doit bouger, puisqu'il ne découvre rien."},
	"default-card": {"La carte par défaut",
		"De haut en bas, la carte indique : dégâts 1, 3, 2, 4, 2, 5, 3, 6 et sorts Lightning, Wave, Fireball, Lightning, Tome, Wave, Fireball, Lightning. Une table peut charger à la place son propre fichier de carte (1 à 16 lignes, dégâts de 1 à 99, les quatre sorts connus)."},
	"lightning": {"Lightning",
		"Le Mage répartit X dégâts comme il le veut entre des soldats pris dans deux zones au plus. Notre arbitrage : les parts font exactement X au total, chaque soldat désigné en reçoit au moins 1, et les dégâts en trop sur un soldat sont simplement perdus."},
	"fireball": {"Fireball",
		"Chaque zone occupée perd un soldat dans l'explosion : le Mage choisit soit le soldat le plus à gauche de chaque zone, soit le plus à droite de chaque zone, et chacun subit X dégâts."},
	"wave": {"Wave",
		"Chaque soldat d'une zone subit X dégâts ; ceux qui tiennent encore debout reculent d'une zone (du Field jusqu'au camp) et s'y placent à l'extrémité droite, dans leur ordre d'origine. Notre arbitrage : la zone doit contenir au moins un soldat."},
	"tome": {"Tome",
		"Un soldat subit X dégâts, puis les deux pouces reviennent au-dessus de la première ligne, ce qui rouvre toute la carte. Un seul Tome par partie : une fois qu'il a été lancé, une ligne Tome peut être dépassée mais pas choisie."},
	"damage": {"Boucliers et dégâts",
		"Quand un soldat protégé (côté pile) est touché, le bouclier absorbe le premier point et la pièce passe côté face. Un soldat dont les dégâts de ce tour atteignent ses points de vie quitte la partie. Les dégâts ne se reportent pas : ils s'effacent à la fin du tour du Mage, alors qu'un bouclier brisé le reste."},
	"aim": {"Un sort a besoin d'une cible",
		"Notre arbitrage : chaque sort doit toucher au moins un soldat dans une zone ; les pièces du camp ne peuvent pas être touchées. (Au début du tour du Mage, il y a toujours un soldat dans une zone : cette règle n'empêche donc jamais de lancer un sort.)"},
	"stuck": {"Quand le Mage ne peut pas lancer de sort",
		"Notre arbitrage : sans la règle maison, un pouce sur la dernière ligne ne peut plus bouger, et aucun sort ne peut être lancé (de même quand les seules lignes qui restent au pouce droit sont un Tome déjà utilisé). Le Mage doit alors passer son tour s'il ne l'a pas encore fait. Un Mage qui, au début d'un tour, ne peut ni lancer de sort ni passer a perdu : le Général gagne, puisque plus rien ne peut arrêter les soldats."},
	"mage-wins": {"Le Mage gagne",
		"Le Mage gagne dès que le neuvième soldat est retiré."},
	"position": {"Partir d'une position",
		"Notre arbitrage : une partie peut commencer à partir d'un moment noté plutôt que du début (le bac à sable de l'arbitre, ou un litige sur de vraies pièces), accepté seulement si une vraie partie pouvait y mener ; chaque raison qui l'en empêche est indiquée. Les dégâts ne font jamais partie d'une position, puisqu'ils ne durent que le temps d'un sort. Les deux pouces sont en haut, ou aucun ne l'est. Tant que le Tome n'a pas servi, des pouces en haut signifient que le Mage n'a encore rien lancé, et sans la règle maison les pouces ont découvert au moins autant de lignes que le Mage a lancé de sorts. Une partie terminée n'est pas une position."},
	"turns": {"Décompte des tours",
		"Notre arbitrage : le tour 1 est le premier tour du Général et la réponse du Mage ; le compteur augmente à la fin du tour du Mage. Il n'y a pas de limite de tours : sans la règle maison, la carte finit par s'épuiser, donc toute partie se termine."},
}

var rulingsGerman = map[string]rulingWords{
	"coins": {"Die Soldaten",
		"Der General befehligt neun Münzen: drei große (L1-L3) mit 3 Lebenspunkten, drei mittlere (M1-M3) mit 2 und drei kleine (S1-S3) mit 1. Welche Seite oben liegt, wird aus dem Startwert des Spiels ausgelost, sofern die Aufzeichnung des Spiels es nicht vorgibt. Eine Münze, die Zahl zeigt, trägt einen Schild."},
	"camp": {"Lager und Zonen",
		"Die Münzen warten im Lager, dessen Seiten nur der General sieht. Zwischen dem Lager und dem Turm des Magiers liegen die Zonen 1 (das Field) bis 4; die Münzen in den Zonen sehen alle. Eine Zone fasst beliebig viele Soldaten in einer Reihe von links nach rechts, und wer in eine Zone kommt, stellt sich immer ans rechte Ende."},
	"general-turn": {"Der Zug des Generals",
		"Der General zieht zuerst. Ein Zug hat eine feste Reihenfolge: zuerst 1 bis 3 Münzen aus dem Lager aufs Field setzen (keine, wenn das Lager leer ist); dann Soldaten vorrücken; dann nach Wunsch eine Münze umdrehen; dann endet der Zug."},
	"advance": {"Vorrücken",
		"Aus jeder Zone dürfen in einem Zug bis zu 3 Soldaten in die nächste Zone vorrücken. Jeder Soldat rückt pro Zug höchstens eine Zone vor, und Soldaten, die in diesem Zug aufs Field gesetzt wurden, bleiben stehen. Unsere Entscheidung: das Vorrücken aus einer Zone darf auf mehrere Aktionen verteilt werden, die Zonen dürfen in beliebiger Reihenfolge drankommen, und die Münzen einer Aktion kommen in der angegebenen Reihenfolge in die nächste Zone."},
	"tower": {"Den Turm erreichen",
		"Ein Soldat, der aus Zone 4 vorrückt, betritt den Turm, und der General gewinnt sofort."},
	"flip": {"Das Umdrehen zum Schild",
		"Einmal pro Zug darf der General nach dem Vorrücken eine Münze, die Kopf zeigt, im Lager oder in einer Zone auf Zahl drehen. Unsere Entscheidung: das Umdrehen ist das Letzte, was der General tut, und beendet daher den Zug; ohne Umdrehen beendet der General den Zug mit „end“. Eine Münze, die schon Zahl zeigt, kann nicht umgedreht werden."},
	"mage-turn": {"Der Zug des Magiers",
		"Der Magier wirkt genau einen Zauber oder setzt aus, was er nur einmal im Spiel darf."},
	"thumbs": {"Die Karte und die Daumen",
		"Beide Daumen beginnen über der ersten Zeile. Zum Zaubern rutscht der linke Daumen mindestens eine Zeile nach unten, und der Schaden X ist die Zahl der letzten Zeile, die er freigelegt hat; der rechte Daumen rutscht unabhängig davon mindestens eine Zeile nach unten, und der Zauber ist der auf der letzten Zeile, die er freigelegt hat. Die Daumen rutschen nie wieder nach oben, außer durch Tome."},
	"thumbs-stay": {"Hausregel: Ein Daumen darf bleiben",
		"Ist dieser Schalter an, darf ein Zauber jeden der beiden Daumen auf der Zeile lassen, die er schon freigelegt hat, sodass derselbe Schaden oder derselbe Zauber noch einmal genutzt werden kann. Ein Daumen, der noch über der ersten Zeile steht, muss sich bewegen, da er nichts freilegt."},
	"default-card": {"Die Standardkarte",
		"Von oben nach unten steht auf der Karte: Schaden 1, 3, 2, 4, 2, 5, 3, 6 und die Zauber Lightning, Wave, Fireball, Lightning, Tome, Wave, Fireball, Lightning. Ein Tisch kann stattdessen eine eigene Kartendatei laden (1 bis 16 Zeilen, Schaden 1 bis 99, die vier bekannten Zauber)."},
	"lightning": {"Lightning",
		"Der Magier verteilt X Schaden beliebig auf Soldaten aus höchstens zwei Zonen. Unsere Entscheidung: die Anteile ergeben zusammen genau X, jeder genannte Soldat erhält mindestens 1, und Schaden über das hinaus, was ein Soldat verträgt, verfällt einfach."},
	"fireball": {"Fireball",
		"Jede Zone mit Soldaten verliert durch die Explosion einen davon: Der Magier wählt entweder in jeder Zone den Soldaten ganz links oder in jeder Zone den ganz rechts, und jeder von ihnen erleidet X Schaden."},
	"wave": {"Wave",
		"Jeder Soldat einer Zone erleidet X Schaden; wer noch steht, wird eine Zone zurückgedrängt (vom Field zurück ins Lager) und reiht sich dort in seiner bisherigen Reihenfolge am rechten Ende ein. Unsere Entscheidung: die Zone muss mindestens einen Soldaten enthalten."},
	"tome": {"Tome",
		"Ein Soldat erleidet X Schaden, dann kehren beide Daumen über die erste Zeile zurück, und die ganze Karte ist wieder offen. Nur ein Tome pro Spiel: Ist er gewirkt, darf eine Tome-Zeile übersprungen, aber nicht gewählt werden."},
	"damage": {"Schilde und Schaden",
		"Wird ein Soldat mit Schild (Zahl) getroffen, fängt der Schild den ersten Punkt ab, und die Münze wird auf Kopf gedreht. Ein Soldat, dessen Schaden in diesem Zug seine Lebenspunkte erreicht, scheidet aus. Schaden bleibt nicht bestehen: Er verfällt am Ende des Zugs des Magiers, während ein zerbrochener Schild zerbrochen bleibt."},
	"aim": {"Zauber brauchen ein Ziel",
		"Unsere Entscheidung: jeder Zauber muss mindestens einen Soldaten in einer Zone treffen; Münzen im Lager können nicht getroffen werden. (Zu Beginn des Zugs des Magiers steht immer ein Soldat in einer Zone, also verhindert das nie einen Zauber.)"},
	"stuck": {"Wenn der Magier nicht zaubern kann",
		"Unsere Entscheidung: ohne die Hausregel kann sich ein Daumen auf der untersten Zeile nicht mehr bewegen, und es kann kein Zauber gewirkt werden (ebenso, wenn dem rechten Daumen nur noch Zeilen mit einem verbrauchten Tome bleiben). Der Magier muss dann aussetzen, sofern er das noch nicht getan hat. Ein Magier, der zu Beginn eines Zugs weder zaubern noch aussetzen kann, hat verloren: Der General gewinnt, da nichts die Soldaten mehr aufhalten kann."},
	"mage-wins": {"Der Magier gewinnt",
		"Der Magier gewinnt in dem Moment, in dem der neunte Soldat entfernt wird."},
	"position": {"Von einer Stellung aus beginnen",
		"Unsere Entscheidung: ein Spiel darf statt mit der Eröffnung mit einem festgehaltenen Moment beginnen (in der Sandbox des Schiedsrichters oder bei einem Streit über echte Münzen), der nur angenommen wird, wenn ein echtes Spiel ihn erreichen könnte; jeder Grund, warum es das nicht könnte, wird aufgeführt. Schaden gehört nie zu einer Stellung, da er nur innerhalb eines Zaubers gilt. Entweder stehen beide Daumen oben oder keiner. Solange Tome unbenutzt ist, bedeuten Daumen oben, dass der Magier noch nichts gewirkt hat, und ohne die Hausregel haben die Daumen mindestens so viele Zeilen freigelegt, wie der Magier Zauber gewirkt hat. Ein beendetes Spiel ist keine Stellung."},
	"turns": {"Zugzählung",
		"Unsere Entscheidung: Zug 1 ist der erste Zug des Generals samt der Antwort des Magiers; gezählt wird weiter, wenn der Zug des Magiers endet. Es gibt keine Zugbegrenzung: Ohne die Hausregel ist die Karte irgendwann aufgebraucht, also endet jedes Spiel."},
}

var rulingsPortuguese = map[string]rulingWords{
	"coins": {"Os soldados",
		"O General comanda nove moedas: três grandes (L1-L3) com 3 de vida, três médias (M1-M3) com 2 e três pequenas (S1-S3) com 1. As faces começam sorteadas a partir da semente da partida, a menos que o registro da partida as informe. Uma moeda que mostra coroa carrega um escudo."},
	"camp": {"Acampamento e zonas",
		"As moedas esperam no acampamento, cujas faces só o General vê. Entre o acampamento e a Torre do Mago ficam as zonas 1 (o Field) a 4; todos veem as moedas que estão nas zonas. Uma zona comporta qualquer número de soldados em fila, da esquerda para a direita, e o soldado que chega a uma zona sempre fica na ponta direita."},
	"general-turn": {"O turno do General",
		"O General joga primeiro. Um turno segue uma ordem fixa: primeiro colocar de 1 a 3 moedas do acampamento no Field (nenhuma quando o acampamento está vazio); depois avançar soldados; depois, se quiser, virar uma moeda; e então o turno termina."},
	"advance": {"Avançar",
		"De cada zona, até 3 soldados podem passar para a zona seguinte em um turno. Cada soldado avança no máximo uma zona por turno, e os soldados colocados no Field neste turno ficam parados. Nossa decisão: o avanço a partir de uma zona pode ser dividido em várias ações, as zonas podem ser tratadas em qualquer ordem, e as moedas de uma ação entram na zona seguinte na ordem listada."},
	"tower": {"Chegar à Torre",
		"Um soldado que avança para além da zona 4 entra na Torre, e o General vence na hora."},
	"flip": {"A virada do escudo",
		"Uma vez por turno, depois de avançar, o General pode virar para coroa uma moeda que mostra cara, no acampamento ou em uma zona. Nossa decisão: virar é a última coisa que o General faz, então isso encerra o turno; sem virar, o General encerra o turno com \"end\". Uma moeda que já mostra coroa não pode ser virada."},
	"mage-turn": {"O turno do Mago",
		"O Mago lança exatamente um feitiço ou passa a vez, o que só pode fazer uma vez na partida."},
	"thumbs": {"A carta e os polegares",
		"Os dois polegares começam acima da primeira linha. Para lançar, o polegar esquerdo desce pelo menos uma linha e o dano X é o número da última linha que ele descobriu; o polegar direito desce pelo menos uma linha, de forma independente, e o feitiço é o da última linha que ele descobriu. Os polegares nunca voltam a subir, a não ser pelo Tome."},
	"thumbs-stay": {"Regra da casa: um polegar pode ficar",
		"Com esta opção ligada, um lançamento pode deixar qualquer um dos polegares na linha que ele já descobriu, de modo que o mesmo dano ou o mesmo feitiço pode ser usado de novo. Um polegar que ainda está acima da primeira linha precisa se mover, já que não descobre nada."},
	"default-card": {"A carta padrão",
		"De cima para baixo, a carta traz: dano 1, 3, 2, 4, 2, 5, 3, 6 e feitiços Lightning, Wave, Fireball, Lightning, Tome, Wave, Fireball, Lightning. Uma mesa pode carregar seu próprio arquivo de carta no lugar dela (de 1 a 16 linhas, dano de 1 a 99, os quatro feitiços conhecidos)."},
	"lightning": {"Lightning",
		"O Mago divide X de dano como quiser entre soldados de no máximo duas zonas. Nossa decisão: as partes somam exatamente X, cada soldado escolhido recebe pelo menos 1, e o dano além do que um soldado precisa simplesmente se perde."},
	"fireball": {"Fireball",
		"Cada zona com soldados perde um deles na explosão: o Mago escolhe ou o soldado mais à esquerda de cada zona ou o mais à direita de cada zona, e cada um sofre X de dano."},
	"wave": {"Wave",
		"Cada soldado de uma zona sofre X de dano; os que continuam de pé são empurrados uma zona para trás (do Field, de volta ao acampamento) e entram lá na ponta direita, na ordem em que estavam. Nossa decisão: a zona precisa ter pelo menos um soldado."},
	"tome": {"Tome",
		"Um soldado sofre X de dano, e depois os dois polegares voltam para cima da primeira linha, abrindo a carta inteira de novo. Só um Tome por partida: depois de lançado, uma linha de Tome pode ser pulada, mas não escolhida."},
	"damage": {"Escudos e dano",
		"Quando um soldado com escudo (coroa) é atingido, o escudo absorve o primeiro ponto e a moeda vira para cara. Um soldado cujo dano neste turno alcança sua vida sai do jogo. O dano não se acumula: ele é apagado quando o turno do Mago termina, enquanto um escudo quebrado continua quebrado."},
	"aim": {"Feitiços precisam de um alvo",
		"Nossa decisão: todo lançamento precisa atingir pelo menos um soldado em uma zona; moedas no acampamento não podem ser atingidas. (Quando o turno do Mago começa, sempre há um soldado em alguma zona, então isso nunca impede um lançamento.)"},
	"stuck": {"Quando o Mago não pode lançar",
		"Nossa decisão: sem a regra da casa, um polegar na última linha não pode se mover, e nenhum feitiço pode ser lançado (o mesmo vale quando as únicas linhas que restam para o polegar direito são um Tome já usado). O Mago então precisa passar a vez, se ainda não tiver passado. Um Mago que, no início de um turno, não pode nem lançar nem passar a vez perdeu: o General vence, já que nada mais pode deter os soldados."},
	"mage-wins": {"O Mago vence",
		"O Mago vence no momento em que o nono soldado é removido."},
	"position": {"Começar de uma posição",
		"Nossa decisão: uma partida pode começar de um momento anotado em vez da abertura (a sandbox do árbitro, ou uma disputa sobre moedas de verdade), aceito só se uma partida real pudesse chegar a ele; cada motivo pelo qual não poderia é listado. O dano nunca faz parte de uma posição, já que só dura dentro de um lançamento. Ou os dois polegares estão no topo, ou nenhum está. Com o Tome ainda não usado, polegares no topo significam que o Mago não lançou nada, e sem a regra da casa os polegares descobriram pelo menos tantas linhas quanto os feitiços que o Mago lançou. Uma partida terminada não é uma posição."},
	"turns": {"Contagem de turnos",
		"Nossa decisão: o turno 1 é o primeiro turno do General mais a resposta do Mago; a contagem sobe quando o turno do Mago termina. Não há limite de turnos: sem a regra da casa a carta se esgota, então toda partida termina."},
}

// rulesTitle is the page's title (the browser's tab) in l; the game's
// name stays a name.
func rulesTitle(l lang.Lang, en string) string {
	switch l {
	case lang.Spanish:
		return "Reglas de Mage's Tower"
	case lang.French:
		return "Règles de Mage's Tower"
	case lang.German:
		return "Regeln von Mage's Tower"
	case lang.Portuguese:
		return "Regras de Mage's Tower"
	}
	return en
}
