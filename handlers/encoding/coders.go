package encoding

import (
	"bytes"
	"fmt"
	"io"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
)

// Three sets of compressors. An answer made for one request (a tap's
// fragments, a page drawn per answer) is compressed once and sent once, so
// its compression is paid on every tap: a browser holding the dictionary
// gets it compressed against that (dictionary.go), any other gzip at level 5 of
// klauspost/compress, 18-29 µs on the real tap answers for 1,231 B, where
// the standard library's gzip took 45-55 µs at level 4 for 1,234 B
// (clearing its 640 KB of hash tables on every Reset) and brotli 1 30-50
// µs for 1,448 B (BenchmarkAnswerCoders). In the running server the
// coder's tables are out of the CPU's cache by the next tap, and then
// they, not the loop, set the cost (the benchmark's -cold runs, three
// runs on 2026-12-02): level 5 takes 77-107 µs, the standard library's
// level 4 89-147 µs, brotli 1 49-74 µs, level 1 40-75 µs for 1,360 B, the
// stateless mode 27-48 µs for 1,443 B. The cheaper modes save a few
// percent of a tap's CPU, but level 1 puts the long games' median tap
// answer, 1.34-1.37 KB at level 5, at 1.47-1.50 KB (the growth run of
// bench/loadgen), on the 1.5 KB line. An answer kept compressed and sent
// many times (a cached page or refresh) is worth brotli 5; assets, kept
// forever, get the strongest settings (Asset).
var (
	perAnswer = newCoders(1, 5)
	kept      = newCoders(5, gzip.DefaultCompression)
	forever   = newCoders(brotli.BestCompression, gzip.BestCompression)
)

// coders of each kind: the levels follow how often the bytes are sent.
func codersOf(k Kind) *coders {
	switch k {
	case Tap:
		return perAnswer
	case Page, Refresh:
		return kept
	default:
		return forever
	}
}

// Compress is p whole in enc ("br" or "gzip"), at the levels of kind k.
// The dictionary's coding is the Dictionary's (Dictionary.Compress).
func Compress(k Kind, enc string, p []byte) ([]byte, error) { return codersOf(k).all(enc, p) }

// zwriter is a brotli, gzip or dcz writer.
type zwriter interface {
	io.Writer
	Flush() error
	Close() error
}

// coders are pooled brotli and gzip writers at one pair of levels: a
// writer's tables are costly to make, cheap to reset.
type coders struct{ br, gz sync.Pool }

func newCoders(brLevel, gzLevel int) *coders {
	k := &coders{}
	k.br.New = func() any { return brotli.NewWriterLevel(io.Discard, brLevel) }
	k.gz.New = func() any { w, _ := gzip.NewWriterLevel(io.Discard, gzLevel); return w }
	return k
}

// get is a writer of enc ("br", else gzip) onto out; put gives it back.
func (k *coders) get(enc string, out io.Writer) zwriter {
	if enc == "br" {
		bw := k.br.Get().(*brotli.Writer)
		bw.Reset(out)
		return bw
	}
	gw := k.gz.Get().(*gzip.Writer)
	gw.Reset(out)
	return gw
}

func (k *coders) put(zw zwriter) {
	switch z := zw.(type) {
	case *brotli.Writer:
		z.Reset(io.Discard)
		k.br.Put(z)
	case *gzip.Writer:
		z.Reset(io.Discard)
		k.gz.Put(z)
	}
}

// all is p compressed whole in enc ("br" or "gzip").
func (k *coders) all(enc string, p []byte) ([]byte, error) {
	if enc != "br" && enc != "gzip" {
		return nil, fmt.Errorf("compress: no encoding %q", enc)
	}
	var out bytes.Buffer
	zw := k.get(enc, &out)
	defer k.put(zw)
	if _, err := zw.Write(p); err != nil {
		return nil, fmt.Errorf("compress %s: %w", enc, err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("compress %s: %w", enc, err)
	}
	return out.Bytes(), nil
}

// Assets never change behind their hashed URL, so each is compressed once,
// at the strongest settings (brotli quality 11, gzip 9), and the bytes are
// kept: about 100 ms of CPU per file, once, instead of ~2 ms on every first
// visit at the per-answer level, and 1-1.5 KB less per file on the wire.
// The memo is keyed by the content hash, so it is shared by every server
// in the process (tests make many) and can never serve old bytes.
var assetZips sync.Map // assetZipKey -> *assetZip

type assetZipKey struct{ hash, enc string }

type assetZip struct {
	once sync.Once
	body []byte
	err  error
}

// CompressAsset is body compressed in enc ("br" or "gzip") at the Asset
// levels, made once per content: hash names body.
func CompressAsset(hash, enc string, body []byte) ([]byte, error) {
	v, _ := assetZips.LoadOrStore(assetZipKey{hash, enc}, &assetZip{})
	z := v.(*assetZip)
	z.once.Do(func() { z.body, z.err = forever.all(enc, body) })
	return z.body, z.err
}
