package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/grimoire-games/grimoire/handlers"
)

// limitFlags registers the server's limits on fs, each defaulting to its
// environment variable and then to handlers.DefaultLimits. The returned
// function, called after fs.Parse, gives the limits or says which value
// cannot be used.
func limitFlags(fs *flag.FlagSet) func() (handlers.Limits, error) {
	d := handlers.DefaultLimits()
	var l handlers.Limits
	var errs []error
	num := func(p *int, name, env string, def int, usage string) {
		v := def
		if s := os.Getenv(env); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s=%q: not a whole number", env, s))
			}
			v = n
		}
		fs.IntVar(p, name, v, usage+" (env "+env+")")
	}
	dur := func(p *time.Duration, name, env string, def time.Duration, usage string) {
		v := def
		if s := os.Getenv(env); s != "" {
			t, err := time.ParseDuration(s)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s=%q: not a duration (30s, 2m)", env, s))
			}
			v = t
		}
		fs.DurationVar(p, name, v, usage+" (env "+env+")")
	}
	num(&l.StreamsPerClient, "streams-per-client", "GRIMOIRE_STREAMS_PER_CLIENT", d.StreamsPerClient, "live event streams one client (IPv4 address, IPv6 /64) may hold open")
	num(&l.StreamsTotal, "streams-total", "GRIMOIRE_STREAMS_TOTAL", d.StreamsTotal, "live event streams open in all")
	num(&l.GamesPerHour, "games-per-hour", "GRIMOIRE_GAMES_PER_HOUR", d.GamesPerHour, "games one device may create in any hour (new, import, started offline)")
	num(&l.HomePageSize, "home-page-size", "GRIMOIRE_HOME_PAGE_SIZE", d.HomePageSize, "games per page of the home list")
	maxBody := sizeValue(d.MaxBody)
	if s := os.Getenv("GRIMOIRE_MAX_BODY"); s != "" {
		if err := maxBody.Set(s); err != nil {
			errs = append(errs, fmt.Errorf("GRIMOIRE_MAX_BODY=%q: %w", s, err))
		}
	}
	fs.Var(&maxBody, "max-body", "largest request body: bytes, or with KB or MB (env GRIMOIRE_MAX_BODY)")
	dur(&l.ReadHeaderTimeout, "read-header-timeout", "GRIMOIRE_READ_HEADER_TIMEOUT", d.ReadHeaderTimeout, "time to send a request's headers")
	dur(&l.ReadTimeout, "read-timeout", "GRIMOIRE_READ_TIMEOUT", d.ReadTimeout, "time to send a whole request, body included (not event streams)")
	dur(&l.WriteTimeout, "write-timeout", "GRIMOIRE_WRITE_TIMEOUT", d.WriteTimeout, "time to take a page, fragment or record (not event streams)")
	dur(&l.StaticWriteTimeout, "static-write-timeout", "GRIMOIRE_STATIC_WRITE_TIMEOUT", d.StaticWriteTimeout, "time to take a file under /static (the WebAssembly module)")
	dur(&l.IdleTimeout, "idle-timeout", "GRIMOIRE_IDLE_TIMEOUT", d.IdleTimeout, "how long a kept-alive connection waits for its next request")
	return func() (handlers.Limits, error) {
		l.MaxBody = int64(maxBody)
		for _, c := range []struct {
			name string
			ok   bool
		}{
			{"--streams-per-client", l.StreamsPerClient >= 1},
			{"--streams-total", l.StreamsTotal >= 1},
			{"--games-per-hour", l.GamesPerHour >= 1},
			{"--home-page-size", l.HomePageSize >= 1},
			{"--max-body", l.MaxBody >= 1},
			{"--read-header-timeout", l.ReadHeaderTimeout > 0},
			{"--read-timeout", l.ReadTimeout > 0},
			{"--write-timeout", l.WriteTimeout > 0},
			{"--static-write-timeout", l.StaticWriteTimeout > 0},
			{"--idle-timeout", l.IdleTimeout > 0},
		} {
			if !c.ok {
				errs = append(errs, fmt.Errorf("%s must be above zero", c.name))
			}
		}
		if err := errors.Join(errs...); err != nil {
			return l, fmt.Errorf("serve: %w", err)
		}
		return l, nil
	}
}

// sizeValue is a byte count written as 2097152, 512KB or 2MB.
type sizeValue int64

func (v *sizeValue) String() string { return strconv.FormatInt(int64(*v), 10) }

func (v *sizeValue) Set(s string) error {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	switch {
	case strings.HasSuffix(t, "MB"):
		mult, t = 1<<20, strings.TrimSuffix(t, "MB")
	case strings.HasSuffix(t, "KB"):
		mult, t = 1<<10, strings.TrimSuffix(t, "KB")
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t), 10, 64)
	if err != nil || n < 1 || n > (1<<40)/mult {
		return fmt.Errorf("a size is a number of bytes, or of KB or MB (2MB), not %q", s)
	}
	*v = sizeValue(n * mult)
	return nil
}
