package main

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The slow 4G link of issue 32 (DevTools' "Slow 4G" preset's figures).
const (
	linkRTT  = 150 * time.Millisecond
	linkDown = 1.6e6  // bits per second
	linkUp   = 0.75e6 // bits per second
)

// measureVisits times two first visits (a fresh profile each: no cache, no
// service worker) over the shaped link at CPU x4: the home page, and a new
// Spells & Arrows game started from its form as a person following a link
// to the form would.
func measureVisits(ctx context.Context, base, tmp string, out io.Writer) error {
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "\nfirst visits over a shaped link (%v round trip, %.2f Mbit/s down, %.2f up; every connection, the service worker's too), CPU x4:\n",
		linkRTT, linkDown/1e6, linkUp/1e6)
	for i, v := range []struct {
		name string
		go_  func(ctx context.Context, base string) error
	}{
		{"/", func(ctx context.Context, b string) error { return chromedp.Do(ctx, chromedp.Navigate(b+"/")) }},
		{"a new Spells & Arrows game", newGame},
	} {
		l, err := newLink(u.Host, linkRTT, linkDown, linkUp)
		if err != nil {
			return err
		}
		err = visit(ctx, "http://"+l.addr(), v.name, v.go_, l, filepath.Join(tmp, fmt.Sprintf("visit-%d", i)), out)
		l.close()
		if err != nil {
			return fmt.Errorf("first visit of %s: %w", v.name, err)
		}
	}
	return nil
}

func visit(ctx context.Context, base, name string, open func(context.Context, string) error, l *link, dir string, out io.Writer) error {
	bctx, stop, err := newBrowser(ctx, dir)
	if err != nil {
		return err
	}
	defer stop()
	tab, err := newTab(bctx)
	if err != nil {
		return err
	}
	if err := setCPU(tab, 4); err != nil {
		return err
	}
	if _, err := chromedp.Call(tab, network.Enable, network.EnableParams{}); err != nil {
		return err
	}
	var mu sync.Mutex
	types := map[network.RequestID]string{}
	byType := map[string]float64{}
	var loaded time.Duration
	var t0 time.Time
	if err := chromedp.Listen(tab, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventResponseReceived:
			types[e.RequestID] = string(e.Type)
		case *network.EventLoadingFinished:
			byType[types[e.RequestID]] += e.EncodedDataLength
		case *page.EventLoadEventFired:
			loaded = time.Since(t0)
		}
	}); err != nil {
		return err
	}
	downAt0, upAt0 := l.down.bytes.Load(), l.up.bytes.Load()
	mu.Lock()
	t0 = time.Now()
	mu.Unlock()
	if err := open(tab, base); err != nil {
		return err
	}
	readyErr := waitReady(tab, 120*time.Second)
	ready := time.Since(t0)
	down, up := l.down.bytes.Load()-downAt0, l.up.bytes.Load()-upAt0
	mu.Lock()
	defer mu.Unlock()
	state := fmt.Sprintf("\"Ready for offline play\" after %.1f s", ready.Seconds())
	if readyErr != nil {
		state = fmt.Sprintf("NOT ready for offline play after %.0f s", ready.Seconds())
	}
	fmt.Fprintf(out, "%-28s load event %.1f s; %s; %.0f KB down, %.0f KB up on the wire by then\n", name, loaded.Seconds(), state, float64(down)/1000, float64(up)/1000)
	var seen float64
	for _, v := range byType {
		seen += v
	}
	byType["(the service worker's fetches and anything else the page did not see)"] = max(0, float64(down)-seen)
	printBytes(out, byType)
	return nil
}

func printBytes(out io.Writer, m map[string]float64) {
	var tmp = map[string]float64{}
	for k, v := range m {
		if k == "" {
			k = "(unknown type)"
		}
		tmp[k] += v
	}
	fmt.Fprintln(out, "    bytes by resource type (KB on the wire, headers included):")
	for _, line := range topLines(tmp) {
		fmt.Fprintf(out, "      %-70s %8.1f\n", line.k, line.v/1000)
	}
}
