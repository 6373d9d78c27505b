// Package views holds the templ components every screen shares: the page
// layout, home, errors and the rules index. Game screens live in their own
// packages (views/spellsarrows, ...). Views take plain view-model structs:
// no database, session or rules calls happen inside a template.
package views

import (
	"context"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/rules/say"
)

// Assets is what the layout asks of the app's files: the hashed URL of one
// by its logical name (*static.Assets). An interface rather than the static
// type, so views does not import static: the WebAssembly module draws game
// screens with views but no layout, and static's hashing would bring
// crypto/sha256 and the FIPS module's packages into it.
type Assets interface {
	URL(name string) string
	// ModuleURL is the offline module a page of the game with this id
	// loads, or the one with every game for "".
	ModuleURL(game string) string
	// ModuleSizes is every offline module's decoded size by URL: what a
	// page counts its download's progress against.
	ModuleSizes() map[string]int
}

// Page is what the layout needs around any screen.
type Page struct {
	Title   string
	Section string // "home", "new", "rules": marks the current nav link
	CSRF    string // token sent by htmx in a header and by plain forms in a field
	Assets  Assets
	Flash   string // one-line notice shown above the content
	Live    string // event-stream URL when the screen shows a live game
	Version int    // version of the game the screen shows (with Live)
	// Play marks a game's screen: its taps go through static/offline.js
	// from the first one, so the script comes with the page. Elsewhere
	// the page works without it, and app.js loads it once the page has
	// loaded: 9 KB less before a first visit is usable.
	Play bool
	// Game is the id of the one game the screen is about (a game, its
	// new-game form, its rules), "" for none: the page loads that game's
	// offline module, smaller than the one with every game.
	Game string
	// Players are the names this device has used, newest first, offered
	// by the new-game forms' name fields (KnownPlayers).
	Players []string
	// Dictionary is the URL of the dictionary the server compresses game
	// answers against, for the browser to fetch when idle ("" none).
	Dictionary string
	// Recap and Forks are a game page's "since you last looked" and the
	// lines naming the games it was continued from or as (recap.templ).
	Recap *Recap
	Forks []ForkLine
	// Back is the path (and query) of this page, where the language
	// switch brings the browser back to ("/" when the page answered a
	// write).
	Back string
}

// csrfHeaders is the hx-headers value that makes every htmx request carry
// the CSRF token.
func csrfHeaders(token string) string {
	b, _ := json.Marshal(map[string]string{"X-CSRF-Token": token})
	return string(b)
}

// moduleList is the offline modules for static/app.js to fetch when idle:
// their decoded sizes by URL, as JSON.
func moduleList(p Page) string {
	b, _ := json.Marshal(p.Assets.ModuleSizes())
	return string(b)
}

// manifestURL is the web app manifest in the page's language: named in
// the link, as a browser fetches a manifest without cookies.
func manifestURL(ctx context.Context) templ.SafeURL {
	if l := lang.From(ctx); l != lang.English && l != lang.Pseudo {
		return templ.SafeURL("/manifest.webmanifest?lang=" + l.Tag())
	}
	return "/manifest.webmanifest"
}

// moduleWords is the file of the page's language the offline module loads
// (lang.Load): "" for English and the tests' pseudo-language, which the
// module holds itself.
func moduleWords(ctx context.Context, p Page) string {
	l := lang.From(ctx)
	if l == lang.English || l == lang.Pseudo {
		return ""
	}
	return p.Assets.URL("lang/" + l.Tag() + ".json")
}

// Words is the catalog's words for key in the language of ctx, as text
// content. English pages stay byte for byte what they were when their
// words were written into the templates: only &, < and > are escaped, as
// a text node needs, where a { } expression would also escape quotes and
// apostrophes. Attributes take lang.T in a { } expression, escaped fully.
func Words(key lang.Key, args ...any) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		_, err := io.WriteString(w, textEscaper.Replace(lang.T(ctx, key, args...)))
		return err
	})
}

var textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// WordsAround is key's words with inner drawn where the sentence takes its
// first argument (%s, or %[1]s wherever a language puts it) and args as the
// arguments after it: for a sentence with a name set in <strong> or a link
// in it, which the catalog cannot hold as markup (Words escapes it) and a
// translator must still be free to move. The words around it are escaped
// as Words escapes them.
func WordsAround(key lang.Key, inner templ.Component, args ...any) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		s := lang.T(ctx, key, append([]any{hole}, args...)...)
		before, after, _ := strings.Cut(s, hole)
		if _, err := io.WriteString(w, textEscaper.Replace(before)); err != nil {
			return err
		}
		if err := inner.Render(ctx, w); err != nil {
			return err
		}
		_, err := io.WriteString(w, textEscaper.Replace(after))
		return err
	})
}

