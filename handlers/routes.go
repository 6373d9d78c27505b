package handlers

import "github.com/labstack/echo/v4"

// routes is the one route table of the app.
func (h *Handler) routes(e *echo.Echo) {
	e.GET("/", h.home)
	e.GET("/healthz", h.healthz)
	e.HEAD("/healthz", h.healthz)

	// Starting games: the game's form, checked, confirmed, created.
	e.GET("/new", h.newIndex)
	e.GET("/new/:game", h.newGamePage)
	e.POST("/new/:game", h.newGameCreate)
	e.GET("/new/:game/advice", h.advice) // the form's advisor (Spells & Arrows)

	// Players: the names this device has used, a player's record across
	// its games, and that record as CSV.
	e.GET("/players", h.players)
	e.GET("/players/:game/attempts.csv", h.playerCSV)

	// Clubs (club.go, club_league.go): phones that share their games; an
	// invite's link shows the club, its button joins. League tables,
	// ratings and every game as CSV, over the games this phone counts.
	e.GET("/club", h.clubShow)
	e.POST("/club", h.clubStart)
	e.POST("/club/invite", h.clubInvite)
	e.POST("/club/invite/:code/revoke", h.clubRevoke)
	e.GET("/club/join/:code", h.clubJoinPage)
	e.POST("/club/join/:code", h.clubJoin)
	e.POST("/club/leave", h.clubLeave)
	e.POST("/club/remove", h.clubRemove)
	e.POST("/club/names/merge", h.clubMerge)
	e.POST("/club/names/split", h.clubSplit)
	e.GET("/league/games.csv", h.gamesCSV)
	e.GET("/league/:game", h.league)
	e.GET("/league/:game/player", h.ratingPage)

	// One game, whatever its kind: its play.Kind draws and checks it.
	e.GET("/g/:id", h.gameShow)
	e.POST("/g/:id/act", h.gameAct)
	e.POST("/g/:id/undo", h.gameUndo)
	// A bot's move, asked for by the page after a short visible pause.
	e.POST("/g/:id/bot", h.gameBot)
	e.POST("/g/:id/sync", h.gameSync) // one tap from a phone's offline outbox
	e.GET("/g/:id/log", h.gameLog)
	e.GET("/g/:id/events", h.gameEvents)
	e.GET("/g/:id/delete", h.gameDeleteConfirm)
	e.POST("/g/:id/delete", h.gameDelete)
	// A damaged record (damaged.go): a new game from its good actions.
	e.POST("/g/:id/keep", h.gameKeep)

	// Seats on separate phones: each seat has its own join link, which
	// shows the seat; its button takes it.
	e.GET("/join/:token", h.joinSeat)
	e.POST("/join/:token", h.takeSeat)

	// Spectators: a random token, never the game id, and read-only.
	e.GET("/watch/:token", h.watchShow)
	e.GET("/watch/:token/events", h.watchEvents)

	// Records and scoresheets, for every game kind: export, import,
	// printable sheets (live, spectator, blank) and share QR codes.
	e.GET("/g/:id/export", h.gameExport)
	e.GET("/g/:id/sheet", h.gameSheet)
	e.GET("/watch/:token/export", h.watchExport)
	e.GET("/watch/:token/sheet", h.watchSheet)
	e.GET("/sheets/:game/blank", h.blankSheet)
	e.GET("/import", h.importForm)
	e.POST("/import", h.importRecord)
	e.GET("/qr.svg", h.qrCode)

	// Rules pages, kept offline by the service worker.
	e.GET("/rules", h.rulesIndex)
	e.GET("/rules/:game", h.rulesPage)

	// App shell.
	e.GET("/offline", h.offline)
	e.GET("/settings", h.settings)        // this phone's court settings, kept in localStorage
	e.GET("/offline/game", h.offlineGame) // a game started offline, drawn by static/offline.js
	e.POST("/sync/new", h.syncCreate)     // a game started offline reaches the server
	e.GET("/sw.js", h.serviceWorker)
	e.GET("/manifest.webmanifest", h.manifest)
	e.GET("/favicon.ico", h.favicon)
	e.GET("/static/*", h.asset)
	e.GET(dictionaryPrefix+"*", h.dictionaryFile) // what answers under /g/ and /watch/ are compressed against
}
