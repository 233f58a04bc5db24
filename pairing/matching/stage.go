package matching

import "math/bits"

// solve runs the stages of the algorithm until no augmenting path is left.
//
// A stage labels every unmatched vertex as the root of an alternating
// tree and grows the trees, changing the duals when no tight edge is left
// to grow them, until two trees meet (an augmenting path). Instead of
// ending the stage there, the two trees are left aside ("dead") and the
// others go on growing along tight edges, with no further change of the
// duals, so that one stage may augment along many disjoint paths: the
// labels of the trees left are still those of alternating trees, and the
// duals, which no longer change, remain feasible. The stage ends when no
// live tree can grow without a change of the duals.
func (s *solver) solve() {
	n := s.n
	kslack := s.scratch(0)
	delta := s.scratch(1)
	tight := s.dense != nil && s.tightFrom > 0
	if len(s.treeRoot) < 2*n {
		s.treeRoot = make([]int, 2*n)
		s.deadRoot = make([]uint32, n)
		s.deadMark = make([]uint32, 2*n)
	}
	for stage := 0; s.dense != nil || stage < n; stage++ {
		if tight && s.freeCount() >= s.tightFrom {
			tight = 4*s.tightAugment() >= s.tightFrom
		}
		s.newStamp()
		for i := range s.label {
			s.label[i] = 0
			s.bestedge[i] = -1
			if s.dense != nil {
				s.labelend[i] = -1
			}
		}
		for b := n; b < 2*n; b++ {
			s.bestStale[b] = false
		}
		for _, k := range s.allowed {
			s.disallow(k)
		}
		s.allowed = s.allowed[:0]
		s.queue = s.queue[:0]
		s.farQueue = s.farQueue[:0]
		roots := 0
		for v := 0; v < n; v++ {
			if s.mate[v] == -1 && s.label[s.inblossom[v]] == 0 {
				if s.dense != nil {
					if s.retired[v] || s.num(v).IsZero() {
						continue
					}
					s.evenRoot(v)
				}
				s.assignLabel(v, 1, -1)
				roots++
			}
		}
		if s.dense != nil && roots == 0 {
			break
		}
		augmented := false // some trees have met: the duals stay as they are
		for {
			for len(s.queue) > 0 || len(s.farQueue) > 0 {
				var v int
				if len(s.queue) > 0 {
					v = s.queue[len(s.queue)-1]
					s.queue = s.queue[:len(s.queue)-1]
					if v >= s.far {
						s.farQueue = append(s.farQueue, v)
						continue
					}
				} else {
					if augmented {
						break // the far vertices wait for the next stage
					}
					v = s.farQueue[len(s.farQueue)-1]
					s.farQueue = s.farQueue[:len(s.farQueue)-1]
				}
				if s.dead(s.inblossom[v]) {
					continue
				}
				far := s.farVertices(v)
			scan:
				for i, u32 := range far {
					w := int(u32)
					var p int
					if s.dense != nil {
						if s.retired[w] {
							continue
						}
						if v < w {
							p = 2*(w*(w-1)/2+v) + 1
						} else {
							p = 2 * (v*(v-1)/2 + w)
						}
					} else {
						p = s.neighbend[v][i]
					}
					k := p / 2
					bw := s.inblossom[w]
					if s.inblossom[v] == bw {
						continue
					}
					if s.label[w] != 0 && s.label[bw] == 2 {
						// w is a T-vertex: an edge to it neither grows
						// the tree nor bounds the next dual change.
						continue
					}
					if augmented && s.dead(bw) {
						continue
					}
					allowed := s.allowedAt(v, w, k)
					if !allowed {
						if s.dense != nil {
							s.denseSlack(v, w, k, kslack)
						} else {
							s.slackInto(k, kslack)
						}
						if kslack.IsZero() {
							s.allow(k)
							allowed = true
						}
					}
					if allowed {
						switch s.label[bw] {
						case 0:
							if s.dense != nil && s.mate[s.blossombase[bw]] == -1 {
								// an unmatched vertex whose dual is zero:
								// the path to it augments
								s.deadMark[bw] = s.stamp
								s.kill(s.inblossom[v])
								s.augmentMatching(k)
								augmented = true
								break scan
							}
							s.assignLabel(w, 2, p^1)
						case 1:
							base := s.scanBlossom(v, w)
							if base >= 0 {
								s.addBlossom(base, k)
							} else {
								s.kill(s.inblossom[v])
								s.kill(bw)
								s.augmentMatching(k)
								augmented = true
								break scan
							}
						default:
							if s.label[w] == 0 {
								s.label[w] = 2
								s.labelend[w] = p ^ 1
							}
						}
					} else if s.label[bw] == 1 {
						b := s.inblossom[v]
						if !s.bestStale[b] && (s.bestedge[b] == -1 || kslack.Cmp(s.bestSlack(b)) < 0) {
							s.bestedge[b] = k
							s.bestSlack(b).Set(kslack)
						}
					} else if s.label[w] == 0 {
						if s.bestedge[w] == -1 || kslack.Cmp(s.bestSlack(w)) < 0 {
							s.bestedge[w] = k
							s.bestSlack(w).Set(kslack)
						}
					}
				}
			}
			if augmented && len(s.farQueue) > 0 {
				// Far vertices are left unscanned: the least slack is not
				// known, and the stage ends (the next goes on from there).
				break
			}
			deltatype, deltaedge, deltablossom := 1, -1, -1
			deltavertex := -1
			if s.dense != nil {
				// the least dual of a vertex in an S-blossom
				for v := 0; v < n; v++ {
					if b := s.inblossom[v]; s.label[b] == 1 && !s.dead(b) && (deltavertex == -1 || s.num(v).Cmp(delta) < 0) {
						delta.Set(s.num(v))
						deltavertex = v
					}
				}
				if deltavertex == -1 {
					break // every tree has augmented
				}
			} else {
				delta.Set(s.num(0))
				for v := 1; v < n; v++ {
					if s.num(v).Cmp(delta) < 0 {
						delta.Set(s.num(v))
					}
				}
			}
			d := s.scratch(2)
			for v := 0; v < n; v++ {
				if s.label[s.inblossom[v]] == 0 && s.bestedge[v] != -1 && !s.deadEdge(s.bestedge[v]) {
					s.slackInto(s.bestedge[v], d)
					if d.Cmp(delta) < 0 {
						delta.Set(d)
						deltatype, deltaedge = 2, s.bestedge[v]
					}
				}
			}
			for b := 0; b < 2*n; b++ {
				if s.blossomparent[b] != -1 || s.label[b] != 1 || s.dead(b) {
					continue
				}
				if s.bestStale[b] {
					s.refreshBest(b)
				}
				if s.bestedge[b] != -1 && !s.deadEdge(s.bestedge[b]) {
					s.slackInto(s.bestedge[b], d)
					d.Rsh1()
					if d.Cmp(delta) < 0 {
						delta.Set(d)
						deltatype, deltaedge = 3, s.bestedge[b]
					}
				}
			}
			for b := n; b < 2*n; b++ {
				if s.blossombase[b] >= 0 && s.blossomparent[b] == -1 && s.label[b] == 2 && !s.dead(b) && s.num(b).Cmp(delta) < 0 {
					delta.Set(s.num(b))
					deltatype, deltablossom = 4, b
				}
			}
			if augmented {
				// no dual change once trees have met: go on only along
				// edges that are tight already
				if !delta.IsZero() || (deltatype == 1 && s.dense == nil) {
					break
				}
			} else {
				s.changeDuals(delta)
			}
			if deltatype == 1 {
				if s.dense == nil {
					break // the optimum
				}
				// deltavertex's dual is zero: it may stay unmatched.
				s.kill(s.inblossom[deltavertex])
				if s.mate[deltavertex] != -1 {
					s.augmentHalf(deltavertex, -1)
				}
				augmented = true
				continue
			}
			switch deltatype {
			case 2:
				s.allow(deltaedge)
				i, j := s.ends(deltaedge)
				if s.label[s.inblossom[i]] == 0 {
					i = j
				}
				s.queue = append(s.queue, i)
			case 3:
				s.allow(deltaedge)
				i, _ := s.ends(deltaedge)
				s.queue = append(s.queue, i)
			case 4:
				s.expandBlossom(deltablossom, false)
			}
		}
		if !augmented {
			break
		}
		for b := n; b < 2*n; b++ {
			if s.blossomparent[b] == -1 && s.blossombase[b] >= 0 && s.label[b] == 1 && s.num(b).IsZero() {
				s.expandBlossom(b, true)
			}
		}
	}
}

// farVertices lists the vertices at the far ends of the edges at v, in the
// order of neighbend[v]; a Matcher's solver lists the vertices joined to v
// that are not retired, in their order.
func (s *solver) farVertices(v int) []int32 {
	s.fbuf = s.fbuf[:0]
	if s.dense != nil {
		for wi, word := range s.dense.row(v) {
			for ; word != 0; word &= word - 1 {
				if u := wi*64 + bits.TrailingZeros64(word); !s.retired[u] {
					s.fbuf = append(s.fbuf, int32(u))
				}
			}
		}
		return s.fbuf
	}
	for _, p := range s.neighbend[v] {
		s.fbuf = append(s.fbuf, int32(s.endpoint(p)))
	}
	return s.fbuf
}