// hole marks inner's place in WordsAround's sentence: a private-use
// character no catalog writes.
const hole = "\uE000"

// currentLang marks the switch's button of the language ctx speaks.
func currentLang(ctx context.Context, l lang.Lang) string {
	if lang.From(ctx) == l {
		return "true"
	}
	return "false"
}

func current(p Page, section string) string {
	if p.Section == section {
		return "page"
	}
	return "false"
}

func itoa(n int) string { return strconv.Itoa(n) }

// The announcement strip: AnnounceStripID is the layout's live region,
// AnnounceID the fragment a game screen sends its announcement in (see
// Announce). Both ids are read by static/screen.js.
const (
	AnnounceStripID = "announce"
	AnnounceID      = "announce-src"
)

// AnnounceFragment is the announcement of a game screen as a fragment. Its
// seq changes with every action, so it is sent after each one (and its
// empty words clear the strip); a refused tap leaves the strip as it was.
func AnnounceFragment(seq int, said Said) Fragment {
	return Fragment{ID: AnnounceID, Component: Announce(seq, said)}
}

// Said is what a game screen says about the last action. Text is the
// announcement strip's words, the big moments only (nothing for an
// ordinary tap); Short and Full are the calls a phone may speak after
// every tap (static/court.js, as the phone's settings choose), in a few
// words and in full. All three are made in Go, once, by the game's views,
// so the server's screen, the phone's offline screen, the live region and
// the voice say the same thing, each in the reader's language.
type Said struct {
	Text, Short, Full say.Text
}

// Spoken is a call in the language of ctx as a voice reads it: a log
// line's arrow ("W3 → W4") becomes the language's word for "to".
func Spoken(ctx context.Context, t say.Text) string {
	return strings.ReplaceAll(lang.Say(ctx, t), " → ", " "+lang.T(ctx, lang.CallArrowTo)+" ")
}

// Fragment is one part of a game screen with a fixed element id. A full page
// renders every fragment inside its element; an htmx response carries only
// those whose HTML changed, each swapped out of band into its element.
type Fragment struct {
	ID        string
	Component templ.Component
	// Fresh asks for the fragment to be sent even when its HTML did not
	// change: the client's copy may carry a half-made selection (a GET step
	// of the screen) that a fresh draw must replace.
	Fresh bool
	// Fixed says the fragment's HTML is the same on every screen of the
	// game that this viewer is shown (the same play.Table but for its
	// actions and version): at every version and every step. It may hang
	// only on the game's setup and on who looks, never on what was played.
	// A server may then reuse the HTML it drew for this viewer at another
	// version instead of drawing it again.
	Fixed bool
}

// OnePage is a sheet's promise on paper when it has nothing more to print.
const OnePage = "The sheet fits one A4 or Letter page."

// SheetHead is the top of every scoresheet and the screen-only links around
// it (views/sheets draws the sheets themselves).
type SheetHead struct {
	Game    string // "Spells & Arrows"
	Title   string // players, or "Blank scoresheet"
	Status  string // "Finished", "In progress: turn 2 of 5 ..."; "" on a blank sheet
	Result  string // the result line; "" while the game runs
	Printed string // when the sheet was drawn, in English
	// PrintedAt is when the sheet was drawn, said in the page's language
	// in place of Printed when set.
	PrintedAt time.Time
	Blank     bool
	// Pages is what the sheet promises on paper ("" is OnePage); Dense
	// prints it smaller, for a game whose rows would not fit otherwise.
	// Chromium's print to PDF checks both (handlers' Browser tests).
	Pages string
	Dense bool
	Live  bool // the game is still running: the sheet is its state now

	BackURL   string // screen only
	ExportURL string // screen only
	BlankURL  string // screen only
}

// ImportHeld is the answer to an import of a game the phone already holds.
type ImportHeld struct {
	Title       string // the held game's title
	URL         string // the held game's page
	Actions     int    // actions of the imported record
	HeldActions int    // actions in force in the held game (>= Actions)
}

// Says is the page's sentence on how the record stands to the held game.
func (h ImportHeld) Says(ctx context.Context) string {
	if h.Actions == h.HeldActions {
		return lang.T(ctx, lang.ImportHeldSame, h.Title)
	}
	switch h.Actions {
	case 0:
		return lang.T(ctx, lang.ImportHeldStart, h.Title, h.HeldActions)
	case 1:
		return lang.T(ctx, lang.ImportHeldOne, h.Title, h.HeldActions)
	}
	return lang.T(ctx, lang.ImportHeldEarlier, h.Title, strconv.Itoa(h.Actions), h.HeldActions)
}

// ImportForm is the record import page's form.
type ImportForm struct {
	Pasted string // pasted JSON, shown again after a refusal
	Source string // which file (or "the pasted record") was read
	Error  string // why the record was refused: "action 3: ..." etc.
}
