package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/klauspost/compress/gzip"
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
	shown   int // the version of the screen (its data-version-src), -1 before one
	turns   int
	delta   bool // ask for record deltas

	// The answer's buffers and gzip reader, reused from request to request:
	// the generator shares the machine's two cores with the server it
	// measures, and a fresh decoder and buffers per answer were about a
	// fifth of its CPU (decoder tables, then the collector).
	rawBuf, bodyBuf bytes.Buffer
	zr              *gzip.Reader
	plain           []byte // a dcz answer inflated

	// dicts are the run's dictionaries (nil: the phone takes none, as a
	// browser without Compression Dictionary Transport); dict the one its
	// pages link to.
	dicts *dictStore
	dict  *heldDict
}

func newPhone(base string, tr http.RoundTripper, seed uint64, turns int) *phone {
	jar, _ := cookiejar.New(nil)
	return &phone{
		base:   base,
		client: &http.Client{Transport: tr, Jar: jar, Timeout: 30 * time.Second},
		r:      rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		shown:  -1,
		turns:  turns,
	}
}

// recordDeltaHeader carries a record's change instead of the whole record
// (handlers/delta.go).
const recordDeltaHeader = "X-Grimoire-Record-Delta"

// answer is what one request cost and returned. Its raw and body are the
// phone's own buffers, good until the phone's next request: whoever keeps
// them clones them (answer.kept).
type answer struct {
	status  int
	wire    int    // bytes on the wire (compressed when the server compressed)
	raw     []byte // the body as it came, compressed or not
	enc     string // its Content-Encoding
	delta   string // its record delta header (the page's change of its record)
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
	if p.dict != nil && p.dict.Matches(path) {
		req.Header.Set("Accept-Encoding", "gzip, dcz")
		req.Header.Set("Available-Dictionary", p.dict.Available())
	} else {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	if htmx {
		req.Header.Set("HX-Request", "true")
		if p.delta {
			req.Header.Set("X-Grimoire-Record", "delta")
		}
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
	p.rawBuf.Reset()
	_, err = p.rawBuf.ReadFrom(res.Body)
	elapsed := time.Since(start)
	if err != nil {
		return answer{}, err
	}
	raw := p.rawBuf.Bytes()
	// The delta header is part of what the answer costs on the wire.
	delta := res.Header.Get(recordDeltaHeader)
	a := answer{status: res.StatusCode, wire: len(raw) + len(delta), raw: raw, enc: res.Header.Get("Content-Encoding"), delta: delta, body: raw, elapsed: elapsed, final: res.Request.URL}
	switch a.enc {
	case "dcz":
		if p.plain, err = p.dict.decode(raw, p.plain[:0]); err != nil {
			return a, fmt.Errorf("dcz answer: %w", err)
		}
		a.body = p.plain
	case "gzip":
		if p.zr == nil {
			p.zr, err = gzip.NewReader(bytes.NewReader(raw))
		} else {
			err = p.zr.Reset(bytes.NewReader(raw))
		}
		if err != nil {
			return a, fmt.Errorf("gzip answer: %w", err)
		}
		p.bodyBuf.Reset()
		if _, err := p.bodyBuf.ReadFrom(p.zr); err != nil {
			return a, fmt.Errorf("gzip answer: %w", err)
		}
		a.body = p.bodyBuf.Bytes()
	}
	return a, nil
}

// kept is a with its bytes copied out of the phone's buffers, to keep past
// the phone's next request.
func (a answer) kept() answer {
	raw := bytes.Clone(a.raw)
	body := raw
	if a.enc == "gzip" || a.enc == "dcz" { // decoded into a buffer of its own
		body = bytes.Clone(a.body)
	}
	a.raw, a.body = raw, body
	return a
}

// version is the version the phone's screen was drawn at: what its
// controls say, or else the forms' v. A finished game's screen has no
// forms, and reading 0 there had the refresh run ask for the change since
// the first version of a long game.
func (p *phone) version() int {
	if p.shown >= 0 {
		return p.shown
	}
	for _, c := range p.choices {
		if v, err := strconv.Atoi(c.vals.Get("v")); err == nil {
			return v
		}
	}
	return 0
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
	if err := p.holdDictionary(ctx, a.body); err != nil {
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
	if err := p.holdDictionary(ctx, a.body); err != nil {
		return err
	}
	a, err = p.do(ctx, http.MethodPost, "/import", url.Values{"_csrf": {p.csrf}, "json": {string(rec)}}, false)
	if err != nil {
		return err
	}
	return p.arrive(a)
}

// holdDictionary fetches the dictionary a page links to, when the phone
// takes dictionaries and does not hold that one yet.
func (p *phone) holdDictionary(ctx context.Context, page []byte) error {
	href := dictionaryLink(page)
	if p.dicts == nil || href == "" || (p.dict != nil && p.dict.url == p.base+href) {
		return nil
	}
	d, err := p.dicts.get(ctx, p.client, p.base+href)
	if err != nil {
		return err
	}
	p.dict = d
	return nil
}

// arrive reads the game screen a redirect led to.
func (p *phone) arrive(a answer) error {
	if a.status != http.StatusOK || !strings.HasPrefix(a.final.Path, "/g/") {
		return fmt.Errorf("no game screen: status %d at %s: %.200s", a.status, a.final.Path, a.body)
	}
	p.game = strings.TrimPrefix(a.final.Path, "/g/")
	p.shown = -1 // a new game: its screen says where it is
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

// The screen is read with a small scanner rather than a DOM or regular
// expressions: a phone-sized page holds a handful of small forms, and the
// generator shares the machine's cores with the server it measures.

// element is one tag found by tags: its attributes and, for a container,
// what lies between it and its closing tag.
type element struct {
	attrs map[string]string
	inner []byte
}

// tags finds every <name ...> in b; with closing, also its content up to
// </name>.
func tags(b []byte, name string, closing bool) []element {
	var out []element
	open, end := []byte("<"+name), []byte("</"+name+">")
	for {
		i := bytes.Index(b, open)
		if i < 0 {
			return out
		}
		rest := b[i+len(open):]
		if len(rest) == 0 || (rest[0] != ' ' && rest[0] != '>' && rest[0] != '/') {
			b = rest
			continue
		}
		gt := bytes.IndexByte(rest, '>')
		if gt < 0 {
			return out
		}
		el := element{attrs: attrs(rest[:gt])}
		b = rest[gt+1:]
		if closing {
			j := bytes.Index(b, end)
			if j < 0 {
				return out
			}
			el.inner, b = b[:j], b[j+len(end):]
		}
		out = append(out, el)
	}
}

// attrs reads the attributes of one tag (the text after its name).
func attrs(tag []byte) map[string]string {
	out := map[string]string{}
	i := 0
	for i < len(tag) {
		for i < len(tag) && (tag[i] == ' ' || tag[i] == '\n' || tag[i] == '\t' || tag[i] == '/') {
			i++
		}
		start := i
		for i < len(tag) && tag[i] != '=' && tag[i] != ' ' && tag[i] != '/' {
			i++
		}
		if i == start {
			break
		}
		name, val := string(tag[start:i]), ""
		if i+1 < len(tag) && tag[i] == '=' && tag[i+1] == '"' {
			j := bytes.IndexByte(tag[i+2:], '"')
			if j < 0 {
				break
			}
			val = string(tag[i+2 : i+2+j])
			if strings.IndexByte(val, '&') >= 0 {
				val = html.UnescapeString(val)
			}
			i += j + 3
		}
		out[name] = val
	}
	return out
}

// readScreen replaces the taps on offer with those of a page or of an htmx
// answer that redrew the controls; it reports whether any game tap is on
// offer now (none: the game is over).
func (p *phone) readScreen(page []byte) bool {
	if v, ok := shownVersion(page); ok {
		p.shown = v
	}
	var taps []choice
	var undo *choice
	for _, fm := range tags(page, "form", true) {
		fa := fm.attrs
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
		for _, in := range tags(fm.inner, "input", false) {
			a := in.attrs
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
		for _, sel := range tags(fm.inner, "select", true) {
			name := sel.attrs["name"]
			var opts []string
			for _, o := range tags(sel.inner, "option", false) {
				a := o.attrs
				_, dis := a["disabled"]
				if v := a["value"]; v != "" && !dis {
					opts = append(opts, v)
				}
			}
			if name != "" && len(opts) > 0 {
				base.Set(name, opts[p.r.IntN(len(opts))])
			}
		}
		for _, b := range tags(fm.inner, "button", false) {
			a := b.attrs
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

// versionAttr marks the controls with the version they were drawn at.
var versionAttr = []byte(`data-version-src="`)

// shownVersion is the version a screen or answer says its controls show.
func shownVersion(page []byte) (int, bool) {
	i := bytes.Index(page, versionAttr)
	if i < 0 {
		return 0, false
	}
	rest := page[i+len(versionAttr):]
	j := bytes.IndexByte(rest, '"')
	if j < 0 {
		return 0, false
	}
	v, err := strconv.Atoi(string(rest[:j]))
	return v, err == nil && v >= 0
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
