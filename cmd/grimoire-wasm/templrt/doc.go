// Package templ is a small stand-in for github.com/a-h/templ v0.3.1118 that
// only the WebAssembly module is built with (cmd/grimoire-wasm/gen.go puts
// it in place with a replace directive in a go.mod derived at build time).
//
// Why it exists: real templ's root and runtime packages import net/http (its
// Handler, its CSS middleware, its flushing buffer), and net/http pulls in
// crypto/tls, crypto/x509, net, mime/multipart and html/template: about a
// fifth of the compressed module, for code the module never runs. The
// server keeps real templ; the templates are written and generated once.
//
// It holds exactly the API that our generated *_templ.go files and our
// hand-written views call, with templ's output byte for byte: the same
// escaping, the same class joining, the same URL sanitization. Where our
// templates never reach a branch of templ's behaviour (scripts, component
// CSS, spread attributes other than plain text and booleans, attributes
// that templ would sanitize as scripts or styles), this package returns an
// error instead of drawing something else, so a difference is loud. A new
// template that needs more of templ fails to build the module, or fails
// cmd/grimoire-wasm's TestLiteTemplDrawsLikeTempl, which draws a corpus of
// every game's screens with both runtimes and compares them.
package templ
