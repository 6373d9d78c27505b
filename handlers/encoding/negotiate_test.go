package encoding

import (
	"fmt"
	"testing"
)

// Every kind of answer against the Accept-Encoding values browsers and
// tools send, with and without the dictionary held: the one table of how
// the app compresses. A kept answer (page, refresh, asset) is brotli
// first, as it is compressed once and sent many times; an answer made per
// request gzip first, as it is faster; the dictionary wins where it may be
// used and the browser holds it.
func TestChoose(t *testing.T) {
	const chromium = "gzip, deflate, br, zstd, dcb, dcz"
	type want struct{ tap, page, refresh, asset, module, moduleGzip string }
	cases := []struct {
		accept string
		held   bool
		want   want
	}{
		{"", false, want{"", "", "", "", "", ""}},
		{"identity", false, want{"", "", "", "", "", ""}},
		{"gzip", false, want{"gzip", "gzip", "gzip", "gzip", "gzip", "gzip"}},
		{"br", false, want{"br", "br", "br", "br", "br", ""}},
		{"gzip, deflate, br, zstd", false, want{"gzip", "br", "br", "br", "br", "gzip"}},
		{chromium, false, want{"gzip", "br", "br", "br", "br", "gzip"}},
		{chromium, true, want{"dcz", "br", "dcz", "br", "br", "gzip"}},
		// Held means the browser takes dcz and names this dictionary
		// (Dictionary.Held), whatever else it takes.
		{"dcz", true, want{"dcz", "", "dcz", "", "", ""}},
		{"br, gzip;q=0", false, want{"br", "br", "br", "br", "br", ""}},
		{"br;q=0, gzip;q=0.5", false, want{"gzip", "gzip", "gzip", "gzip", "gzip", "gzip"}},
		{"br;q=0, gzip;q=0", false, want{"", "", "", "", "", ""}},
		{"*", false, want{"gzip", "br", "br", "br", "br", "gzip"}},
		{"*;q=0", false, want{"", "", "", "", "", ""}},
		{"gzip;q=0, *", false, want{"br", "br", "br", "br", "br", ""}},
		// The last naming of a coding counts; spaces around a name and
		// its case do not.
		{"gzip;q=0, gzip", false, want{"gzip", "gzip", "gzip", "gzip", "gzip", "gzip"}},
		{"gzip, gzip;q=0, br", false, want{"br", "br", "br", "br", "br", ""}},
		{" gzip ;q=0.5", false, want{"gzip", "gzip", "gzip", "gzip", "gzip", "gzip"}},
		{"GZIP", false, want{"gzip", "gzip", "gzip", "gzip", "gzip", "gzip"}},
		{"BR", false, want{"br", "br", "br", "br", "br", ""}},
	}
	for _, tc := range cases {
		for _, k := range []struct {
			kind Kind
			name string
			want string
		}{
			{Tap, "tap", tc.want.tap},
			{Page, "page", tc.want.page},
			{Refresh, "refresh", tc.want.refresh},
			{Asset, "asset", tc.want.asset},
			{Module, "module", tc.want.module},
			{ModuleGzip, "module-gzip", tc.want.moduleGzip},
		} {
			t.Run(fmt.Sprintf("%s/%q/held=%v", k.name, tc.accept, tc.held), func(t *testing.T) {
				if got := Choose(k.kind, tc.accept, tc.held); got != k.want {
					t.Errorf("Choose(%s, %q, %v) = %q, want %q", k.name, tc.accept, tc.held, got, k.want)
				}
			})
		}
	}
}

func TestWorth(t *testing.T) {
	for _, tc := range []struct {
		n     int
		ctype string
		want  bool
	}{
		{MinSize, "text/html; charset=UTF-8", true},
		{MinSize - 1, "text/html; charset=UTF-8", false},
		{4096, "image/png", false},
		{4096, "text/event-stream", false},
		{4096, "application/manifest+json", true},
		{4096, "not a type;;", false},
	} {
		t.Run(fmt.Sprintf("%d-%s", tc.n, tc.ctype), func(t *testing.T) {
			if got := Worth(tc.n, tc.ctype); got != tc.want {
				t.Errorf("Worth(%d, %q) = %v", tc.n, tc.ctype, got)
			}
		})
	}
}
