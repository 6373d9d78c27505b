package handlers

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// clubOf is the club this phone is in (ok false: none).
func (h *Handler) clubOf(c echo.Context) (store.Club, bool, error) {
	cl, err := h.store.ClubOf(c.Request().Context(), device(c))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return store.Club{}, false, nil
	case err != nil:
		return store.Club{}, false, fmt.Errorf("club of this phone: %w", err)
	}
	return cl, true, nil
}

// countedGames are the games this phone's figures count: its club's when
// it is in one, its own otherwise, most recently updated first.
func (h *Handler) countedGames(c echo.Context) ([]store.Game, error) {
	cl, ok, err := h.clubOf(c)
	if err != nil {
		return nil, err
	}
	if !ok {
		return h.store.Games(c.Request().Context(), device(c))
	}
	return h.store.ClubGames(c.Request().Context(), cl.ID)
}

// memberHandle names a phone of a club in forms without showing its
// device id (which is what its session cookie holds).
func memberHandle(clubID, dev string) string {
	sum := sha256.Sum256([]byte(clubID + "\x00" + dev))
	return hex.EncodeToString(sum[:8])
}

// clubShow is GET /club: the start form, or the club.
func (h *Handler) clubShow(c echo.Context) error {
	ctx := c.Request().Context()
	dev := device(c)
	c.Response().Header().Set("Cache-Control", "private, no-store")
	limits := fmt.Sprintf("A phone may start %d clubs a day; a club may make %d invites a day and have %d phones.", play.ClubsPerDay, play.InvitesPerDay, play.ClubMembers)
	cl, ok, err := h.clubOf(c)
	if err != nil {
		return err
	}
	if !ok {
		return render(c, http.StatusOK, views.ClubPage(h.page(c, "Club", "club"), views.ClubView{Limits: limits}))
	}
	now := h.now()
	members, err := h.store.Members(ctx, cl.ID)
	if err != nil {
		return fmt.Errorf("club members: %w", err)
	}
	invites, err := h.store.Invites(ctx, cl.ID)
	if err != nil {
		return fmt.Errorf("club invites: %w", err)
	}
	merges, err := h.store.NameMerges(ctx, cl.ID)
	if err != nil {
		return fmt.Errorf("club names: %w", err)
	}
	v := views.ClubView{InClub: true, Name: cl.Name, Owner: cl.Owner == dev, Limits: limits, Games: h.rankedChoices()}
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
			Handle: memberHandle(cl.ID, m.Device), Label: fmt.Sprintf("Phone %d", i+1),
			Since: humanTime(now, m.Joined), Words: words(m), This: m.Device == dev, Owner: m.Device == cl.Owner,
		}
		if mv.This {
			mv.Label = "This phone"
			if c.QueryParam("joined") != "" {
				v.Joined = mv.Words
			}
		}
		switch {
		case m.Removed:
			mv.Left = "removed " + humanTime(now, m.Left)
		case !m.Active():
			mv.Left = "left " + humanTime(now, m.Left)
		default:
			active++
		}
		v.Members = append(v.Members, mv)
	}
	for _, inv := range invites {
		iv := views.ClubInvite{Code: inv.Code, Link: "/club/join/" + inv.Code, State: play.InviteState(inv, now), Expires: humanTime(now, inv.Expires)}
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
		if c.QueryParam("invite") == inv.Code && iv.State == "open" {
			fresh := iv
			v.Fresh = &fresh
		}
		v.Invites = append(v.Invites, iv)
	}
	made, err := h.store.CountInvitesSince(ctx, cl.ID, now.Add(-24*time.Hour))
	if err != nil {
		return fmt.Errorf("club invites: %w", err)
	}
	v.CanInvite = made < play.InvitesPerDay && active < play.ClubMembers
	for _, m := range merges {
		v.Names = append(v.Names, views.ClubMerge{Name: m.Name, Into: m.Into})
	}
	if v.People, err = h.knownNames(c); err != nil {
		return err
	}
	slices.Sort(v.People)
	return render(c, http.StatusOK, views.ClubPage(h.page(c, cl.Name, "club"), v))
}

// rankedChoices are the games that keep ratings.
func (h *Handler) rankedChoices() []views.GameChoice {
	var out []views.GameChoice
	for _, ch := range h.choices() {
		if k, ok := play.Find(h.games, ch.ID); ok {
			if _, ok := k.(play.Ranked); ok {
				out = append(out, ch)
			}
		}
	}
	return out
}

