//go:build !js

package lang

import (
	"sync"

	"golang.org/x/text/language"
)

// Matching a browser's Accept-Language is the server's work only: the
// offline module never sees a header, and leaving this file out of it
// (the build tag) keeps x/text's language tables out of the module.

// matcher picks among the offered languages, built by the first request.
var matcher = sync.OnceValue(func() language.Matcher {
	tags := make([]language.Tag, len(offered))
	for i, l := range offered {
		tags[i] = language.MustParse(string(l))
	}
	return language.NewMatcher(tags)
})

// Match is the offered language that best suits an Accept-Language
// header, or English when none does (or the header cannot be read). A
// regional variant finds its language ("es-MX" is Spanish, "pt-PT" the
// Brazilian Portuguese offered), and the browser's order of preference
// counts before the quality of a match.
func Match(acceptLanguage string) Lang {
	if acceptLanguage == "" || len(acceptLanguage) > maxAcceptLanguage {
		return English
	}
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return English
	}
	_, i, conf := matcher().Match(tags...)
	if conf == language.No || i < 0 || i >= len(offered) {
		return English
	}
	return offered[i]
}

// maxAcceptLanguage bounds the header parsed: browsers send a few dozen
// bytes, and anything far longer is not a browser's.
const maxAcceptLanguage = 1024
