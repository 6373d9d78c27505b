// Package club is what the club pages do with no HTTP in it: which games a
// phone counts (its club's or its own), starting, inviting, joining,
// leaving and the limits on each, merged names, and the league, rating and
// CSV built from the counted games. The handlers read the request, call a
// Service method and draw what it answers; a *Refusal says why a write was
// not made, in words.
package club

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/session"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// Store is what the club pages need from persistence; store.Store has it.
type Store interface {
	store.Clubs
	// Game reads a game's row.
	Game(ctx context.Context, id string) (store.Game, error)
	// Games lists the games a device owns or holds a seat in.
	Games(ctx context.Context, owner string) ([]store.Game, error)
	// GamesPage is one page of Games(owner) with their total.
	GamesPage(ctx context.Context, owner string, offset, limit int) ([]store.Game, int, error)
	// Log is a game's whole log.
	Log(ctx context.Context, id string) ([]store.Entry, error)
	// Seats lists a game's seat rows.
	Seats(ctx context.Context, gameID string) ([]store.Seat, error)
}

// Service answers the club pages of one server.
type Service struct {
	store   Store
	session *session.Session
	games   []play.Kind
	now     func() time.Time
	newID   func(n int) string
	// advising holds the one advisor table being simulated (AdviceTurn).
	advising chan struct{}
}

// New is the club pages over st, loading games through s; now is the
// clock and newID makes a random id of n characters (club ids, invite
// codes).
func New(st Store, s *session.Session, games []play.Kind, now func() time.Time, newID func(n int) string) *Service {
	return &Service{store: st, session: s, games: games, now: now, newID: newID, advising: make(chan struct{}, 1)}
}

// Why sorts a refusal the way an answer's status does.
type Why int

const (
	// Invalid: what was typed cannot be used (a club's name, a merge).
	Invalid Why = iota
	// Conflict: the club or the phone is not in a state that allows it.
	Conflict
	// TooMany: a daily limit is reached.
	TooMany
	// Missing: no such invite, phone or merge.
	Missing
	// NotAllowed: this phone may not do it.
	NotAllowed
	// Gone: the invite was used, revoked or has expired.
	Gone
	// BadForm: the form asks for something that makes no sense.
	BadForm
	// Busy: the server is busy with the same work for another phone.
	Busy
)

// Refusal is a write not made, and why, in words a player reads.
type Refusal struct {
	Why   Why
	Words string
}

func (r *Refusal) Error() string { return r.Words }

func refuse(why Why, words string) error { return &Refusal{Why: why, Words: words} }

// Limits is the line of the club page that states the limits.
func Limits(ctx context.Context) string {
	return lang.T(ctx, lang.ClubLimits, strconv.Itoa(play.ClubsPerDay), strconv.Itoa(play.InvitesPerDay), strconv.Itoa(play.ClubMembers))
}

// Of is the club device is in (ok false: none).
func (s *Service) Of(ctx context.Context, dev string) (store.Club, bool, error) {
	cl, err := s.store.ClubOf(ctx, dev)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return store.Club{}, false, nil
	case err != nil:
		return store.Club{}, false, fmt.Errorf("club of this phone: %w", err)
	}
	return cl, true, nil
}

// Counted are the games device's figures count: its club's when it is in
// one, its own otherwise, most recently updated first.
func (s *Service) Counted(ctx context.Context, dev string) ([]store.Game, error) {
	cl, ok, err := s.Of(ctx, dev)
	if err != nil {
		return nil, err
	}
	if !ok {
		return s.store.Games(ctx, dev)
	}
	return s.store.ClubGames(ctx, cl.ID)
}

// MemberHandle names a phone of a club in forms without showing its
// device id (which is what its session cookie holds).
func MemberHandle(clubID, dev string) string {
	sum := sha256.Sum256([]byte(clubID + "\x00" + dev))
	return hex.EncodeToString(sum[:8])
}

// member is the club of device for a write only members make.
func (s *Service) member(ctx context.Context, dev string) (store.Club, error) {
	cl, ok, err := s.Of(ctx, dev)
	if err != nil {
		return store.Club{}, err
	}
	if !ok {
		return store.Club{}, refuse(NotAllowed, "This phone is in no club.")
	}
	return cl, nil
}

