package sqlite

// migrations are applied in order; PRAGMA user_version records how many ran.
// Never edit one that has shipped: append a new one.
var migrations = []string{
	`
CREATE TABLE games (
	id              TEXT PRIMARY KEY,
	kind            TEXT NOT NULL,
	title           TEXT NOT NULL,
	owner           TEXT NOT NULL,
	spectator_token TEXT NOT NULL UNIQUE,
	seed            INTEGER NOT NULL,
	setup           TEXT CHECK (setup IS NULL OR json_valid(setup)),
	version         INTEGER NOT NULL DEFAULT 0,
	created         INTEGER NOT NULL, -- unix ms, UTC
	updated         INTEGER NOT NULL  -- unix ms, UTC
) STRICT;
CREATE INDEX games_owner_updated ON games (owner, updated);

CREATE TABLE entries (
	game_id   TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seq       INTEGER NOT NULL,
	kind      TEXT NOT NULL CHECK (kind IN ('action', 'undo')),
	action    TEXT CHECK (action IS NULL OR json_valid(action)),
	seat      INTEGER NOT NULL,
	client_id TEXT, -- NULL: the write carried no idempotency key
	at        INTEGER NOT NULL, -- unix ms, UTC
	PRIMARY KEY (game_id, seq),
	UNIQUE (game_id, client_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE seats (
	game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	idx     INTEGER NOT NULL,
	name    TEXT NOT NULL,
	token   TEXT NOT NULL UNIQUE,
	holder  TEXT NOT NULL DEFAULT '', -- '' while free
	PRIMARY KEY (game_id, idx)
) STRICT;
-- Games(owner) looks seats up by holder; free seats are not worth indexing.
CREATE INDEX seats_holder ON seats (holder) WHERE holder <> '';
`,
	// CountGamesSince counts a device's games by creation time.
	`CREATE INDEX games_owner_created ON games (owner, created);`,
	// Games(owner) finds a device's games through games_owner_created and
	// seats_holder and sorts the few it finds; this index served no query,
	// yet every tap moves games.updated and so rewrote an entry of it: one
	// more page in each commit.
	`DROP INDEX games_owner_updated;`,
	// The session keys that sign the phones' cookies live with the games
	// they open: a data directory restored from a backup, or a cut that
	// keeps the database, keeps them too. pos 0 is the newest.
	`CREATE TABLE session_keys (
	pos INTEGER PRIMARY KEY,
	key TEXT NOT NULL UNIQUE
) STRICT;`,
	// Clubs: phones that share their games (store/club.go). A member's
	// row stays when it leaves (left_at), so its games from before stay
	// with the club; a device is a member of one club at a time.
	`
CREATE TABLE clubs (
	id      TEXT PRIMARY KEY,
	name    TEXT NOT NULL,
	owner   TEXT NOT NULL,
	starter TEXT NOT NULL, -- the device that started it, for the limit
	created INTEGER NOT NULL -- unix ms, UTC
) STRICT;
CREATE INDEX clubs_starter_created ON clubs (starter, created);

CREATE TABLE club_members (
	club_id TEXT NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
	device  TEXT NOT NULL,
	joined  INTEGER NOT NULL,
	left_at INTEGER, -- NULL while a member
	removed INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (club_id, device)
) STRICT;
CREATE UNIQUE INDEX club_members_one_club ON club_members (device) WHERE left_at IS NULL;

CREATE TABLE club_invites (
	code      TEXT PRIMARY KEY,
	club_id   TEXT NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
	by_device TEXT NOT NULL,
	created   INTEGER NOT NULL,
	expires   INTEGER NOT NULL,
	revoked   INTEGER NOT NULL DEFAULT 0,
	used_by   TEXT NOT NULL DEFAULT '',
	used_at   INTEGER
) STRICT;
CREATE INDEX club_invites_club ON club_invites (club_id, created);

CREATE TABLE club_names (
	club_id   TEXT NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
	name      TEXT NOT NULL,
	into_name TEXT NOT NULL,
	PRIMARY KEY (club_id, name)
) STRICT;
`,
	// Forks and looks (store/fork.go): a game continued from a moment of
	// another, and the version of a game each device last looked at. A
	// fork's row goes with the fork; its from_id is no reference, so the
	// fork still says where it came from once the original is deleted.
	`
CREATE TABLE forks (
	game_id TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	from_id TEXT NOT NULL,
	at      INTEGER NOT NULL
) STRICT;
CREATE INDEX forks_from ON forks (from_id);

CREATE TABLE looks (
	game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	device  TEXT NOT NULL,
	version INTEGER NOT NULL,
	PRIMARY KEY (game_id, device)
) STRICT, WITHOUT ROWID;
`,
}
