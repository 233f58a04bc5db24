package rules

import "fmt"

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

func quote(s string) string { return fmt.Sprintf("%q", s) }
