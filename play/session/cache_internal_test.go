package session

import (
	"testing"

	"github.com/grimoire-games/grimoire/store"
)

// A full game entry drops its oldest screen for a new one, but never the
// new one itself, even when it is the oldest: a phone far behind asks for
// its old screen at every refresh, and it would be drawn every time.
func TestScreenCacheKeepsTheScreenJustAdded(t *testing.T) {
	gc := newCache(10, 1<<30)
	gc.put("g", make([]store.Entry, 100))
	screen := func(v int) ScreenKey { return ScreenKey{Version: v, Viewer: "phone"} }
	drawn := []Rendered{{ID: "now", HTML: "x"}}
	for v := 50; v < 50+cacheMaxScreens; v++ {
		gc.addScreen("g", screen(v), drawn)
	}
	gc.addScreen("g", screen(3), drawn)
	if _, ok := gc.screen("g", screen(3)); !ok {
		t.Fatal("the screen just added at version 3 was dropped")
	}
	if _, ok := gc.screen("g", screen(50)); ok {
		t.Error("the oldest of the screens before it (version 50) is still kept")
	}
	if _, ok := gc.screen("g", screen(51)); !ok {
		t.Error("version 51 was dropped too")
	}
	gc.addScreen("g", screen(4), drawn)
	if _, ok := gc.screen("g", screen(4)); !ok {
		t.Fatal("the screen just added at version 4 was dropped")
	}
	if _, ok := gc.screen("g", screen(3)); ok {
		t.Error("version 3, now the oldest other screen, is still kept")
	}
	if n := len(gc.byID["g"].Value.(*cacheEntry).order); n != cacheMaxScreens {
		t.Errorf("%d screens kept, want %d", n, cacheMaxScreens)
	}
}
