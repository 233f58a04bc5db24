// Package trfreport computes standings, tie-breaks and rating reports from a
// tournament report file (TRF-16 or TRF-26): it is the adapter from
// package trf's file model to package ratings.
package trfreport
