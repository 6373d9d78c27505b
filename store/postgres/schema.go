package postgres

// migrations are applied in order inside one transaction each run;
// schema_version records how many ran. Never edit one that has shipped:
// append a new one. Tables are created in the first schema of search_path, so
// several deployments (or tests) can share a database.
//
// JSON columns are json, not jsonb: json keeps the bytes the rules package
// wrote (key order, spacing), so a log reads back exactly as SQLite returns it.
var migrations = []string{
	`
CREATE TABLE games (
	id              text PRIMARY KEY,
	kind            text NOT NULL,
	title           text NOT NULL,
	owner           text NOT NULL,
	spectator_token text NOT NULL UNIQUE,
	seed            bigint NOT NULL,
	setup           json,
	version         integer NOT NULL DEFAULT 0,
	created         timestamptz NOT NULL,
	updated         timestamptz NOT NULL
);
CREATE INDEX games_owner_updated ON games (owner, updated DESC);

CREATE TABLE entries (
	game_id   text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	seq       integer NOT NULL,
	kind      text NOT NULL CHECK (kind IN ('action', 'undo')),
	action    json,
	seat      integer NOT NULL,
	client_id text, -- NULL: the write carried no idempotency key
	at        timestamptz NOT NULL,
	PRIMARY KEY (game_id, seq),
	UNIQUE (game_id, client_id)
);

CREATE TABLE seats (
	game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	idx     integer NOT NULL,
	name    text NOT NULL,
	token   text NOT NULL UNIQUE,
	holder  text NOT NULL DEFAULT '', -- '' while free
	PRIMARY KEY (game_id, idx)
);
-- Games(owner) looks seats up by holder; free seats are not worth indexing.
CREATE INDEX seats_holder ON seats (holder) WHERE holder <> '';
`,
	// CountGamesSince counts a device's games by creation time.
	`CREATE INDEX games_owner_created ON games (owner, created);`,
	// Games(owner) finds a device's games through games_owner_created and
	// seats_holder and sorts the few it finds. This index served no query,
	// and with it gone a tap's UPDATE of games.updated touches no indexed
	// column, so PostgreSQL can keep the new row on its page (a HOT update)
	// without writing any index.
	`DROP INDEX games_owner_updated;`,
	// The session keys that sign the phones' cookies live with the games
	// they open, shared by every instance on the database. pos 0 is the
	// newest.
	`CREATE TABLE session_keys (
	pos integer PRIMARY KEY,
	key text NOT NULL UNIQUE
);`,
	// Clubs: phones that share their games (store/club.go). A member's
	// row stays when it leaves (left_at), so its games from before stay
	// with the club; a device is a member of one club at a time.
	`
CREATE TABLE clubs (
	id      text PRIMARY KEY,
	name    text NOT NULL,
	owner   text NOT NULL,
	starter text NOT NULL, -- the device that started it, for the limit
	created timestamptz NOT NULL
);
CREATE INDEX clubs_starter_created ON clubs (starter, created);

CREATE TABLE club_members (
	club_id text NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
	device  text NOT NULL,
	joined  timestamptz NOT NULL,
	left_at timestamptz, -- NULL while a member
	removed boolean NOT NULL DEFAULT false,
	PRIMARY KEY (club_id, device)
);
CREATE UNIQUE INDEX club_members_one_club ON club_members (device) WHERE left_at IS NULL;

CREATE TABLE club_invites (
	code      text PRIMARY KEY,
	club_id   text NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
	by_device text NOT NULL,
	created   timestamptz NOT NULL,
	expires   timestamptz NOT NULL,
	revoked   boolean NOT NULL DEFAULT false,
	used_by   text NOT NULL DEFAULT '',
	used_at   timestamptz
);
CREATE INDEX club_invites_club ON club_invites (club_id, created);

CREATE TABLE club_names (
	club_id   text NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
	name      text NOT NULL,
	into_name text NOT NULL,
	PRIMARY KEY (club_id, name)
);
`,
	// Forks and looks (store/fork.go): a game continued from a moment of
	// another, and the version of a game each device last looked at. A
	// fork's row goes with the fork; its from_id is no reference, so the
	// fork still says where it came from once the original is deleted.
	`
CREATE TABLE forks (
	game_id text PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	from_id text NOT NULL,
	at      integer NOT NULL
);
CREATE INDEX forks_from ON forks (from_id);

CREATE TABLE looks (
	game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	device  text NOT NULL,
	version integer NOT NULL,
	PRIMARY KEY (game_id, device)
);
`,
}