// clubStart is POST /club: a new club with this phone as its owner.
func (h *Handler) clubStart(c echo.Context) error {
	ctx := c.Request().Context()
	dev := device(c)
	name, err := play.ClubName(c.FormValue("name"))
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	}
	if _, in, err := h.clubOf(c); err != nil {
		return err
	} else if in {
		return echo.NewHTTPError(http.StatusConflict, "This phone is in a club already: leave it first.")
	}
	now := h.now()
	n, err := h.store.CountClubsSince(ctx, dev, now.Add(-24*time.Hour))
	if err != nil {
		return fmt.Errorf("count clubs: %w", err)
	}
	if n >= play.ClubsPerDay {
		return echo.NewHTTPError(http.StatusTooManyRequests, fmt.Sprintf("This phone started %d clubs today, the most a day. Try again tomorrow.", n))
	}
	err = h.store.CreateClub(ctx, store.Club{ID: randomID(12), Name: name, Owner: dev, Created: now})
	switch {
	case errors.Is(err, store.ErrInClub):
		return echo.NewHTTPError(http.StatusConflict, "This phone is in a club already: leave it first.")
	case err != nil:
		return fmt.Errorf("start club: %w", err)
	}
	return redirect(c, "/club")
}

// memberClub is the club of this phone for a write only members make.
func (h *Handler) memberClub(c echo.Context) (store.Club, error) {
	cl, ok, err := h.clubOf(c)
	if err != nil {
		return store.Club{}, err
	}
	if !ok {
		return store.Club{}, forbidden("This phone is in no club.")
	}
	return cl, nil
}

// clubInvite is POST /club/invite: a new one-use invite, shown with its QR.
func (h *Handler) clubInvite(c echo.Context) error {
	ctx := c.Request().Context()
	cl, err := h.memberClub(c)
	if err != nil {
		return err
	}
	now := h.now()
	n, err := h.store.CountInvitesSince(ctx, cl.ID, now.Add(-24*time.Hour))
	if err != nil {
		return fmt.Errorf("count invites: %w", err)
	}
	if n >= play.InvitesPerDay {
		return echo.NewHTTPError(http.StatusTooManyRequests, fmt.Sprintf("The club made %d invites today, the most a day. Try again tomorrow.", n))
	}
	members, err := h.store.Members(ctx, cl.ID)
	if err != nil {
		return fmt.Errorf("club members: %w", err)
	}
	if active := len(slices.DeleteFunc(members, func(m store.Member) bool { return !m.Active() })); active >= play.ClubMembers {
		return echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("The club has %d phones, the most it may have.", active))
	}
	code := randomID(12)
	if err := h.store.CreateInvite(ctx, store.Invite{Code: code, ClubID: cl.ID, By: device(c), Created: now, Expires: now.Add(play.InviteLife)}); err != nil {
		return fmt.Errorf("make invite: %w", err)
	}
	return redirect(c, "/club?invite="+code)
}

// clubRevoke is POST /club/invite/:code/revoke: by the phone that made the
// invite or the owner.
func (h *Handler) clubRevoke(c echo.Context) error {
	ctx := c.Request().Context()
	cl, err := h.memberClub(c)
	if err != nil {
		return err
	}
	inv, err := h.store.Invite(ctx, c.Param("code"))
	if errors.Is(err, store.ErrNotFound) || err == nil && inv.ClubID != cl.ID {
		return notFound("The club has no such invite.")
	}
	if err != nil {
		return fmt.Errorf("invite: %w", err)
	}
	if inv.By != device(c) && cl.Owner != device(c) {
		return forbidden("Only the phone that made an invite, or the club's owner, may revoke it.")
	}
	err = h.store.RevokeInvite(ctx, cl.ID, inv.Code)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return echo.NewHTTPError(http.StatusConflict, "That invite was used already.")
	case err != nil:
		return fmt.Errorf("revoke invite: %w", err)
	}
	return redirect(c, "/club")
}

