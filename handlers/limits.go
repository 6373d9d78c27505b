package handlers

import (
	"time"
)

// Limits bound what one client can take of the server, so that on a public
// server nobody can knock it over for the others by opening streams, sending
// or reading slowly, or creating games in a loop. A zero field takes its
// default (DefaultLimits); every limit answers in words (429, 413 or 408
// with a sentence), never by hanging.
type Limits struct {
	// StreamsPerClient is the number of live event streams (a game screen or
	// a spectator page each hold one) one client may keep open. A client is
	// an IPv4 address or an IPv6 /64, as the connection shows it: a venue
	// behind one address shares the allowance.
	StreamsPerClient int
	// StreamsTotal is the number of live event streams the server keeps
	// open for everyone together.
	StreamsTotal int
	// GamesPerHour is the number of games one device (one session cookie)
	// may create in any hour: new games, imports and games started offline.
	// It is counted in this process's memory over a sliding hour, so several
	// instances each keep their own count and a restart forgets it.
	GamesPerHour int
	// HomePageSize is the number of games on one page of the home list.
	HomePageSize int
	// MaxBody is the largest request body, in bytes, counted as it arrives
	// (a chunked body too).
	MaxBody int64

	// ReadHeaderTimeout is the time a client has to send a request's headers.
	ReadHeaderTimeout time.Duration
	// ReadTimeout is the time a client has to send a whole request, body
	// included (event streams, which have no body, are not bound by it).
	ReadTimeout time.Duration
	// WriteTimeout is the time a client has to take a page, fragment or
	// record once the request is read.
	WriteTimeout time.Duration
	// StaticWriteTimeout is WriteTimeout for the files under /static (the
	// WebAssembly module is megabytes on a phone at the court).
	StaticWriteTimeout time.Duration
	// IdleTimeout is how long a kept-alive connection may wait for its next
	// request.
	IdleTimeout time.Duration
}

// DefaultLimits suit a small public server: a club's games and their
// spectators on one machine.
func DefaultLimits() Limits {
	return Limits{
		StreamsPerClient:   32,
		StreamsTotal:       2000,
		GamesPerHour:       30,
		HomePageSize:       20,
		MaxBody:            2 << 20,
		ReadHeaderTimeout:  10 * time.Second,
		ReadTimeout:        30 * time.Second,
		WriteTimeout:       30 * time.Second,
		StaticWriteTimeout: 2 * time.Minute,
		IdleTimeout:        2 * time.Minute,
	}
}

// orDefaults fills every zero field with its default.
func (l Limits) orDefaults() Limits {
	d := DefaultLimits()
	pick := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	pickD := func(v *time.Duration, def time.Duration) {
		if *v <= 0 {
			*v = def
		}
	}
	pick(&l.StreamsPerClient, d.StreamsPerClient)
	pick(&l.StreamsTotal, d.StreamsTotal)
	pick(&l.GamesPerHour, d.GamesPerHour)
	pick(&l.HomePageSize, d.HomePageSize)
	if l.MaxBody <= 0 {
		l.MaxBody = d.MaxBody
	}
	pickD(&l.ReadHeaderTimeout, d.ReadHeaderTimeout)
	pickD(&l.ReadTimeout, d.ReadTimeout)
	pickD(&l.WriteTimeout, d.WriteTimeout)
	pickD(&l.StaticWriteTimeout, d.StaticWriteTimeout)
	pickD(&l.IdleTimeout, d.IdleTimeout)
	return l
}
