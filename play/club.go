package play

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/grimoire-games/grimoire/rules/record"
	"github.com/grimoire-games/grimoire/store"
)

// Club limits: what one phone may start, and one club may hand out, so a
// script cannot fill the store with clubs or codes.
const (
	// ClubsPerDay: the clubs one phone may start in a day.
	ClubsPerDay = 3
	// InvitesPerDay: the invites one club may make in a day.
	InvitesPerDay = 20
	// ClubMembers: the phones a club may have at once.
	ClubMembers = 24
	// InviteLife: how long an invite may be used.
	InviteLife = 48 * time.Hour
	// ClubNameMax: the longest club name, in characters.
	ClubNameMax = 40
)

// ClubName checks a club's name as typed: trimmed, not empty, not too long.
func ClubName(s string) (string, error) {
	s = strings.Join(strings.Fields(s), " ")
	switch {
	case s == "":
		return "", errors.New("Give the club a name, for example the court you play at.")
	case len([]rune(s)) > ClubNameMax:
		return "", fmt.Errorf("A club's name has at most %d characters.", ClubNameMax)
	}
	return s, nil
}

// confirmWords are the words the two phones of a pairing show: 64 short
// words easy to read aloud and to tell apart.
var confirmWords = [64]string{
	"amber", "anvil", "arrow", "aspen", "badger", "banner", "basil", "beacon",
	"birch", "bison", "blaze", "brook", "cabin", "candle", "cedar", "cinder",
	"clover", "comet", "copper", "coral", "crane", "crown", "dawn", "delta",
	"ember", "falcon", "fern", "flint", "forge", "fox", "garnet", "glade",
	"harbor", "hazel", "heron", "island", "ivory", "jasper", "juniper", "kettle",
	"lantern", "larch", "lotus", "maple", "marble", "meadow", "nectar", "oak",
	"onyx", "orchid", "otter", "pebble", "pine", "quartz", "raven", "ridge",
	"saffron", "sparrow", "thistle", "tiger", "umber", "violet", "willow", "zephyr",
}

// ConfirmWords are the three words both phones show after a join: the
// phone that made the invite beside the invite it made, the phone that
// joined on its club page. They come from the club and the two phones
// only, so two people reading the same words know they paired with each
// other (and not with a phone that caught the link on the way).
func ConfirmWords(clubID, inviter, joiner string) string {
	sum := record.Sum256([]byte("grimoire club pairing\x00" + clubID + "\x00" + inviter + "\x00" + joiner))
	w := make([]string, 3)
	for i := range w {
		w[i] = confirmWords[sum[i]%64]
	}
	return strings.Join(w, " ")
}

// InviteState is what an invite can still do, in the words the club page
// shows.
func InviteState(inv store.Invite, now time.Time) string {
	switch {
	case inv.UsedBy != "":
		return "used"
	case inv.Revoked:
		return "revoked"
	case !now.Before(inv.Expires):
		return "expired"
	}
	return "open"
}

// Names resolves the club's merged names: each name to the one it was
// merged into, following merges of merges, and never round in a circle.
func Names(merges []store.NameMerge) func(string) string {
	into := map[string]string{}
	for _, m := range merges {
		into[m.Name] = m.Into
	}
	return func(name string) string {
		seen := map[string]bool{}
		for {
			next, ok := into[name]
			if !ok || seen[next] {
				return name
			}
			seen[name] = true
			name = next
		}
	}
}

// CheckMerge checks that name may be counted as into in a club with
// these merges: two different names, neither empty, and no circle.
func CheckMerge(merges []store.NameMerge, name, into string) error {
	name, into = strings.TrimSpace(name), strings.TrimSpace(into)
	switch {
	case name == "" || into == "":
		return errors.New("Pick the two names to count as one person.")
	case name == into:
		return errors.New("Those are the same name already.")
	}
	if Names(merges)(into) == name {
		return fmt.Errorf("%s is already counted as %s: split them first.", into, name)
	}
	return nil
}
