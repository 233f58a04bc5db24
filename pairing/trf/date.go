package trf

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseDate reads a date as TRF files write it: YYYY/MM/DD (the
// standard), YY/MM/DD (132 round dates), and the DD/MM/YYYY seen in real
// files; '-' and '.' may stand for '/'. A bare year YYYY gives month and
// day 0. The File keeps dates as written; this reads one when needed.
func ParseDate(s string) (year, month, day int, err error) {
	s = strings.TrimSpace(s)
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '-' || r == '.' })
	nums := make([]int, len(parts))
	for i, p := range parts {
		if nums[i], err = strconv.Atoi(p); err != nil || nums[i] < 0 {
			return 0, 0, 0, fmt.Errorf("trf: date %q: %q is not a number", s, p)
		}
	}
	switch {
	case len(parts) == 1 && len(parts[0]) == 4:
		return nums[0], 0, 0, nil
	case len(parts) != 3:
		return 0, 0, 0, fmt.Errorf("trf: date %q is not YYYY/MM/DD, YY/MM/DD or DD/MM/YYYY", s)
	case len(parts[0]) == 4:
		year, month, day = nums[0], nums[1], nums[2]
	case len(parts[2]) == 4:
		day, month, year = nums[0], nums[1], nums[2]
	default:
		year, month, day = 2000+nums[0], nums[1], nums[2]
	}
	if month < 1 || month > 12 || day < 1 || day > 31 {
		return 0, 0, 0, fmt.Errorf("trf: date %q has no month %d or day %d", s, month, day)
	}
	return year, month, day, nil
}