// Page is the club page of device (InClub false: the start form). joined
// asks for this phone's pairing words, invite is the code of the invite
// just made ("" none).
func (s *Service) Page(ctx context.Context, dev string, joined bool, invite string) (views.ClubView, error) {
	cl, ok, err := s.Of(ctx, dev)
	if err != nil || !ok {
		return views.ClubView{Limits: Limits(ctx)}, err
	}
	now := s.now()
	members, err := s.store.Members(ctx, cl.ID)
	if err != nil {
		return views.ClubView{}, fmt.Errorf("club members: %w", err)
	}
	invites, err := s.store.Invites(ctx, cl.ID)
	if err != nil {
		return views.ClubView{}, fmt.Errorf("club invites: %w", err)
	}
	merges, err := s.store.NameMerges(ctx, cl.ID)
	if err != nil {
		return views.ClubView{}, fmt.Errorf("club names: %w", err)
	}
	v := views.ClubView{InClub: true, Name: cl.Name, Owner: cl.Owner == dev, Limits: Limits(ctx)}
	words := func(m store.Member) string {
		for _, inv := range invites {
			if inv.UsedBy == m.Device {
				return play.ConfirmWords(cl.ID, inv.By, inv.UsedBy)
			}
		}
		return ""
	}
	active := 0
	for i, m := range members {
		mv := views.ClubMember{
			Handle: MemberHandle(cl.ID, m.Device), Label: lang.T(ctx, lang.ClubPhoneN, strconv.Itoa(i+1)),
			Since: play.Ago(now, m.Joined), Words: words(m), This: m.Device == dev, Owner: m.Device == cl.Owner,
		}
		if mv.This {
			mv.Label = lang.T(ctx, lang.ClubThisPhone)
			if joined {
				v.Joined = mv.Words
			}
		}
		switch {
		case m.Removed:
			mv.Left = lang.T(ctx, lang.ClubRemoved, play.Ago(now, m.Left))
		case !m.Active():
			mv.Left = lang.T(ctx, lang.ClubLeft, play.Ago(now, m.Left))
		default:
			active++
		}
		v.Members = append(v.Members, mv)
	}
	for _, inv := range invites {
		iv := views.ClubInvite{Code: inv.Code, Link: "/club/join/" + inv.Code, State: play.InviteState(inv, now), Expires: play.Ago(now, inv.Expires)}
		if iv.State == "open" {
			iv.Expires = inv.Expires.Local().Format("2 Jan 15:04")
		}
		if inv.UsedBy != "" {
			iv.Words = play.ConfirmWords(cl.ID, inv.By, inv.UsedBy)
		}
		// Only the phone that made an invite, and the owner, see its code.
		if inv.By != dev && cl.Owner != dev {
			continue
		}
		if invite == inv.Code && iv.State == "open" {
			fresh := iv
			v.Fresh = &fresh
		}
		v.Invites = append(v.Invites, iv)
	}
	made, err := s.store.CountInvitesSince(ctx, cl.ID, now.Add(-24*time.Hour))
	if err != nil {
		return views.ClubView{}, fmt.Errorf("club invites: %w", err)
	}
	v.CanInvite = made < play.InvitesPerDay && active < play.ClubMembers
	for _, m := range merges {
		v.Names = append(v.Names, views.ClubMerge{Name: m.Name, Into: m.Into})
	}
	v.Games = play.RankedChoices(s.games)
	if v.People, err = s.KnownNames(ctx, dev); err != nil {
		return views.ClubView{}, err
	}
	slices.Sort(v.People)
	return v, nil
}

// inClubAlready is the refusal of a phone in a club that starts another.
const inClubAlready = "This phone is in a club already: leave it first."

// Start makes a club named as typed with device as its owner.
func (s *Service) Start(ctx context.Context, dev, typed string) error {
	name, err := play.ClubName(typed)
	if err != nil {
		return refuse(Invalid, err.Error())
	}
	if _, in, err := s.Of(ctx, dev); err != nil {
		return err
	} else if in {
		return refuse(Conflict, inClubAlready)
	}
	now := s.now()
	n, err := s.store.CountClubsSince(ctx, dev, now.Add(-24*time.Hour))
	if err != nil {
		return fmt.Errorf("count clubs: %w", err)
	}
	if n >= play.ClubsPerDay {
		return refuse(TooMany, fmt.Sprintf("This phone started %d clubs today, the most a day. Try again tomorrow.", n))
	}
	err = s.store.CreateClub(ctx, store.Club{ID: s.newID(12), Name: name, Owner: dev, Created: now})
	switch {
	case errors.Is(err, store.ErrInClub):
		return refuse(Conflict, inClubAlready)
	case err != nil:
		return fmt.Errorf("start club: %w", err)
	}
	return nil
}

