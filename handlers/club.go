package handlers

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/play/club"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/views"
)

// clubErr is a refusal of play/club as the status it answers with; other
// errors pass as they are.
func clubErr(err error) error {
	var r *club.Refusal
	if !errors.As(err, &r) {
		return err
	}
	code := map[club.Why]int{
		club.Invalid:    http.StatusUnprocessableEntity,
		club.Conflict:   http.StatusConflict,
		club.TooMany:    http.StatusTooManyRequests,
		club.Missing:    http.StatusNotFound,
		club.NotAllowed: http.StatusForbidden,
		club.Gone:       http.StatusGone,
		club.BadForm:    http.StatusBadRequest,
		club.Busy:       http.StatusServiceUnavailable,
	}[r.Why]
	return echo.NewHTTPError(code, r.Words)
}

// clubOf is the club this phone is in (ok false: none).
func (h *Handler) clubOf(c echo.Context) (store.Club, bool, error) {
	return h.clubs.Of(c.Request().Context(), device(c))
}

// clubViewer is this request's phone as play/club sees it.
func clubViewer(c echo.Context) club.Viewer {
	return club.Viewer{Device: device(c), CSRF: csrfToken(c)}
}

// clubShow is GET /club: the start form, or the club.
func (h *Handler) clubShow(c echo.Context) error {
	c.Response().Header().Set("Cache-Control", "private, no-store")
	v, err := h.clubs.Page(c.Request().Context(), device(c), c.QueryParam("joined") != "", c.QueryParam("invite"))
	if err != nil {
		return err
	}
	title := v.Name
	if !v.InClub {
		title = words(c, lang.ClubTitle)
	}
	return render(c, http.StatusOK, views.ClubPage(h.page(c, title, "club"), v))
}

// clubStart is POST /club: a new club with this phone as its owner.
func (h *Handler) clubStart(c echo.Context) error {
	if err := h.clubs.Start(c.Request().Context(), device(c), c.FormValue("name")); err != nil {
		return clubErr(err)
	}
	return redirect(c, "/club")
}

// clubInvite is POST /club/invite: a new one-use invite, shown with its QR.
func (h *Handler) clubInvite(c echo.Context) error {
	code, err := h.clubs.Invite(c.Request().Context(), device(c))
	if err != nil {
		return clubErr(err)
	}
	return redirect(c, "/club?invite="+code)
}

// clubRevoke is POST /club/invite/:code/revoke: by the phone that made the
// invite or the owner.
func (h *Handler) clubRevoke(c echo.Context) error {
	if err := h.clubs.Revoke(c.Request().Context(), device(c), c.Param("code")); err != nil {
		return clubErr(err)
	}
	return redirect(c, "/club")
}

// clubJoinPage is GET /club/join/:code: what joining means, and the button.
func (h *Handler) clubJoinPage(c echo.Context) error {
	c.Response().Header().Set("Cache-Control", "private, no-store")
	v, err := h.clubs.JoinPage(c.Request().Context(), device(c), c.Param("code"))
	if err != nil {
		return clubErr(err)
	}
	status := http.StatusOK
	if v.Problem != "" {
		status = http.StatusGone
	}
	return render(c, status, views.ClubJoinPage(h.page(c, words(c, lang.ClubJoinClub, v.Club), "club"), v))
}

// clubJoin is POST /club/join/:code: the invite used and the phone a member,
// in one write.
func (h *Handler) clubJoin(c echo.Context) error {
	if err := h.clubs.Join(c.Request().Context(), device(c), c.Param("code")); err != nil {
		return clubErr(err)
	}
	return redirect(c, "/club?joined=1")
}

// clubLeave is POST /club/leave.
func (h *Handler) clubLeave(c echo.Context) error {
	if err := h.clubs.Leave(c.Request().Context(), device(c)); err != nil {
		return clubErr(err)
	}
	return redirect(c, "/club")
}

// clubRemove is POST /club/remove: the owner takes another phone out.
func (h *Handler) clubRemove(c echo.Context) error {
	if err := h.clubs.Remove(c.Request().Context(), device(c), c.FormValue("phone")); err != nil {
		return clubErr(err)
	}
	return redirect(c, "/club")
}

// clubMerge is POST /club/names/merge: two names, one person.
func (h *Handler) clubMerge(c echo.Context) error {
	if err := h.clubs.Merge(c.Request().Context(), device(c), c.FormValue("name"), c.FormValue("into")); err != nil {
		return clubErr(err)
	}
	return redirect(c, "/club")
}

// clubSplit is POST /club/names/split: the merge of a name undone.
func (h *Handler) clubSplit(c echo.Context) error {
	if err := h.clubs.Split(c.Request().Context(), device(c), c.FormValue("name")); err != nil {
		return clubErr(err)
	}
	return redirect(c, "/club")
}
