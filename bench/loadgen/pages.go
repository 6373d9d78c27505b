package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// fetched is one response the page received.
type fetched struct {
	url      string
	encoding string
	wire     float64 // bytes on the wire, headers included (encodedDataLength)
	body     int64   // decoded body bytes
	beforeUI bool    // finished before the load event: the page waited for it
	done     bool
}

// pageWeight opens path in a fresh headless Chromium (a first visit: empty
// cache, no service worker yet) and lists what it downloaded, split at the
// load event, until the network has been quiet for a second.
func pageWeight(ctx context.Context, base, path string, out io.Writer) error {
	exe := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			exe = p
			break
		}
	}
	if exe == "" {
		return errors.New("page weight: no chromium on PATH")
	}
	dir, err := os.MkdirTemp("", "grimoire-pages-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	actx, cancel := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true), chromedp.UserDataDir(dir))
	defer cancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	bctx, cancel = context.WithTimeout(bctx, 60*time.Second)
	defer cancel()

	var mu sync.Mutex
	byID := map[network.RequestID]*fetched{}
	var order []*fetched
	loaded := false
	last := time.Now()
	listen := chromedp.Listen(bctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		last = time.Now()
		switch e := ev.(type) {
		case *network.EventResponseReceived:
			f := &fetched{url: e.Response.URL}
			for k, v := range e.Response.Headers {
				if strings.EqualFold(k, "content-encoding") {
					f.encoding = fmt.Sprint(v)
				}
			}
			byID[e.RequestID] = f
			order = append(order, f)
		case *network.EventDataReceived:
			if f := byID[e.RequestID]; f != nil {
				f.body += e.DataLength
			}
		case *network.EventLoadingFinished:
			if f := byID[e.RequestID]; f != nil {
				f.wire, f.done, f.beforeUI = e.EncodedDataLength, true, !loaded
			}
		case *page.EventLoadEventFired:
			loaded = true
		}
	})
	if listen != nil {
		return fmt.Errorf("page weight: %w", listen)
	}
	setup := func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(ctx, t, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
		return chromedp.Void{}, err
	}
	if err := chromedp.Do(bctx, setup, chromedp.Navigate(base+path)); err != nil {
		return fmt.Errorf("page weight: open %s: %w", path, err)
	}
	for {
		mu.Lock()
		quiet := loaded && time.Since(last) > time.Second
		mu.Unlock()
		if quiet || bctx.Err() != nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	var wireUI, bodyUI, wireAll, bodyAll float64
	fmt.Fprintf(out, "first visit of %s in headless Chromium (page requests; the service worker's own fetches are not listed):\n", path)
	rows := slices.Clone(order)
	for _, f := range rows {
		if !f.done {
			continue
		}
		when := "after load"
		if f.beforeUI {
			when = "before load"
			wireUI += f.wire
			bodyUI += float64(f.body)
		}
		wireAll += f.wire
		bodyAll += float64(f.body)
		enc := f.encoding
		if enc == "" {
			enc = "identity"
		}
		fmt.Fprintf(out, "  %-11s %8.1f KB wire %8.1f KB body  %-8s %s\n", when, f.wire/1000, float64(f.body)/1000, enc, strings.TrimPrefix(f.url, base))
	}
	fmt.Fprintf(out, "page weight %s: %.1f KB on the wire before the load event (%.1f KB decoded); %.1f KB in all (%.1f KB decoded)\n", path, wireUI/1000, bodyUI/1000, wireAll/1000, bodyAll/1000)
	return nil
}
