package domain