// full refuses a club that has as many phones as it may.
func (s *Service) full(ctx context.Context, clubID string) error {
	members, err := s.store.Members(ctx, clubID)
	if err != nil {
		return fmt.Errorf("club members: %w", err)
	}
	if active := len(slices.DeleteFunc(members, func(m store.Member) bool { return !m.Active() })); active >= play.ClubMembers {
		return refuse(Conflict, fmt.Sprintf("The club has %d phones, the most it may have.", active))
	}
	return nil
}

// Invite makes a new one-use invite of device's club and gives its code.
func (s *Service) Invite(ctx context.Context, dev string) (string, error) {
	cl, err := s.member(ctx, dev)
	if err != nil {
		return "", err
	}
	now := s.now()
	n, err := s.store.CountInvitesSince(ctx, cl.ID, now.Add(-24*time.Hour))
	if err != nil {
		return "", fmt.Errorf("count invites: %w", err)
	}
	if n >= play.InvitesPerDay {
		return "", refuse(TooMany, fmt.Sprintf("The club made %d invites today, the most a day. Try again tomorrow.", n))
	}
	if err := s.full(ctx, cl.ID); err != nil {
		return "", err
	}
	code := s.newID(12)
	if err := s.store.CreateInvite(ctx, store.Invite{Code: code, ClubID: cl.ID, By: dev, Created: now, Expires: now.Add(play.InviteLife)}); err != nil {
		return "", fmt.Errorf("make invite: %w", err)
	}
	return code, nil
}

// Revoke revokes an invite, for the phone that made it or the owner.
func (s *Service) Revoke(ctx context.Context, dev, code string) error {
	cl, err := s.member(ctx, dev)
	if err != nil {
		return err
	}
	inv, err := s.store.Invite(ctx, code)
	if errors.Is(err, store.ErrNotFound) || err == nil && inv.ClubID != cl.ID {
		return refuse(Missing, "The club has no such invite.")
	}
	if err != nil {
		return fmt.Errorf("invite: %w", err)
	}
	if inv.By != dev && cl.Owner != dev {
		return refuse(NotAllowed, "Only the phone that made an invite, or the club's owner, may revoke it.")
	}
	err = s.store.RevokeInvite(ctx, cl.ID, inv.Code)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return refuse(Conflict, "That invite was used already.")
	case err != nil:
		return fmt.Errorf("revoke invite: %w", err)
	}
	return nil
}

// InviteProblem says why an invite cannot be used now ("" when it can).
func InviteProblem(inv store.Invite, now time.Time) string {
	switch play.InviteState(inv, now) {
	case "used":
		return "This invite was used already: each invite lets one phone join. Ask for a new one."
	case "revoked":
		return "This invite was revoked. Ask for a new one."
	case "expired":
		return "This invite has expired. Ask for a new one."
	}
	return ""
}

// noSuchInvite is the refusal of a code that names no invite.
const noSuchInvite = "This invite link does not lead to a club. Check the link, or ask for a new invite."

// JoinPage is what an invite's link shows device: the club, and why it
// cannot join (Problem) or how many phones it would join.
func (s *Service) JoinPage(ctx context.Context, dev, code string) (views.ClubJoinView, error) {
	inv, err := s.store.Invite(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		return views.ClubJoinView{}, refuse(Missing, noSuchInvite)
	}
	if err != nil {
		return views.ClubJoinView{}, fmt.Errorf("invite: %w", err)
	}
	cl, err := s.store.Club(ctx, inv.ClubID)
	if err != nil {
		return views.ClubJoinView{}, fmt.Errorf("club of invite: %w", err)
	}
	v := views.ClubJoinView{Code: inv.Code, Club: cl.Name, Problem: InviteProblem(inv, s.now())}
	if in, ok, err := s.Of(ctx, dev); err != nil {
		return v, err
	} else if ok && v.Problem == "" {
		if in.ID == cl.ID {
			v.Problem = "This phone is in " + cl.Name + " already."
		} else {
			v.Problem = "This phone is in " + in.Name + ". A phone is in one club at a time: leave it first (on the club page)."
		}
	}
	if v.Problem != "" {
		return v, nil
	}
	members, err := s.store.Members(ctx, cl.ID)
	if err != nil {
		return v, fmt.Errorf("club members: %w", err)
	}
	for _, m := range members {
		if m.Active() {
			v.Members++
		}
	}
	return v, nil
}

