package views

import "net/http"

func statusTitle(code int) string {
	switch code {
	case http.StatusNotFound:
		return "Not found"
	case http.StatusForbidden:
		return "Not allowed"
	case http.StatusBadRequest, http.StatusUnprocessableEntity:
		return "That did not work"
	case http.StatusConflict:
		return "The game moved on"
	case http.StatusRequestEntityTooLarge:
		return "Too large"
	default:
		if t := http.StatusText(code); t != "" {
			return t
		}
		return "Error"
	}
}