// inviteProblem says why an invite cannot be used now ("" when it can).
func inviteProblem(inv store.Invite, now time.Time) string {
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

// clubJoinPage is GET /club/join/:code: what joining means, and the button.
func (h *Handler) clubJoinPage(c echo.Context) error {
	ctx := c.Request().Context()
	c.Response().Header().Set("Cache-Control", "private, no-store")
	inv, err := h.store.Invite(ctx, c.Param("code"))
	if errors.Is(err, store.ErrNotFound) {
		return notFound("This invite link does not lead to a club. Check the link, or ask for a new invite.")
	}
	if err != nil {
		return fmt.Errorf("invite: %w", err)
	}
	cl, err := h.store.Club(ctx, inv.ClubID)
	if err != nil {
		return fmt.Errorf("club of invite: %w", err)
	}
	v := views.ClubJoinView{Code: inv.Code, Club: cl.Name, Problem: inviteProblem(inv, h.now())}
	if in, ok, err := h.clubOf(c); err != nil {
		return err
	} else if ok && v.Problem == "" {
		if in.ID == cl.ID {
			v.Problem = "This phone is in " + cl.Name + " already."
		} else {
			v.Problem = "This phone is in " + in.Name + ". A phone is in one club at a time: leave it first (on the club page)."
		}
	}
	status := http.StatusOK
	if v.Problem != "" {
		status = http.StatusGone
	} else {
		members, err := h.store.Members(ctx, cl.ID)
		if err != nil {
			return fmt.Errorf("club members: %w", err)
		}
		for _, m := range members {
			if m.Active() {
				v.Members++
			}
		}
	}
	return render(c, status, views.ClubJoinPage(h.page(c, "Join "+cl.Name, "club"), v))
}

// clubJoin is POST /club/join/:code: the invite used and the phone a member,
// in one write.
func (h *Handler) clubJoin(c echo.Context) error {
	ctx := c.Request().Context()
	now := h.now()
	inv, err := h.store.Invite(ctx, c.Param("code"))
	if errors.Is(err, store.ErrNotFound) {
		return notFound("This invite link does not lead to a club. Check the link, or ask for a new invite.")
	}
	if err != nil {
		return fmt.Errorf("invite: %w", err)
	}
	members, err := h.store.Members(ctx, inv.ClubID)
	if err != nil {
		return fmt.Errorf("club members: %w", err)
	}
	if active := len(slices.DeleteFunc(members, func(m store.Member) bool { return !m.Active() })); active >= play.ClubMembers {
		return echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("The club has %d phones, the most it may have.", active))
	}
	_, err = h.store.JoinClub(ctx, inv.Code, device(c), now)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound("This invite link does not lead to a club.")
	case errors.Is(err, store.ErrInviteGone):
		// Read before the join: another phone may have used it since.
		msg := inviteProblem(inv, now)
		if msg == "" {
			msg = "This invite was used already: each invite lets one phone join. Ask for a new one."
		}
		return echo.NewHTTPError(http.StatusGone, msg)
	case errors.Is(err, store.ErrInClub):
		return echo.NewHTTPError(http.StatusConflict, "This phone is in a club already: leave it first (on the club page).")
	case err != nil:
		return fmt.Errorf("join club: %w", err)
	}
	return redirect(c, "/club?joined=1")
}

// clubLeave is POST /club/leave.
func (h *Handler) clubLeave(c echo.Context) error {
	cl, err := h.memberClub(c)
	if err != nil {
		return err
	}
	if err := h.store.LeaveClub(c.Request().Context(), cl.ID, device(c), h.now(), false); err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("leave club: %w", err)
	}
	return redirect(c, "/club")
}

// clubRemove is POST /club/remove: the owner takes another phone out.
func (h *Handler) clubRemove(c echo.Context) error {
	ctx := c.Request().Context()
	cl, err := h.memberClub(c)
	if err != nil {
		return err
	}
	if cl.Owner != device(c) {
		return forbidden("Only the club's owner may remove a phone.")
	}
	members, err := h.store.Members(ctx, cl.ID)
	if err != nil {
		return fmt.Errorf("club members: %w", err)
	}
	handle := strings.TrimSpace(c.FormValue("phone"))
	i := slices.IndexFunc(members, func(m store.Member) bool { return m.Active() && memberHandle(cl.ID, m.Device) == handle })
	switch {
	case i < 0:
		return notFound("The club has no such phone (it may have left already).")
	case members[i].Device == device(c):
		return badRequest("To take this phone out, leave the club.")
	}
	if err := h.store.LeaveClub(ctx, cl.ID, members[i].Device, h.now(), true); err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("remove phone: %w", err)
	}
	return redirect(c, "/club")
}

// clubMerge is POST /club/names/merge: two names, one person.
func (h *Handler) clubMerge(c echo.Context) error {
	ctx := c.Request().Context()
	cl, err := h.memberClub(c)
	if err != nil {
		return err
	}
	merges, err := h.store.NameMerges(ctx, cl.ID)
	if err != nil {
		return fmt.Errorf("club names: %w", err)
	}
	name, into := strings.TrimSpace(c.FormValue("name")), strings.TrimSpace(c.FormValue("into"))
	if err := play.CheckMerge(merges, name, into); err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	}
	if len(merges) >= 200 {
		return echo.NewHTTPError(http.StatusConflict, "The club has 200 merged names, the most it may have. Split some first.")
	}
	if err := h.store.MergeName(ctx, cl.ID, name, into); err != nil {
		return fmt.Errorf("merge names: %w", err)
	}
	return redirect(c, "/club")
}

// clubSplit is POST /club/names/split: the merge of a name undone.
func (h *Handler) clubSplit(c echo.Context) error {
	cl, err := h.memberClub(c)
	if err != nil {
		return err
	}
	err = h.store.SplitName(c.Request().Context(), cl.ID, strings.TrimSpace(c.FormValue("name")))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound("That name is not merged with another.")
	case err != nil:
		return fmt.Errorf("split name: %w", err)
	}
	return redirect(c, "/club")
}
