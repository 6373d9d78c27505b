package main

import (
	"context"

	"github.com/grimoire-games/grimoire/lang"
)

// speaks is the language of the page the module draws for, set by
// grimoire.language (main.go); the functions shared with the host build
// (the league's and the replay's drawing) read it too, so they speak
// English there, as a context without a language does.
var speaks = lang.English

// drawing is the context every drawing renders in: the page's language.
func drawing() context.Context { return lang.With(context.Background(), speaks) }
