package middleware

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// csp allows only our own files: htmx is configured (meta htmx-config) not to
// eval or inject inline styles, and no template uses inline script or style.
// 'wasm-unsafe-eval' lets the offline script compile our own WebAssembly
// module (Chromium refuses WebAssembly.instantiate without it); it allows
// no JavaScript eval. connect-src, font-src and manifest-src fall back to
// default-src, and worker-src to script-src, so they are not repeated: the
// header goes out with every answer (style-src stays, to be explicit about
// the one place inline code is most often let in).
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// securityHeadersSent are the headers every answer carries: what Echo's
// Secure middleware would set with these values, made once. The header
// values are shared by every answer; nothing changes a header's value in
// place, and net/http only reads them.
var securityHeadersSent = http.Header{
	"X-Xss-Protection":        {"0"}, // the old header's blocking mode is itself a risk
	"X-Content-Type-Options":  {"nosniff"},
	"X-Frame-Options":         {"DENY"},
	"Referrer-Policy":         {"same-origin"},
	"Content-Security-Policy": {csp},
}

// SecurityHeaders puts securityHeadersSent on the answer. Echo's middleware
// made and canonicalised each header anew for every request.
func SecurityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		hd := c.Response().Header()
		for k, v := range securityHeadersSent {
			hd[k] = v[:1:1]
		}
		return next(c)
	}
}
