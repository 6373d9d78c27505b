package encoding

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"math/bits"
	"net/http"
	"runtime"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// A browser that takes Compression Dictionary Transport (RFC 9842;
// Chromium since version 130) keeps a dictionary, fetched once per build,
// and names it in Available-Dictionary on every request under the URLs the
// dictionary was offered for; those answers may go out as zstd compressed
// against it (Content-Encoding dcz). What the dictionary holds, and which
// URLs it serves, is the app's (handlers/dictionary.go, routes.go); the
// coding is here, both ways: the load generator reads dcz answers with
// the Decoder below.

// HeaderAvailableDictionary names the dictionary a browser holds for a URL.
const HeaderAvailableDictionary = "Available-Dictionary"

// dczMagic starts every dcz answer: a zstd skippable frame of 32 bytes
// (RFC 9842, 4), which holds the dictionary's SHA-256.
var dczMagic = [8]byte{0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00}

// headerFrame is what every dcz answer against the dictionary summed sum
// starts with.
func headerFrame(sum [32]byte) [8 + 32]byte {
	var head [8 + 32]byte
	copy(head[:], dczMagic[:])
	copy(head[8:], sum[:])
	return head
}

// available is the Available-Dictionary value naming a dictionary: its
// SHA-256 as a structured-field byte sequence.
func available(sum [32]byte) string { return ":" + base64.StdEncoding.EncodeToString(sum[:]) + ":" }

// windowFor is the zstd window that reaches back over n bytes of
// dictionary: a power of two, at least zstd's smallest.
func windowFor(n int) int { return max(zstd.MinWindowSize, 1<<bits.Len(uint(n))) }

// Dictionary is the text dcz answers are compressed against.
type Dictionary struct {
	raw []byte
	sum [32]byte
	// available is the value of Available-Dictionary naming it.
	available string
	// window is the zstd window: a power of two that reaches back over the
	// whole dictionary.
	window int
	// coders are streaming zstd writers with the dictionary loaded, kept
	// on a free list rather than a sync.Pool, which garbage collection
	// empties: on a quiet server, a tap every few seconds with collections
	// between, every answer would make a coder anew, its tables and a pass
	// over the dictionary, 344-406 µs and 1.98 MB against 104-107 µs.
	coders chan *zstd.Encoder
}

// dictionaryCoders bounds the free list: more answers compressed at once
// than this make a coder for the moment and drop it after.
func dictionaryCoders() int { return 2 * runtime.GOMAXPROCS(0) }

// NewDictionary makes raw the dictionary. Its first coder is made here, so
// a dictionary zstd refuses fails the start, not a tap.
func NewDictionary(raw []byte) (*Dictionary, error) {
	d := &Dictionary{raw: raw, sum: sha256.Sum256(raw), coders: make(chan *zstd.Encoder, dictionaryCoders())}
	d.available = available(d.sum)
	d.window = windowFor(len(raw))
	zw, err := d.newCoder()
	if err != nil {
		return nil, err
	}
	d.coders <- zw
	return d, nil
}

// Raw is the dictionary's text, as it is served.
func (d *Dictionary) Raw() []byte { return d.raw }

// Tag names this dictionary's bytes in its URLs and ETag: the first half
// of its SHA-256 in hex.
func (d *Dictionary) Tag() string { return hex.EncodeToString(d.sum[:16]) }

// Available is the Available-Dictionary value naming it.
func (d *Dictionary) Available() string { return d.available }

// Held says the browser holds this dictionary for r's URL: it takes dcz and
// names this dictionary. A request that names another (an older build's)
// is answered without it. Whether the URL is in the dictionary's scope is
// the route's (Writer.InScope).
func (d *Dictionary) Held(r *http.Request) bool {
	return d != nil &&
		r.Header.Get(HeaderAvailableDictionary) == d.available &&
		Accepts(r.Header.Get("Accept-Encoding"), "dcz")
}

func (d *Dictionary) newCoder() (*zstd.Encoder, error) {
	zw, err := zstd.NewWriter(nil,
		zstd.WithEncoderLevel(zstd.SpeedFastest),
		zstd.WithEncoderConcurrency(1),
		zstd.WithWindowSize(d.window),
		zstd.WithEncoderDictRaw(0, d.raw))
	if err != nil {
		return nil, fmt.Errorf("dictionary: zstd: %w", err)
	}
	return zw, nil
}

// dczWriter compresses one answer against the dictionary: the header frame,
// then a zstd frame.
type dczWriter struct {
	d  *Dictionary
	zw *zstd.Encoder
}

