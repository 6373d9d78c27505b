package handlers

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/play"
)

// maxUpload is the largest file a form may carry (a map, a deck, a card, a
// record): far above any real one, far below what would hurt the server.
const maxUpload = 512 << 10

// uploaded reads an optional small file field; no file is a zero File.
func uploaded(c echo.Context, field string) (play.File, error) {
	fh, err := c.FormFile(field)
	// A urlencoded form (htmx, a script) carries no files at all: that is
	// "no file", not a problem to list.
	if errors.Is(err, http.ErrMissingFile) || errors.Is(err, http.ErrNotMultipart) {
		return play.File{}, nil
	}
	if err != nil {
		return play.File{}, fmt.Errorf("the %s file could not be read: %v", field, err)
	}
	if fh.Size == 0 {
		return play.File{}, nil
	}
	if fh.Size > maxUpload {
		return play.File{}, fmt.Errorf("the %s file is larger than 512 KB", field)
	}
	f, err := fh.Open()
	if err != nil {
		return play.File{}, fmt.Errorf("the %s file could not be opened: %v", field, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxUpload))
	if err != nil {
		return play.File{}, fmt.Errorf("the %s file could not be read: %v", field, err)
	}
	return play.File{Name: fh.Filename, Data: b}, nil
}

// newGameForm reads a posted new-game form with every file it carries;
// a file that cannot be taken is a problem the form lists.
func newGameForm(c echo.Context) (play.Form, error) {
	values, err := c.FormParams()
	if err != nil {
		return play.Form{}, badRequest("The form could not be read: " + err.Error())
	}
	f := play.Form{Values: values, Files: map[string]play.File{}}
	mf, err := c.MultipartForm()
	if err != nil {
		return f, nil // not multipart: fields only
	}
	for _, field := range slices.Sorted(maps.Keys(mf.File)) {
		file, err := uploaded(c, field)
		switch {
		case err != nil:
			f.Problems = append(f.Problems, err.Error())
		case file.Data != nil:
			f.Files[field] = file
		}
	}
	return f, nil
}
