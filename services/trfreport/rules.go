package trfreport

import (
	"fmt"
	"strings"

	"github.com/hakem-chess/hakem/ratings"
)

// RulesForDate picks the C.07 edition in force at a tournament's start
// date: 2026 from 2026-03-01, and when the date is unknown.
func RulesForDate(date string) ratings.Rules {
	y, m, ok := yearMonth(date)
	if ok && (y < 2026 || (y == 2026 && m < 3)) {
		return ratings.Rules2024
	}
	return ratings.Rules2026
}

// yearMonth reads the year and month of a TRF date (YYYY/MM/DD or
// DD/MM/YYYY, with / . or - between the parts).
func yearMonth(date string) (y, m int, ok bool) {
	parts := strings.FieldsFunc(date, func(r rune) bool { return r == '/' || r == '.' || r == '-' || r == ' ' })
	if len(parts) != 3 {
		return 0, 0, false
	}
	var a, b, c int
	if _, err := fmt.Sscanf(parts[0]+" "+parts[1]+" "+parts[2], "%d %d %d", &a, &b, &c); err != nil {
		return 0, 0, false
	}
	switch {
	case a > 31 && b >= 1 && b <= 12:
		return a, b, true
	case c > 31 && b >= 1 && b <= 12:
		return c, b, true
	}
	return 0, 0, false
}