// Join uses the invite and makes device a member, in one write.
func (s *Service) Join(ctx context.Context, dev, code string) error {
	now := s.now()
	inv, err := s.store.Invite(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		return refuse(Missing, noSuchInvite)
	}
	if err != nil {
		return fmt.Errorf("invite: %w", err)
	}
	if err := s.full(ctx, inv.ClubID); err != nil {
		return err
	}
	_, err = s.store.JoinClub(ctx, inv.Code, dev, now)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return refuse(Missing, "This invite link does not lead to a club.")
	case errors.Is(err, store.ErrInviteGone):
		// Read before the join: another phone may have used it since.
		msg := InviteProblem(inv, now)
		if msg == "" {
			msg = "This invite was used already: each invite lets one phone join. Ask for a new one."
		}
		return refuse(Gone, msg)
	case errors.Is(err, store.ErrInClub):
		return refuse(Conflict, "This phone is in a club already: leave it first (on the club page).")
	case err != nil:
		return fmt.Errorf("join club: %w", err)
	}
	return nil
}

// Leave takes device out of its club.
func (s *Service) Leave(ctx context.Context, dev string) error {
	cl, err := s.member(ctx, dev)
	if err != nil {
		return err
	}
	if err := s.store.LeaveClub(ctx, cl.ID, dev, s.now(), false); err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("leave club: %w", err)
	}
	return nil
}

// Remove is the owner (device) taking the phone of handle out.
func (s *Service) Remove(ctx context.Context, dev, handle string) error {
	cl, err := s.member(ctx, dev)
	if err != nil {
		return err
	}
	if cl.Owner != dev {
		return refuse(NotAllowed, "Only the club's owner may remove a phone.")
	}
	members, err := s.store.Members(ctx, cl.ID)
	if err != nil {
		return fmt.Errorf("club members: %w", err)
	}
	handle = strings.TrimSpace(handle)
	i := slices.IndexFunc(members, func(m store.Member) bool { return m.Active() && MemberHandle(cl.ID, m.Device) == handle })
	switch {
	case i < 0:
		return refuse(Missing, "The club has no such phone (it may have left already).")
	case members[i].Device == dev:
		return refuse(BadForm, "To take this phone out, leave the club.")
	}
	if err := s.store.LeaveClub(ctx, cl.ID, members[i].Device, s.now(), true); err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("remove phone: %w", err)
	}
	return nil
}

// MaxMerges is the most merged names a club may keep.
const MaxMerges = 200

// Merge counts name as into in device's club: two names, one person.
func (s *Service) Merge(ctx context.Context, dev, name, into string) error {
	cl, err := s.member(ctx, dev)
	if err != nil {
		return err
	}
	merges, err := s.store.NameMerges(ctx, cl.ID)
	if err != nil {
		return fmt.Errorf("club names: %w", err)
	}
	name, into = strings.TrimSpace(name), strings.TrimSpace(into)
	if err := play.CheckMerge(merges, name, into); err != nil {
		return refuse(Invalid, err.Error())
	}
	if len(merges) >= MaxMerges {
		return refuse(Conflict, fmt.Sprintf("The club has %d merged names, the most it may have. Split some first.", MaxMerges))
	}
	if err := s.store.MergeName(ctx, cl.ID, name, into); err != nil {
		return fmt.Errorf("merge names: %w", err)
	}
	return nil
}

// Split undoes the merge of name in device's club.
func (s *Service) Split(ctx context.Context, dev, name string) error {
	cl, err := s.member(ctx, dev)
	if err != nil {
		return err
	}
	err = s.store.SplitName(ctx, cl.ID, strings.TrimSpace(name))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return refuse(Missing, "That name is not merged with another.")
	case err != nil:
		return fmt.Errorf("split name: %w", err)
	}
	return nil
}
