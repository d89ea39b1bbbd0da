# Included by _fast.pyx (one compiled module; split for reading).
# A frame (SS-5.1) and a turn (SS-4) on the compiled position.

cdef int frame(Pos* p, Ord* o, int number, int* offset, int P) noexcept nogil:
    """One frame (SS-5.1; step 1's portal check has nothing to do without portals)."""
    cdef int movers[MAXS]
    cdef int step[MAXS]
    cdef int target[MAXS]
    cdef unsigned char tw[MAXS]
    cdef int firm[MAXS]
    cdef unsigned int soft[MAXS]
    cdef unsigned char selfhit[MAXS]
    cdef unsigned char expiring[MAXS]
    cdef int found[MAXS]
    cdef int through[MAXS]
    cdef int nm = 0, i, j, m, s, k, t, h, c, g, d
    cdef unsigned int mover_mask = 0, blocked = 0, dying = 0, already
    cdef int cause[MAXS]
    cdef int by[MAXS]
    cdef bint changed, any_exp, overlap
    cdef int ndeaths, nkill, alive_count, last_alive
    cdef int killers[MAXS]
    # step 1 (SS-7.2): the oldest queued terrain change
    if p.nqueue:
        apply_change(p, p.queue[0])
        p.nqueue -= 1
        for i in range(p.nqueue):
            p.queue[i] = p.queue[i + 1]
    if p.nportals:
        check_portals(p)  # SS-13.5
    # step 2 (SS-5.2, SS-4.2): movers and their targets: portal, neighbour, then ladder
    for s in range(p.nseats):
        if offset[s] < 0 or not p.alive[s]:
            continue
        k = number - offset[s]
        if k < 1 or k > P:
            continue
        movers[nm] = s
        step[s] = k
        h = body_at(p, s, 0)
        d = o.dirs[s][k - 1]
        through[s] = teleport(p, h, d) if p.nportals else -1
        if through[s] >= 0:
            g = through[s]
            t = p.pt_cell[g // 2][1 - g % 2]
        else:
            t = p.nb[h * 4 + d]
        if t >= 0 and p.grid[t] == C_LADDER:
            t = t - p.area if t >= p.area else t + p.area  # SS-1.5
        target[s] = t
        mover_mask |= 1u << s
        nm += 1
    # step 3 (SS-5.5, SS-13.1): blocking as a fixpoint
    for i in range(nm):
        m = movers[i]
        t = target[m]
        firm[m] = -1
        soft[m] = 0
        selfhit[m] = 0
        tw[m] = is_wall(p, t)
        if not tw[m] and not living_on(p, t):
            continue
        if t >= 0 and not p.ghost[m]:
            for j in range(p.nseats):
                if not p.alive[j] or not p.cnt[j][t]:
                    continue
                if j == m:
                    if not (t == tail_of(p, j) and vacates_tail(p, j)):
                        selfhit[m] = 1
                elif p.ghost[j]:
                    continue
                elif t == tail_of(p, j) and (mover_mask >> j) & 1 and vacates_tail(p, j):
                    soft[m] |= 1u << j
                elif firm[m] < 0:
                    firm[m] = j
        if firm[m] >= 0 or selfhit[m]:
            blocked |= 1u << m
        elif tw[m] and not (allowed_to_dig(p, o, m, step[m]) and is_diggable(p, t)):
            blocked |= 1u << m
    changed = blocked != 0
    while changed:
        changed = False
        for i in range(nm):
            m = movers[i]
            if not (blocked >> m) & 1 and soft[m] & blocked:
                blocked |= 1u << m
                changed = True
    for i in range(nm):
        m = movers[i]
        if not (blocked >> m) & 1:
            continue
        dying |= 1u << m
        by[m] = firm[m]
        if by[m] < 0 and soft[m] & blocked:
            j = 0
            while not ((soft[m] & blocked) >> j) & 1:
                j += 1
            by[m] = j
        if by[m] >= 0:
            cause[m] = D_BODY
        elif selfhit[m]:
            cause[m] = D_SELF
        else:
            cause[m] = D_WALL
    # step 4 (SS-5.6): head-on
    for i in range(nm):
        m = movers[i]
        if (blocked >> m) & 1 or p.ghost[m]:
            continue
        for j in range(nm):
            s = movers[j]
            if s != m and not (blocked >> s) & 1 and not p.ghost[s] and target[s] == target[m]:
                dying |= 1u << m
                cause[m] = D_HEAD_ON
                by[m] = -1
                break
    # step 5 (SS-5.7): the unblocked movers step
    for i in range(nm):
        m = movers[i]
        if (blocked >> m) & 1:
            continue
        t = target[m]
        if p.length[m] >= MAXLEN or p.cnt[m][t] >= 250:
            return FALLBACK
        if p.race[m] == R_DIGGER:  # SS-8.4, judged before the move
            p.digging[m] = tw[m] and allowed_to_dig(p, o, m, step[m])
        p.head[m] = (p.head[m] - 1) & MASK
        p.ring[m][p.head[m]] = t
        p.cnt[m][t] += 1
        p.length[m] += 1
        if p.growth[m]:
            p.growth[m] -= 1
        else:
            c = tail_of(p, m)
            p.cnt[m][c] -= 1
            p.length[m] -= 1
        if through[m] >= 0 or p.nlinks[m]:
            if advance_links(p, m, through[m] // 2 if through[m] >= 0 else -1) == FALLBACK:
                return FALLBACK
    # step 6 (SS-8.5, SS-13.2): ghost expiry
    any_exp = False
    for i in range(nm):
        m = movers[i]
        expiring[m] = step[m] == 1 and p.ghost[m] == 1
        if expiring[m]:
            any_exp = True
    if any_exp:
        already = dying
        for s in range(p.nseats):
            found[s] = D_NONE
        for i in range(nm):
            if expiring[movers[i]]:
                p.ghost[movers[i]] = 0
        for i in range(nm):
            g = movers[i]
            if not expiring[g]:
                continue
            for j in range(p.nseats):
                if j == g or not p.alive[j] or p.ghost[j] or (already >> j) & 1:
                    continue
                overlap = False
                for d in range(p.length[g]):
                    if p.cnt[j][body_at(p, g, d)]:
                        overlap = True
                        break
                if overlap:
                    found[g] = D_GHOST
                    found[j] = D_GHOST
            if found[g] == D_NONE and crosses_itself(p, g):
                found[g] = D_SELF
        for s in range(p.nseats):
            if found[s] != D_NONE and not (already >> s) & 1:
                dying |= 1u << s
                cause[s] = found[s]
                by[s] = -1
    # step 7: deaths in seat order (SS-5.8), changes (SS-7.1), growth (SS-6.1)
    if dying:
        nkill = 0
        ndeaths = 0
        for s in range(p.nseats):
            if not (dying >> s) & 1:
                continue
            p.deaths += 1
            ndeaths += 1
            if p.deaths >= 63:
                return FALLBACK
            if (p.change_at >> p.deaths) & 1:
                p.queue[p.nqueue] = p.deaths  # SS-7.1
                p.nqueue += 1
            p.d_number[s] = p.deaths
            p.d_turn[s] = p.turn
            p.d_frame[s] = number
            p.d_cause[s] = cause[s]
            p.d_by[s] = by[s]
            p.alive[s] = 0
            p.growth[s] = 0
            p.ghost[s] = 0
            p.digging[s] = 0
            p.nlinks[s] = 0
            killers[nkill] = by[s]
            nkill += 1
        for s in range(p.nseats):
            if p.alive[s]:
                k = 0
                for i in range(nkill):
                    if killers[i] == s:
                        k += 1
                grow(p, s, ndeaths + 2 * k, True)
    # step 8 (SS-8.3): traps, in seat order
    for i in range(nm):
        m = movers[i]
        if o.trap_frame[m] == 0 or o.trap_frame[m] != step[m] or not p.alive[m]:
            continue
        c = p.nb[body_at(p, m, 0) * 4 + o.trap_dir[m]]
        if c >= 0 and p.grid[c] == C_OPEN and p.pend[c] < 0 and not any_segment(p, c):
            for j in range(p.nseats):
                if (p.pt_on[j][0] and p.pt_cell[j][0] == c) or (p.pt_on[j][1] and p.pt_cell[j][1] == c):
                    break
            else:
                p.grid[c] = C_TRAP
    # step 9 (SS-8.6): shots, in seat order
    for i in range(nm):
        m = movers[i]
        if o.shots[m] and o.shot_slot[m][step[m] - 1] and p.alive[m] and p.race[m] == R_SHOOTER:
            fire(p, m, o.shot_slot[m][step[m] - 1] - 1, o.shot_dir[m][step[m] - 1])
    # step 10 (SS-7.4): pending deletions settle
    if p.npend:
        for c in range(p.n):
            if p.pend[c] >= 0 and not any_segment(p, c):
                p.grid[c] = C_WALL if p.pend[c] == 1 else C_HARD
                p.pend[c] = -1
                p.npend -= 1
    if p.nportals:
        check_portals(p)
    # step 11 (SS-10.1): game end
    if dying:
        alive_count = 0
        last_alive = -1
        for s in range(p.nseats):
            if p.alive[s]:
                alive_count += 1
                last_alive = s
        if alive_count == 1:
            p.result_kind = 1
            p.result_seats = last_alive
        elif alive_count == 0:
            p.result_kind = 2
            p.result_seats = dying
    return OK


cdef int play_turn(Pos* p, Ord* o) noexcept nogil:
    """SS-4.1: accept (charges, ghosts, turn), the movement frames, the end of the turn."""
    cdef int offset[MAXS]
    cdef int s, dash = 0, spent, number, deaths_before, alive_count, two, P = p.path_length
    for s in range(p.nseats):
        if p.alive[s] and o.given[s] and o.dash[s] > dash:
            dash = o.dash[s]
    for s in range(p.nseats):
        offset[s] = -1
        if not p.alive[s] or not o.given[s]:
            continue
        if o.plen[s]:
            offset[s] = dash - o.dash[s]
        spent = (o.breaker[s] + o.dash[s] + (o.trap_frame[s] != 0) + (o.dig_frame[s] != 0)
                 + o.ghost[s] + o.shots[s])
        p.charges[s] -= spent  # SS-3.2
        if o.ghost[s]:
            p.ghost[s] = 3  # SS-8.5
    p.turn += 1
    deaths_before = p.deaths
    number = 0
    while number < P + dash or p.nqueue:  # SS-4.2, SS-4.3: then settling frames
        number += 1
        if frame(p, o, number, offset, P) == FALLBACK:
            return FALLBACK
        if p.result_kind:
            break
    # SS-4.4
    if p.deaths > deaths_before:
        p.twd = 0
    else:
        p.twd += 1
    if not p.result_kind:
        alive_count = 0
        two = 1
        for s in range(p.nseats):
            if p.alive[s]:
                alive_count += 1
                if p.length[s] + p.growth[s] < CAP_GROWTH:
                    two = 0
        two = two and alive_count == 2
        if p.twd == 3:
            p.twd = 0
            for s in range(p.nseats):
                if p.alive[s]:
                    grow(p, s, 1, not two)
        elif two:
            for s in range(p.nseats):
                if p.alive[s]:
                    grow(p, s, 1, False)
    for s in range(p.nseats):
        if p.alive[s] and p.ghost[s] >= 2:
            p.ghost[s] -= 1
    return OK
