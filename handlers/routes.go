package handlers

import (
	"github.com/labstack/echo/v4"
	echomw "github.com/labstack/echo/v4/middleware"

	"github.com/grimoire-games/grimoire/handlers/middleware"
)

// routes is the one route table of the app, and where each route gets the
// middleware of its kind, after the app-wide ones (Echo): nothing else
// looks at a request's path to know what it is. The routes of files and
// the health check go into sessionless (middleware.Session).
func (h *Handler) routes(e *echo.Echo, sessionless map[string]bool) {
	// A page or a write: a time limit on its work.
	timeLimit := echomw.ContextTimeout(requestTimeout)
	app := []echo.MiddlewareFunc{timeLimit}
	// A game's pages, taps and refreshes: compressed against the
	// dictionary for a browser that holds it, and never stored by a
	// cache (they hold its join links and record).
	game := []echo.MiddlewareFunc{h.inDictionaryScope(scopeGame), timeLimit, middleware.NoStore}
	// A spectator's: the dictionary's copy for /watch/.
	watch := []echo.MiddlewareFunc{h.inDictionaryScope(scopeWatch), timeLimit}
	// An event stream: no time limit, no compression, a deadline per
	// write.
	stream := func(scope int, m ...echo.MiddlewareFunc) []echo.MiddlewareFunc {
		return append([]echo.MiddlewareFunc{middleware.EventStream(streamWriteTimeout), h.inDictionaryScope(scope)}, m...)
	}
	// A file (an asset, the dictionary, the service worker, the manifest,
	// the icon) has longer to be written, and like the health check no
	// session.
	fileDeadline := middleware.WriteDeadline(h.limits.StaticWriteTimeout)
	file := func(path string, serve echo.HandlerFunc) {
		sessionless[e.GET(path, serve, fileDeadline, timeLimit).Path] = true
	}
	health := func(r *echo.Route) { sessionless[r.Path] = true }

	e.GET("/", h.home, app...)
	health(e.GET("/healthz", h.healthz, timeLimit))
	health(e.HEAD("/healthz", h.healthz, timeLimit))

	// Starting games: the game's form, checked, confirmed, created.
	e.GET("/new", h.newIndex, app...)
	e.GET("/new/:game", h.newGamePage, app...)
	e.POST("/new/:game", h.newGameCreate, timeLimit, middleware.CreationCheck(h.creations.Check))
	e.GET("/new/:game/advice", h.advice, app...) // the form's advisor (Spells & Arrows)

	// The referee's sandbox (sandbox.go): a position set up by hand,
	// checked by a GET (the query is the position), played on by a POST
	// counted like any new game.
	e.GET("/sandbox", h.sandboxIndex, app...)
	e.GET("/sandbox/:game", h.sandboxPage, app...)
	e.POST("/sandbox/:game", h.sandboxPlay, timeLimit, middleware.CreationCheck(h.creations.Check))

	// Players: the names this device has used, a player's record across
	// its games, and that record as CSV.
	e.GET("/players", h.players, app...)
	e.GET("/players/:game/attempts.csv", h.playerCSV, app...)

	// Clubs (club.go, club_league.go): phones that share their games; an
	// invite's link shows the club, its button joins. League tables,
	// ratings and every game as CSV, over the games this phone counts.
	e.GET("/club", h.clubShow, app...)
	e.POST("/club", h.clubStart, app...)
	e.POST("/club/invite", h.clubInvite, app...)
	e.POST("/club/invite/:code/revoke", h.clubRevoke, app...)
	e.GET("/club/join/:code", h.clubJoinPage, app...)
	e.POST("/club/join/:code", h.clubJoin, app...)
	e.POST("/club/leave", h.clubLeave, app...)
	e.POST("/club/remove", h.clubRemove, app...)
	e.POST("/club/names/merge", h.clubMerge, app...)
	e.POST("/club/names/split", h.clubSplit, app...)
	e.GET("/league/games.csv", h.gamesCSV, app...)
	e.GET("/league/:game", h.league, app...)
	e.GET("/league/:game/player", h.ratingPage, app...)

	// One game, whatever its kind: its play.Kind draws and checks it.
	e.GET("/g/:id", h.gameShow, game...)
	e.POST("/g/:id/act", h.gameAct, game...)
	e.POST("/g/:id/undo", h.gameUndo, game...)
	// A bot's move, asked for by the page after a short visible pause.
	e.POST("/g/:id/bot", h.gameBot, game...)
	e.POST("/g/:id/sync", h.gameSync, game...) // one tap from a phone's offline outbox
	e.GET("/g/:id/log", h.gameLog, game...)
	e.GET("/g/:id/replay", h.gameReplay, game...) // any moment, read-only (replay_show.go)
	e.GET("/g/:id/events", h.gameEvents, stream(scopeGame, middleware.NoStore)...)
	e.GET("/g/:id/delete", h.gameDeleteConfirm, game...)
	e.POST("/g/:id/delete", h.gameDelete, game...)
	// A damaged record (damaged.go): a new game from its good actions.
	e.POST("/g/:id/keep", h.gameKeep, game...)
	// Continue from here (game_fork.go): a new game from a moment of
	// this one, counted as a new game by the creation limit.
	e.POST("/g/:id/fork", h.gameFork, append(game[:len(game):len(game)], middleware.CreationCheck(h.creations.Check))...)
	// "Since you last looked" (game_recap.go): the panel alone, for a
	// page looked at again, or dismissed.
	e.GET("/g/:id/recap", h.recapShow, game...)

	// Seats on separate phones: each seat has its own join link, which
	// shows the seat; its button takes it.
	join := []echo.MiddlewareFunc{timeLimit, middleware.NoStore}
	e.GET("/join/:token", h.joinSeat, join...)
	e.POST("/join/:token", h.takeSeat, join...)

	// Spectators: a random token, never the game id, and read-only.
	e.GET("/watch/:token", h.watchShow, watch...)
	e.GET("/watch/:token/events", h.watchEvents, stream(scopeWatch)...)
	e.GET("/watch/:token/replay", h.watchReplay, watch...)
	e.GET("/watch/:token/recap", h.recapShow, watch...)

	// Records and scoresheets, for every game kind: export, import,
	// printable sheets (live, spectator, blank) and share QR codes.
	e.GET("/g/:id/export", h.gameExport, game...)
	e.GET("/g/:id/sheet", h.gameSheet, game...)
	e.GET("/watch/:token/export", h.watchExport, watch...)
	e.GET("/watch/:token/sheet", h.watchSheet, watch...)
	e.GET("/sheets/:game/blank", h.blankSheet, app...)
	e.GET("/import", h.importForm, app...)
	e.POST("/import", h.importRecord, app...)
	e.GET("/qr.svg", h.qrCode, app...)

	// Rules pages, kept offline by the service worker.
	e.GET("/rules", h.rulesIndex, app...)
	e.GET("/rules/:game", h.rulesPage, app...)

	// App shell.
	e.GET("/offline", h.offline, app...)
	e.GET("/settings", h.settings, app...)        // this phone's court settings, kept in localStorage
	e.POST("/language", h.setLanguage, app...)    // the language switch (footer, /settings): a cookie
	e.GET("/offline/game", h.offlineGame, app...) // a game started offline, drawn by static/offline.js
	e.POST("/sync/new", h.syncCreate, app...)     // a game started offline reaches the server
	file("/sw.js", h.serviceWorker)
	file("/manifest.webmanifest", h.manifest)
	file("/favicon.ico", h.favicon)
	file("/static/*", h.asset)
	file(dictionaryPrefix+"*", h.dictionaryFile) // what answers under /g/ and /watch/ are compressed against
}
