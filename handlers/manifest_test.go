package handlers_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"strings"
	"testing"
)

// The install dialog and the launcher read more than the basics: a stable
// id, the scope, a shortcut per game and screenshots.
func TestManifestHasIdScopeShortcutsAndScreenshots(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	var m struct {
		ID    string `json:"id"`
		Scope string `json:"scope"`
		Icons []struct {
			Src, Purpose string
		} `json:"icons"`
		Shortcuts []struct {
			Name  string `json:"name"`
			URL   string `json:"url"`
			Icons []struct {
				Src string `json:"src"`
			} `json:"icons"`
		} `json:"shortcuts"`
		Screenshots []struct {
			Src, Sizes, Type, Label string
			FormFactor              string `json:"form_factor"`
		} `json:"screenshots"`
	}
	if err := json.Unmarshal([]byte(p.get("/manifest.webmanifest", nil).Body), &m); err != nil {
		t.Fatalf("manifest is not JSON: %v", err)
	}
	if m.ID != "/" || m.Scope != "/" {
		t.Errorf("id %q scope %q, want both /", m.ID, m.Scope)
	}
	maskable := 0
	for _, ic := range m.Icons {
		if strings.Contains(ic.Purpose, "maskable") {
			maskable++
			if strings.Contains(ic.Purpose, "any") {
				t.Errorf("icon %s is both any and maskable: a launcher would crop the rounded one", ic.Src)
			}
		}
	}
	if maskable != 1 {
		t.Errorf("%d maskable icons, want 1", maskable)
	}
	shortcutFor := map[string]bool{}
	for _, sc := range m.Shortcuts {
		shortcutFor[sc.URL] = true
		t.Run("shortcut "+sc.Name, func(t *testing.T) {
			if res := p.get(sc.URL, nil); res.StatusCode != 200 {
				t.Errorf("%s: status %d", sc.URL, res.StatusCode)
			}
			for _, ic := range sc.Icons {
				if !hashedName.MatchString(ic.Src) || p.get(ic.Src, nil).StatusCode != 200 {
					t.Errorf("shortcut icon %s is not a served hashed file", ic.Src)
				}
			}
		})
	}
	for _, kind := range []string{"spells-arrows", "mages-tower", "arcane-scribes"} {
		if !shortcutFor["/new/"+kind] {
			t.Errorf("no shortcut to a new %s game", kind)
		}
	}
	if len(m.Screenshots) == 0 {
		t.Fatal("no screenshots")
	}
	for _, sh := range m.Screenshots {
		t.Run("screenshot "+sh.Src, func(t *testing.T) {
			res := p.get(sh.Src, nil)
			if res.StatusCode != 200 || res.Header.Get("Content-Type") != sh.Type {
				t.Fatalf("status %d type %q", res.StatusCode, res.Header.Get("Content-Type"))
			}
			cfg, err := png.DecodeConfig(bytes.NewReader([]byte(res.Body)))
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprintf("%dx%d", cfg.Width, cfg.Height); got != sh.Sizes {
				t.Errorf("image is %s, manifest says %s", got, sh.Sizes)
			}
			if sh.Label == "" || sh.FormFactor != "narrow" {
				t.Errorf("label %q form_factor %q", sh.Label, sh.FormFactor)
			}
		})
	}
}

// A page names the manifest of its language, and the manifest says its
// words in it: the description, the shortcuts and the screenshots'
// labels; the games' names stay names.
func TestManifestSpeaksThePagesLanguage(t *testing.T) {
	a := newTestApp(t)
	p := a.phone()
	type manifest struct {
		Lang        string `json:"lang"`
		Description string `json:"description"`
		Shortcuts   []struct {
			Name, ShortName string
		} `json:"shortcuts"`
		Screenshots []struct{ Label string } `json:"screenshots"`
	}
	read := func(path string) manifest {
		t.Helper()
		var m manifest
		if err := json.Unmarshal([]byte(p.get(path, nil).Body), &m); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return m
	}
	en := read("/manifest.webmanifest")
	if href, _ := p.get("/", hdr{"Accept-Language": "de"}).doc(t).Find(`link[rel="manifest"]`).Attr("href"); href != "/manifest.webmanifest?lang=de" {
		t.Fatalf("a German page links the manifest %q", href)
	}
	de := read("/manifest.webmanifest?lang=de")
	if de.Lang != "de" || en.Lang != "en" {
		t.Errorf("lang %q and %q", de.Lang, en.Lang)
	}
	if de.Description == en.Description || !strings.Contains(de.Description, "Spells & Arrows") {
		t.Errorf("German description %q", de.Description)
	}
	if len(de.Shortcuts) != len(en.Shortcuts) || len(de.Shortcuts) == 0 {
		t.Fatalf("%d German shortcuts, %d English", len(de.Shortcuts), len(en.Shortcuts))
	}
	for i, sc := range de.Shortcuts {
		if !strings.HasPrefix(sc.Name, "Neues Spiel") || sc.Name == en.Shortcuts[i].Name {
			t.Errorf("German shortcut %q (English %q)", sc.Name, en.Shortcuts[i].Name)
		}
	}
	for i, sh := range de.Screenshots {
		if sh.Label == en.Screenshots[i].Label {
			t.Errorf("screenshot label left in English: %q", sh.Label)
		}
	}
	if read("/manifest.webmanifest?lang=xx").Description != en.Description {
		t.Error("an unknown language is not English")
	}
}
