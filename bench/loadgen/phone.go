package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// choice is one tap the screen offers: the form's action and the values a
// browser would post for the button (hidden inputs plus the button's own
// name and value).
type choice struct {
	path string
	vals url.Values
}

// phone plays one game at a time over HTTP the way the page does: its own
// cookie jar, the CSRF token from the page's hx-headers, the version from
// the forms it was shown, HX-Request on every tap.
type phone struct {
	base    string
	client  *http.Client
	r       *rand.Rand
	csrf    string
	game    string
	choices []choice
	undo    *choice
	turns   int
}

func newPhone(base string, tr http.RoundTripper, seed uint64, turns int) *phone {
	jar, _ := cookiejar.New(nil)
	return &phone{
		base:   base,
		client: &http.Client{Transport: tr, Jar: jar, Timeout: 30 * time.Second},
		r:      rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		turns:  turns,
	}
}

// answer is what one request cost and returned.
type answer struct {
	status  int
	wire    int // bytes on the wire (compressed when the server compressed)
	body    []byte
	elapsed time.Duration
	final   *url.URL
}

// do sends a request asking for gzip like a browser, and reads the whole
// answer: the time includes the last byte.
func (p *phone) do(ctx context.Context, method, path string, form url.Values, htmx bool) (answer, error) {
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequestWithContext(ctx, method, p.base+path, body)
	if err != nil {
		return answer{}, err
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.Header.Set("Accept-Encoding", "gzip")
	if htmx {
		req.Header.Set("HX-Request", "true")
	}
	if p.csrf != "" && method == http.MethodPost {
		req.Header.Set("X-CSRF-Token", p.csrf)
	}
	start := time.Now()
	res, err := p.client.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	elapsed := time.Since(start)
	if err != nil {
		return answer{}, err
	}
	a := answer{status: res.StatusCode, wire: len(raw), body: raw, elapsed: elapsed, final: res.Request.URL}
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return a, fmt.Errorf("gzip answer: %w", err)
		}
		if a.body, err = io.ReadAll(zr); err != nil {
			return a, fmt.Errorf("gzip answer: %w", err)
		}
	}
	return a, nil
}

// newGame starts a Spells & Arrows game through the two-step form and reads
// its first screen.
func (p *phone) newGame(ctx context.Context) error {
	a, err := p.do(ctx, http.MethodGet, "/new/spells-arrows", nil, false)
	if err != nil {
		return err
	}
	if err := p.readToken(a.body); err != nil {
		return err
	}
	setup := fmt.Sprintf(`{"victory":12,"spy":"Ana","mage":"Ben","turns":%d,"options":{}}`, p.turns)
	a, err = p.do(ctx, http.MethodPost, "/new/spells-arrows", url.Values{"_csrf": {p.csrf}, "confirm": {"1"}, "setup": {setup}}, false)
	if err != nil {
		return err
	}
	return p.arrive(a)
}

// importGame imports a record (the growth run's long games) and reads its
// screen.
func (p *phone) importGame(ctx context.Context, rec []byte) error {
	a, err := p.do(ctx, http.MethodGet, "/import", nil, false)
	if err != nil {
		return err
	}
	if err := p.readToken(a.body); err != nil {
		return err
	}
	a, err = p.do(ctx, http.MethodPost, "/import", url.Values{"_csrf": {p.csrf}, "json": {string(rec)}}, false)
	if err != nil {
		return err
	}
	return p.arrive(a)
}

// arrive reads the game screen a redirect led to.
func (p *phone) arrive(a answer) error {
	if a.status != http.StatusOK || !strings.HasPrefix(a.final.Path, "/g/") {
		return fmt.Errorf("no game screen: status %d at %s: %.200s", a.status, a.final.Path, a.body)
	}
	p.game = strings.TrimPrefix(a.final.Path, "/g/")
	if !p.readScreen(a.body) {
		return fmt.Errorf("game %s: the screen offers no tap", p.game)
	}
	return nil
}

var errNoToken = errors.New("no CSRF token on the page")

// readToken takes the CSRF token from <body hx-headers> (htmx sends it as a
// header), or from a form's _csrf field.
func (p *phone) readToken(page []byte) error {
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(page))
	if err != nil {
		return err
	}
	if h, ok := doc.Find("body").Attr("hx-headers"); ok {
		if i := strings.Index(h, `"X-CSRF-Token":"`); i >= 0 {
			rest := h[i+len(`"X-CSRF-Token":"`):]
			if j := strings.IndexByte(rest, '"'); j > 0 {
				p.csrf = rest[:j]
				return nil
			}
		}
	}
	if v, ok := doc.Find(`input[name="_csrf"]`).First().Attr("value"); ok && v != "" {
		p.csrf = v
		return nil
	}
	return errNoToken
}

