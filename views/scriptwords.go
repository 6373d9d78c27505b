package views

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/a-h/templ"

	"github.com/grimoire-games/grimoire/lang"
)

// scriptKeys are the words static/*.js writes into a page (the network
// banner, "ready for offline play", the notices, the settings' support
// lines), handed to the scripts in the page's language so no script
// holds words of its own.
var scriptKeys = []lang.Key{
	lang.ScriptLinkCopied, lang.ScriptHTTPSNotice, lang.ScriptHTTPSHow, lang.ScriptOK,
	lang.ScriptCloseNotice, lang.ScriptNewVersion, lang.ScriptReload, lang.ScriptReady,
	lang.ScriptCannotKeep, lang.ScriptGetting, lang.ScriptNotReady, lang.ScriptOffline,
	lang.ScriptOnline, lang.ScriptNeedsHTTPS, lang.ScriptSavedHere, lang.ScriptShowingSaved,
	lang.ScriptSending, lang.ScriptNotApplied, lang.ScriptTapsWaiting, lang.ScriptNoSpeech,
	lang.ScriptVoiceStored, lang.ScriptNoVoice, lang.ScriptHeadset, lang.ScriptNoHeadset,
	lang.SettingsTitle,
	lang.ScriptDrawFailed, lang.ScriptTheBot, lang.ScriptBotThinking, lang.ScriptSaveFailed, lang.ScriptApplyFailed, lang.ScriptTapNeedsHTTPS, lang.ScriptHeldTitle, lang.ScriptHeldWhy, lang.ScriptHeldLine, lang.ScriptHeldApply, lang.ScriptHeldExport, lang.ScriptHeldDiscard, lang.ScriptHeldConfirm, lang.ScriptAdvisorFailed, lang.ScriptStartFailed, lang.ScriptNewGameLine, lang.ScriptSavedOnPhone, lang.ScriptStartedOnPhone, lang.ScriptActions, lang.ScriptGameNotSaved,
}

// ScriptWords is the words of scriptKeys in the language of ctx, as the
// page's JSON block holds them for app.js's say(): a sentence, or for a
// plural entry its forms by CLDR category ("one", "other", "=0"), which
// the script picks with Intl.PluralRules. Printf verbs stay in the words
// (%s, %d, %%) for the script to fill.
func ScriptWords(ctx context.Context) map[lang.Key]any {
	l := lang.From(ctx)
	out := make(map[lang.Key]any, len(scriptKeys))
	for _, k := range scriptKeys {
		e, ok := l.Entry(k)
		if !ok {
			continue
		}
		if e.Forms != nil {
			out[k] = e.Forms
		} else {
			out[k] = e.Text
		}
	}
	return out
}

// ScriptWordsBlock is ScriptWords as the page's JSON block, which app.js
// reads: json.Marshal escapes <, > and &, so no word can end the block.
// Written by hand rather than with templ.JSONScript so the module's small
// templ stand-in draws it too.
func ScriptWordsBlock() templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		b, err := json.Marshal(ScriptWords(ctx))
		if err != nil {
			return fmt.Errorf("script words: %w", err)
		}
		_, err = fmt.Fprintf(w, `<script id="grimoire-words" type="application/json">%s</script>`, b)
		return err
	})
}
