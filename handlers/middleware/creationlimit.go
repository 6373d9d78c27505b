package middleware

import (
	"github.com/labstack/echo/v4"
)

// CreationCheck refuses a new-game form (its route, routes.go) at once when
// the device (Device) could not start the game anyway, instead of after its
// confirmation: check is the creation limit's (store/quota), whose refusal
// the error handler answers.
func CreationCheck(check func(device string) error) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if err := check(DeviceID(c)); err != nil {
				return err
			}
			return next(c)
		}
	}
}