// The screen is read with a few patterns rather than a DOM: a phone-sized
// page holds a handful of small forms, and the generator shares the
// machine's cores with the server it measures.
var (
	formRe   = regexp.MustCompile(`(?s)<form\b([^>]*)>(.*?)</form>`)
	inputRe  = regexp.MustCompile(`<input\b([^>]*)>`)
	buttonRe = regexp.MustCompile(`<button\b([^>]*)>`)
	selectRe = regexp.MustCompile(`(?s)<select\b([^>]*)>(.*?)</select>`)
	optionRe = regexp.MustCompile(`<option\b([^>]*)>`)
	attrRe   = regexp.MustCompile(`([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)")?`)
)

// attrs reads the attributes of one tag.
func attrs(tag []byte) map[string]string {
	out := map[string]string{}
	for _, m := range attrRe.FindAllSubmatch(tag, -1) {
		out[string(m[1])] = html.UnescapeString(string(m[2]))
	}
	return out
}

// readScreen replaces the taps on offer with those of a page or of an htmx
// answer that redrew the controls; it reports whether any game tap is on
// offer now (none: the game is over).
func (p *phone) readScreen(page []byte) bool {
	var taps []choice
	var undo *choice
	for _, fm := range formRe.FindAllSubmatch(page, -1) {
		fa := attrs(fm[1])
		action := fa["action"]
		if !strings.EqualFold(fa["method"], "post") || !strings.HasPrefix(action, "/g/") {
			continue
		}
		isUndo := strings.HasSuffix(action, "/undo")
		if !isUndo && !strings.HasSuffix(action, "/act") {
			continue
		}
		base := url.Values{}
		radios := map[string][]string{}
		for _, in := range inputRe.FindAllSubmatch(fm[2], -1) {
			a := attrs(in[1])
			name, typ := a["name"], a["type"]
			switch {
			case name == "" || typ == "submit" || typ == "checkbox":
			case typ == "radio":
				radios[name] = append(radios[name], a["value"])
			default:
				base.Set(name, a["value"])
			}
		}
		// A person picks one of each radio group, as of each select.
		for name, vs := range radios {
			base.Set(name, vs[p.r.IntN(len(vs))])
		}
		for _, sel := range selectRe.FindAllSubmatch(fm[2], -1) {
			name := attrs(sel[1])["name"]
			var opts []string
			for _, o := range optionRe.FindAllSubmatch(sel[2], -1) {
				a := attrs(o[1])
				_, dis := a["disabled"]
				if v := a["value"]; v != "" && !dis {
					opts = append(opts, v)
				}
			}
			if name != "" && len(opts) > 0 {
				base.Set(name, opts[p.r.IntN(len(opts))])
			}
		}
		for _, b := range buttonRe.FindAllSubmatch(fm[2], -1) {
			a := attrs(b[1])
			if typ, ok := a["type"]; ok && typ != "submit" {
				continue
			}
			if _, dis := a["disabled"]; dis {
				continue
			}
			vals := url.Values{}
			for k, v := range base {
				vals[k] = v
			}
			if name := a["name"]; name != "" {
				vals.Set(name, a["value"])
			}
			c := choice{path: action, vals: vals}
			if isUndo {
				undo = &c
				continue
			}
			taps = append(taps, c)
		}
	}
	if len(taps) == 0 && undo == nil {
		// An answer that did not redraw the controls keeps what is shown.
		if bytes.Contains(page, []byte(`data-testid="controls"`)) {
			p.choices, p.undo = nil, nil
		}
		return len(p.choices) > 0
	}
	p.choices, p.undo = taps, undo
	return len(taps) > 0
}

// tapResult is one measured tap.
type tapResult struct {
	latency time.Duration
	wire    int
	size    int
	status  int
	err     error
	over    bool // the game ended with this tap
}

// tap picks one of the taps on the screen (now and then the undo) and
// posts it as htmx does.
func (p *phone) tap(ctx context.Context, undoRate float64) tapResult {
	c := p.choices[p.r.IntN(len(p.choices))]
	if p.undo != nil && p.r.Float64() < undoRate {
		c = *p.undo
	}
	a, err := p.do(ctx, http.MethodPost, c.path, c.vals, true)
	if err != nil {
		return tapResult{err: err}
	}
	res := tapResult{latency: a.elapsed, wire: a.wire, size: len(a.body), status: a.status}
	switch {
	case a.status == http.StatusOK:
	case a.status == http.StatusConflict || a.status == http.StatusUnprocessableEntity:
		// A stale or refused tap still answers with the screen to show.
	default:
		res.err = fmt.Errorf("tap %s: status %d: %.200s", c.path, a.status, a.body)
		return res
	}
	res.over = !p.readScreen(a.body)
	return res
}