func (d *Dictionary) writer(out io.Writer) (*dczWriter, error) {
	head := headerFrame(d.sum)
	if _, err := out.Write(head[:]); err != nil {
		return nil, err
	}
	var zw *zstd.Encoder
	select {
	case zw = <-d.coders:
	default:
		var err error
		if zw, err = d.newCoder(); err != nil {
			return nil, err
		}
	}
	zw.Reset(out)
	return &dczWriter{d: d, zw: zw}, nil
}

func (w *dczWriter) Write(p []byte) (int, error) { return w.zw.Write(p) }
func (w *dczWriter) Flush() error                { return w.zw.Flush() }

// Close ends the frame and gives the coder back.
func (w *dczWriter) Close() error {
	err := w.zw.Close()
	w.zw.Reset(io.Discard)
	select {
	case w.d.coders <- w.zw:
	default: // the list is full: this one goes
	}
	w.zw = nil
	return err
}

// Compress is p as a whole dcz answer (a kept one).
func (d *Dictionary) Compress(p []byte) (string, error) {
	var out bytes.Buffer
	w, err := d.writer(&out)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(p); err != nil {
		w.Close()
		return "", fmt.Errorf("compress dcz: %w", err)
	}
	if err := w.Close(); err != nil {
		return "", fmt.Errorf("compress dcz: %w", err)
	}
	return out.String(), nil
}

// Predictor tells how well some text already predicts another: what a
// dictionary being drawn leaves out (samples.go).
type Predictor struct{ zw *zstd.Encoder }

// NewPredictor compresses against text; nil while there is too little of
// it to predict anything (Size then says nothing is predicted).
func NewPredictor(text []byte) (*Predictor, error) {
	if len(text) < 1024 {
		return nil, nil
	}
	zw, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1),
		zstd.WithWindowSize(windowFor(len(text))), zstd.WithEncoderDictRaw(0, text), zstd.WithEncoderCRC(false))
	if err != nil {
		return nil, fmt.Errorf("dictionary: zstd: %w", err)
	}
	return &Predictor{zw}, nil
}

// Predicts says s compressed against the text takes less than 1/ratio of
// its size.
func (p *Predictor) Predicts(s string, ratio int) bool {
	return p != nil && len(p.zw.EncodeAll([]byte(s), nil))*ratio < len(s)
}

// Decoder reads dcz answers against one dictionary, as a browser holding
// it does (the load generator's phones).
type Decoder struct {
	available string
	head      [8 + 32]byte
	match     string // the URL prefix the dictionary is used for
	dec       *zstd.Decoder
}

// NewDecoder holds raw, served with the Use-As-Dictionary value
// useAsDictionary (its match="/prefix/*" says for which URLs).
func NewDecoder(raw []byte, useAsDictionary string) (*Decoder, error) {
	sum := sha256.Sum256(raw)
	dec, err := zstd.NewReader(nil, zstd.WithDecoderDictRaw(0, raw), zstd.WithDecoderConcurrency(runtime.GOMAXPROCS(0)))
	if err != nil {
		return nil, fmt.Errorf("dictionary: %w", err)
	}
	return &Decoder{available: available(sum), head: headerFrame(sum), match: matchPrefix(useAsDictionary), dec: dec}, nil
}

// UseAsDictionary is the Use-As-Dictionary value offering a dictionary for
// every URL under prefix (a path ending in "/").
func UseAsDictionary(prefix string) string { return `match="` + prefix + `*"` }

// matchPrefix is the URL prefix of a Use-As-Dictionary value's match, the
// one form UseAsDictionary writes; "" matches nothing.
func matchPrefix(v string) string {
	for part := range strings.SplitSeq(v, ",") {
		if m, ok := strings.CutPrefix(strings.TrimSpace(part), "match="); ok {
			if p, ok := strings.CutSuffix(strings.Trim(m, `"`), "*"); ok {
				return p
			}
		}
	}
	return ""
}

// Available is the Available-Dictionary value naming the dictionary.
func (d *Decoder) Available() string { return d.available }

// Matches says a browser names the dictionary on a request for path.
func (d *Decoder) Matches(path string) bool { return d.match != "" && strings.HasPrefix(path, d.match) }

// Decode inflates a dcz answer into out.
func (d *Decoder) Decode(raw, out []byte) ([]byte, error) {
	if !bytes.HasPrefix(raw, d.head[:]) {
		return nil, fmt.Errorf("a dcz answer that names another dictionary")
	}
	return d.dec.DecodeAll(raw[len(d.head):], out)
}
