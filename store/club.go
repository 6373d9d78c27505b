package store

import (
	"context"
	"errors"
	"time"
)

var (
	// ErrInClub: the device is already a member of a club (a phone is in
	// one club at a time).
	ErrInClub = errors.New("this phone is already in a club")
	// ErrInviteGone: the invite expired, was revoked or was used.
	ErrInviteGone = errors.New("this invite has expired, was revoked or was used already")
)

// Club is a set of phones that share their games.
type Club struct {
	ID      string // random, URL-safe
	Name    string
	Owner   string // device id of the phone that may remove others
	Created time.Time
}

// Member is one device's membership of a club. A device that left (or was
// removed) keeps its row, so its games from before stay with the club.
type Member struct {
	ClubID  string
	Device  string
	Joined  time.Time
	Left    time.Time // zero while a member
	Removed bool      // it was the owner who took it out
}

// Active says the device is a member now.
func (m Member) Active() bool { return m.Left.IsZero() }

// Invite is a one-use code that lets one more phone join a club.
type Invite struct {
	Code    string // random; the link /club/join/CODE
	ClubID  string
	By      string // the device that made it
	Created time.Time
	Expires time.Time
	Revoked bool
	UsedBy  string // the device that joined with it, "" while unused
	UsedAt  time.Time
}

// NameMerge says that in a club the name Name is the same person as Into.
type NameMerge struct {
	ClubID string
	Name   string
	Into   string
}

// Clubs is what the club pages need from the store. Every write is one
// transaction: a join uses the invite and makes the member together or not
// at all.
type Clubs interface {
	// CreateClub stores the club with its owner as its first member.
	// ErrInClub when the owner is in a club already.
	CreateClub(ctx context.Context, c Club) error
	// Club reads a club; ErrNotFound for an unknown id.
	Club(ctx context.Context, id string) (Club, error)
	// ClubOf is the club device is a member of now; ErrNotFound in none.
	ClubOf(ctx context.Context, device string) (Club, error)
	// Members lists a club's members, former ones too, by joining time.
	Members(ctx context.Context, clubID string) ([]Member, error)
	// LeaveClub ends device's membership at at (removed: the owner took it
	// out). When the owner leaves, the longest-standing member left becomes
	// the owner. ErrNotFound when device is not a member now.
	LeaveClub(ctx context.Context, clubID, device string, at time.Time, removed bool) error
	// CountClubsSince counts the clubs device started at or after since.
	CountClubsSince(ctx context.Context, device string, since time.Time) (int, error)

	// CreateInvite stores a new invite; codes are unique.
	CreateInvite(ctx context.Context, inv Invite) error
	// Invite reads an invite by its code; ErrNotFound for an unknown one.
	Invite(ctx context.Context, code string) (Invite, error)
	// Invites lists a club's invites, newest first.
	Invites(ctx context.Context, clubID string) ([]Invite, error)
	// RevokeInvite revokes an unused invite of the club; ErrNotFound when
	// the club has no such invite.
	RevokeInvite(ctx context.Context, clubID, code string) error
	// CountInvitesSince counts the invites made in a club at or after since.
	CountInvitesSince(ctx context.Context, clubID string, since time.Time) (int, error)
	// JoinClub uses the invite for device at at and makes it a member, in
	// one transaction. ErrNotFound for an unknown code, ErrInviteGone for
	// one expired (at at), revoked or used, ErrInClub when the device is
	// in a club already.
	JoinClub(ctx context.Context, code, device string, at time.Time) (Club, error)

	// ClubGames lists the club's games, most recently updated first: the
	// games each member (or former member) created or holds a seat in,
	// created before it left.
	ClubGames(ctx context.Context, clubID string) ([]Game, error)
	// ClubGamesPage is one page of ClubGames with their total, as
	// GamesPage is of Games.
	ClubGamesPage(ctx context.Context, clubID string, offset, limit int) ([]Game, int, error)

	// NameMerges lists the club's merged names.
	NameMerges(ctx context.Context, clubID string) ([]NameMerge, error)
	// MergeName counts name as into from now on (replacing an earlier
	// merge of name).
	MergeName(ctx context.Context, clubID, name, into string) error
	// SplitName undoes the merge of name; ErrNotFound when there is none.
	SplitName(ctx context.Context, clubID, name string) error
}
