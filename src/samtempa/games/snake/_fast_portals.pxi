# Included by _fast.pyx (one compiled module; split for reading).
# Portals (SS-8.6): teleports, the portal checks, shots and the links of SS-8.6's "in use".

cdef bint pair_in_use(Pos* p, int owner) noexcept nogil:
    """SS-8.6: a living snake holds a link to the owner's pair."""
    cdef int s, i
    for s in range(p.nseats):
        if p.alive[s]:
            for i in range(p.nlinks[s]):
                if p.link_owner[s][i] == owner:
                    return True
    return False


cdef int teleport(Pos* p, int head, int d) noexcept nogil:
    """SS-5.2 (a), SS-13.8: the owner*2+slot of the portal on the face (head, d) whose
    pair is complete (the one not doomed, else the first by seat), or -1."""
    cdef int o, k, found = -1
    for o in range(p.nseats):
        for k in range(2):
            if p.pt_on[o][k] and p.pt_cell[o][k] == head and p.pt_dir[o][k] == d:
                if not p.pt_doomed[o][k]:
                    found = o * 2 + k
                    break
                if found < 0:
                    found = o * 2 + k
        else:
            continue
        break
    if found < 0:
        return -1
    o, k = found // 2, found % 2
    if not p.pt_on[o][1 - k]:
        return -1  # a lone portal: an ordinary step
    return found


cdef void check_portals(Pos* p) noexcept nogil:
    """SS-8.6, frame steps 1 and 10: doom broken faces, remove doomed free pairs' portals."""
    cdef int o, k, c, behind
    cdef unsigned char ch
    cdef bint any_doomed = False
    cdef unsigned char in_use[MAXS]
    for o in range(p.nseats):
        for k in range(2):
            if not p.pt_on[o][k]:
                continue
            if not p.pt_doomed[o][k]:
                c = p.pt_cell[o][k]
                behind = p.nb[c * 4 + p.pt_dir[o][k]]
                ch = p.grid[c]
                if (behind >= 0 and not is_wall(p, behind)) or ch == C_WALL or ch == C_HARD \
                        or ch == C_TRAP or corpse_on(p, c):
                    p.pt_doomed[o][k] = 1
            if p.pt_doomed[o][k]:
                any_doomed = True
    if not any_doomed:
        return
    for o in range(p.nseats):
        in_use[o] = pair_in_use(p, o)
    for o in range(p.nseats):
        for k in range(2):
            if p.pt_on[o][k] and p.pt_doomed[o][k] and not in_use[o]:
                p.pt_on[o][k] = 0
                p.nportals -= 1


cdef void fire(Pos* p, int s, int slot, int d) noexcept nogil:
    """SS-8.6: a shot from the head of shooter ``s`` into its portal ``slot`` (0|1)."""
    cdef int head = body_at(p, s, 0), cell = head, nxt, o, k
    cdef unsigned char ch
    while True:
        nxt = p.nb[cell * 4 + d]
        if nxt < 0:
            break
        ch = p.grid[nxt]
        if ch == C_WALL or ch == C_HARD or ch == C_TRAP or corpse_on(p, nxt):
            break
        if nxt == head:
            return  # the ray came back: lost
        cell = nxt
    if pair_in_use(p, s):
        return
    for o in range(p.nseats):
        for k in range(2):
            if not p.pt_on[o][k]:
                continue
            if o == s and k == slot:
                p.pt_on[o][k] = 0  # re-shooting moves the portal
                p.nportals -= 1
            elif p.pt_cell[o][k] == cell and p.pt_dir[o][k] == d:
                if pair_in_use(p, o):
                    p.pt_doomed[o][k] = 1
                else:
                    p.pt_on[o][k] = 0
                    p.nportals -= 1
    p.pt_on[s][slot] = 1
    p.pt_cell[s][slot] = cell
    p.pt_dir[s][slot] = d
    p.pt_doomed[s][slot] = 0
    p.nportals += 1


cdef int advance_links(Pos* p, int s, int owner) noexcept nogil:
    """SS-8.6 "in use" after a move of ``s`` (its new length): indices rise, a new link 0
    for a head that went through ``owner``'s pair, links whose last segment is through
    dropped."""
    cdef short idx[MAXL]
    cdef signed char own[MAXL]
    cdef int n = 0, i, length = p.length[s]
    if owner >= 0 and length > 1:
        idx[0] = 0
        own[0] = owner
        n = 1
    for i in range(p.nlinks[s]):
        if p.link_index[s][i] + 2 < length:
            if n >= MAXL:
                return FALLBACK
            idx[n] = p.link_index[s][i] + 1
            own[n] = p.link_owner[s][i]
            n += 1
    for i in range(n):
        p.link_index[s][i] = idx[i]
        p.link_owner[s][i] = own[i]
    p.nlinks[s] = n
    return OK
