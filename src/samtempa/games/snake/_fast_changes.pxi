# Included by _fast.pyx (one compiled module; split for reading).
# Terrain changes (SS-7.3): the ops of a change, from the terrain's compiled program.

cdef void clear_body(Pos* p, int s) noexcept nogil:
    cdef int i
    for i in range(p.length[s]):
        p.cnt[s][body_at(p, s, i)] -= 1
    p.length[s] = 0


cdef void apply_change(Pos* p, int deaths) noexcept nogil:
    """SS-7.3: the ops of the change for death number ``deaths``, in order."""
    cdef const int* op = p.prog + p.change_off[deaths]
    cdef int code, a, ncells, i, c, s, j, kept, best
    cdef unsigned char ch
    cdef unsigned char hit[MAXS]
    cdef unsigned char done[MAXS]
    while op[0] != OP_END:
        code, a, ncells = op[0], op[1], op[2]
        op += 3
        if code == OP_REMOVE:
            for i in range(ncells):
                c = op[i]
                ch = p.grid[c]
                if p.pend[c] >= 0:
                    p.pend[c] = a  # SS-13.8
                elif ch == C_WALL or ch == C_HARD:
                    p.grid[c] = C_WALL if a else C_HARD
                elif ch == C_TRAP:
                    continue
                elif any_segment(p, c):
                    p.pend[c] = a  # SS-7.4
                    p.npend += 1
                else:
                    p.grid[c] = C_WALL if a else C_HARD
        elif code == OP_RESTORE:
            for i in range(ncells):
                c = op[i]
                if p.pend[c] >= 0:
                    p.pend[c] = -1
                    p.npend -= 1
                elif p.grid[c] == C_WALL or p.grid[c] == C_HARD:
                    p.grid[c] = C_OPEN
        elif code == OP_SET_DIGGABLE:
            for i in range(ncells):
                c = op[i]
                if p.pend[c] >= 0:
                    p.pend[c] = a
                elif p.grid[c] == C_WALL or p.grid[c] == C_HARD:
                    p.grid[c] = C_WALL if a else C_HARD
        elif code == OP_WRAP:
            memcpy(p.nb, p.wrap_nb + a * MAXN * 4, MAXN * 4 * sizeof(short))
            p.wrap_index = a
        elif code == OP_CLEAR:
            for s in range(p.nseats):
                hit[s] = 0
                if p.alive[s] or not p.length[s]:
                    continue
                for i in range(ncells):
                    if p.cnt[s][op[i]]:
                        hit[s] = 1
                        break
            for s in range(p.nseats):
                if hit[s]:
                    clear_body(p, s)
        elif code == OP_CLEAR_EXCEPT:
            # keep the `a` corpses with the latest deaths, clear the others
            for s in range(p.nseats):
                done[s] = p.alive[s] or not p.length[s]
            kept = 0
            while True:
                best = -1
                for s in range(p.nseats):
                    if not done[s] and (best < 0 or p.d_number[s] > p.d_number[best]):
                        best = s
                if best < 0:
                    break
                done[best] = 1
                if kept < a:
                    kept += 1
                else:
                    clear_body(p, best)
        elif code == OP_PATH_LENGTH:
            p.path_length = a
        elif code == OP_GRANT_SHOT:
            for s in range(p.nseats):
                if p.alive[s] and p.race[s] == R_SHOOTER and p.charges[s] < a:
                    p.charges[s] += 1
        op += ncells
    # SS-8.4, SS-13.3: digging stops where the wall under the head went
    for s in range(p.nseats):
        if p.alive[s] and p.digging[s] and not is_wall(p, body_at(p, s, 0)):
            p.digging[s] = 0
