/* The batched What the Shell kernel's C core (rules/what-the-shell.md), used by _batch.pyx.
 *
 * Cells are row * 9 + col (WTS-1.1); a set of cells is 81 bits, as two uint64 in the
 * batch's arrays and one unsigned __int128 here. Portable C (GCC or Clang, any x86-64 or
 * other 64-bit target): no -march, no intrinsics. Black's and white's windows are the two
 * lanes of a GCC vector of two uint64, which x86-64's baseline SSE2 runs at once.
 *
 * The window: ``window(board, p)`` shifts the board so that cell p sits at bit 30; every
 * cell within three rows and three columns of p is then at the fixed bit
 * 30 + 9 * dr + dc (rows beyond the board read as empty, columns beyond it are removed by
 * WIN_COLUMN[column of p]). Capture rays and runs through p are fixed masks there.
 */
#ifndef SAMTEMPA_SHELL_BATCH_H
#define SAMTEMPA_SHELL_BATCH_H

#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the batch kernel reads words byte by byte: little-endian targets only"
#endif

typedef unsigned __int128 wts_u128;
typedef uint64_t wts_v2 __attribute__((vector_size(16)));

enum { WTS_CELLS = 81, WTS_ONGOING = -1, WTS_BLACK_WINS = 0, WTS_WHITE_WINS = 1,
       WTS_DRAW = 2, WTS_NORMAL = 0, WTS_SUDDEN_DEATH = 1, WTS_MAX_NEW = 96 };

/* --- window masks, as constant expressions ------------------------------------------ */

#define WB(dr, dc) (1ULL << (30 + 9 * (dr) + (dc)))
#define COLUMN_BITS(dc) (WB(-3, dc) | WB(-2, dc) | WB(-1, dc) | WB(0, dc) | WB(1, dc) \
                         | WB(2, dc) | WB(3, dc))
#define IF_ON(c, dc) ((c) + (dc) >= 0 && (c) + (dc) <= 8 ? COLUMN_BITS(dc) : 0)
#define WIN_COL(c) (IF_ON(c, -3) | IF_ON(c, -2) | IF_ON(c, -1) | IF_ON(c, 0) | IF_ON(c, 1) \
                    | IF_ON(c, 2) | IF_ON(c, 3))
/* The cells of the window on the board, by the pick's column. */
static const uint64_t WIN_COLUMN[9] = {
    WIN_COL(0), WIN_COL(1), WIN_COL(2), WIN_COL(3), WIN_COL(4),
    WIN_COL(5), WIN_COL(6), WIN_COL(7), WIN_COL(8),
};
#define PAIR(dr, dc) (WB(dr, dc) | WB(2 * (dr), 2 * (dc)))
#define RAY(dr, dc) (PAIR(dr, dc) | WB(3 * (dr), 3 * (dc)))
#define EACH_DIRECTION(F) F(0, 1), F(0, -1), F(1, 0), F(-1, 0), F(1, 1), F(-1, -1), \
                          F(1, -1), F(-1, 1)
/* WTS-4.1: the eight rays (p+d, p+2d hostile, p+3d own) and the pairs they capture. */
static const uint64_t WIN_RAY[8] = { EACH_DIRECTION(RAY) };
static const uint64_t WIN_PAIR[8] = { EACH_DIRECTION(PAIR) };
#define OR8(F) (F(0, 1) | F(0, -1) | F(1, 0) | F(-1, 0) | F(1, 1) | F(-1, -1) | F(1, -1) \
                | F(-1, 1))
#define THIRD(dr, dc) WB(3 * (dr), 3 * (dc))
#define WIN_HOSTILE OR8(PAIR)
#define WIN_OWN OR8(THIRD)

/* --- whole-board masks ---------------------------------------------------------------- */

#define U128(hi, lo) (((wts_u128)(hi) << 64) | (wts_u128)(lo))
/* Cells of columns A..E (a run of five to the right may start there), of E..I (to the
 * lower left), and the whole board. */
#define COLS_A_E 0x1F
#define COLS_E_I 0x1F0
#define ROWS9(row) ((wts_u128)(row) * (U128(0x0ULL, 0x8040201008040201ULL) \
                                       | ((wts_u128)1 << 72)))
static const wts_u128 WTS_FULL = U128(0x1FFFFULL, 0xFFFFFFFFFFFFFFFFULL);

static inline int wts_popcount64(uint64_t x) {
    /* Portable: without -mpopcnt the builtin is a library call. */
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static inline int wts_popcount128(wts_u128 x) {
    return wts_popcount64((uint64_t)x) + wts_popcount64((uint64_t)(x >> 64));
}

/* The turtles in runs of five or more along shift s, from cells ``starts`` on. */
static inline wts_u128 wts_fives(wts_u128 t, int s, wts_u128 starts) {
    wts_u128 r = t & (t >> s), c;
    r &= r >> (2 * s);
    r &= (t >> (4 * s)) & starts;
    if (!r) return 0;
    c = r | (r << s);
    return c | (c << (2 * s)) | (r << (4 * s));
}

/* WTS-6.1: the turtles in a straight run of five or more, each counted once. */
static inline int wts_winning(wts_u128 t) {
    const wts_u128 a_e = ROWS9(COLS_A_E), e_i = ROWS9(COLS_E_I);
    return wts_popcount128(wts_fives(t, 1, a_e) | wts_fives(t, 9, WTS_FULL)
                           | wts_fives(t, 10, a_e) | wts_fives(t, 8, e_i));
}

/* --- windows -------------------------------------------------------------------------- */

/* The low word of (hi:lo) >> r, 0 <= r < 64: one instruction on x86-64 (the portable form
 * is not recognised as one). */
static inline uint64_t wts_shrd(uint64_t lo, uint64_t hi, unsigned r) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __asm__("shrdq %%cl, %1, %0" : "+r"(lo) : "r"(hi), "c"(r) : "cc");
    return lo;
#else
    return (lo >> r) | ((hi << 1) << (63 - r));
#endif
}

/* Where the window of a pick starts: bit pick + 34 of the words (0, lo, hi), all ones in
 * ``second`` when that is in the second word, and the shift inside it. */
typedef struct {
    uint64_t second;
    unsigned shift;
} wts_at;

static inline wts_at wts_window_at(int pick) {
    unsigned start = (unsigned)pick + 34;
    wts_at at = {(uint64_t)0 - (uint64_t)(start >> 6), start & 63};
    return at;
}

/* Bits pick - 30 ... pick + 33 of the board (lo, hi): one double shift of the right two of
 * the words (0, lo, hi), chosen with masks, not branches. */
static inline uint64_t wts_window_words(uint64_t lo, uint64_t hi, wts_at at) {
    return wts_shrd(lo & at.second, lo ^ ((lo ^ hi) & at.second), at.shift);
}

static inline uint64_t wts_window(wts_u128 board, int pick) {
    return wts_window_words((uint64_t)board, (uint64_t)(board >> 64), wts_window_at(pick));
}

static inline wts_u128 wts_unwindow(uint64_t bits, int pick) {
    return ((wts_u128)bits << (pick + 4)) >> 34;
}

/* Whether the new turtles close a capture (WTS-4.1), both colours at once: ``rays`` holds
 * the hostile pieces on the first two cells of each ray and the own turtles on the third.
 * Along a line of step o, t = rays & rays >> o & rays >> 2o holds, at bit 30 + o, the ray
 * towards +o (cells 30 + o, 30 + 2o, 30 + 3o) and, at bit 30 - 3o, the ray towards -o
 * (cells 30 - 3o, 30 - 2o, 30 - o): one t serves both directions. */
#define CLOSED_ALONG(o, dr, dc) \
    ((rays & (rays >> (o)) & (rays >> (2 * (o)))) & (WB(dr, dc) | WB(-3 * (dr), -3 * (dc))))

static inline wts_v2 wts_closed(wts_v2 rays) {
    return CLOSED_ALONG(1, 0, 1) | CLOSED_ALONG(9, 1, 0) | CLOSED_ALONG(10, 1, 1)
           | CLOSED_ALONG(8, 1, -1);
}

/* Whether a run of five own turtles may go through the pick (WTS-6.1), both colours at
 * once: a five inside the window (starting one to three steps back), or a four with the
 * pick at one end (the fifth may lie beyond the window; the full count decides). */
#define LINE_RUNS(s, dr, dc) do { \
        wts_v2 pairs = own & (own >> (s)), fours = pairs & (pairs >> (2 * (s))); \
        runs |= fours & (((fours >> (s)) & (WB(-(dr), -(dc)) | WB(-2 * (dr), -2 * (dc)) \
                                            | WB(-3 * (dr), -3 * (dc)))) \
                         | WB(0, 0) | WB(-3 * (dr), -3 * (dc))); \
    } while (0)

static inline wts_v2 wts_may_five(wts_v2 own) {
    wts_v2 runs = {0, 0};
    LINE_RUNS(1, 0, 1);
    LINE_RUNS(9, 1, 0);
    LINE_RUNS(10, 1, 1);
    LINE_RUNS(8, 1, -1);
    return runs;
}

/* WTS-4.1, 4.4 in one colour's window: the cells its new turtle captures; ``count`` gets
 * how many captures it makes. */
static inline uint64_t wts_captured_pairs(uint64_t rays, int* count) {
    uint64_t pairs = 0, hit;
    int k, n = 0;
    for (k = 0; k < 8; k++) {
        hit = (rays & WIN_RAY[k]) == WIN_RAY[k];
        n += (int)hit;
        pairs |= WIN_PAIR[k] & (0 - hit);
    }
    *count = n;
    return pairs;
}

/* --- the turns out of the ordinary ------------------------------------------------------ */

/* Per cell: each capture ray on the board, its pair (p+d, p+2d) and end (p+3d). */
static wts_u128 WTS_RAY_PAIR[WTS_CELLS][8];
static wts_u128 WTS_RAY_END[WTS_CELLS][8];
static int WTS_RAY_N[WTS_CELLS];
/* Per cell: its bit in the low word (cells 0..63) and in the high word (64..80); its column. */
static uint64_t WTS_BIT_LO[WTS_CELLS], WTS_BIT_HI[WTS_CELLS];
static uint8_t WTS_COLUMN_OF[WTS_CELLS];

static void wts_init_select(void);

static void wts_init(void) {
    static const int dirs[8][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1},
                                   {1, -1}, {-1, 1}};
    int cell, k, n, r, c, dr, dc, s;
    for (cell = 0; cell < WTS_CELLS; cell++) {
        r = cell / 9;
        c = cell % 9;
        n = 0;
        for (k = 0; k < 8; k++) {
            dr = dirs[k][0];
            dc = dirs[k][1];
            if (r + 3 * dr < 0 || r + 3 * dr > 8 || c + 3 * dc < 0 || c + 3 * dc > 8) continue;
            s = 9 * dr + dc;
            WTS_RAY_PAIR[cell][n] = ((wts_u128)1 << (cell + s)) | ((wts_u128)1 << (cell + 2 * s));
            WTS_RAY_END[cell][n] = (wts_u128)1 << (cell + 3 * s);
            n++;
        }
        WTS_RAY_N[cell] = n;
        WTS_BIT_LO[cell] = cell < 64 ? 1ULL << cell : 0;
        WTS_BIT_HI[cell] = cell < 64 ? 0 : 1ULL << (cell - 64);
        WTS_COLUMN_OF[cell] = (uint8_t)c;
    }
    wts_init_select();
}

typedef struct {
    wts_u128 black, white, eggs;
    uint8_t* queue; /* the egg queue, oldest first (WTS-1.3), from head to tail */
    intptr_t head, tail;
} wts_game;

/* WTS-4.1-4.4, 4.7: the pairs the new turtles of one colour capture, each pair once. */
static int wts_find_captures(const int* new_cells, int nnew, wts_u128 own, wts_u128 hostile,
                             wts_u128* found) {
    int i, k, j, n = 0, cell, dup;
    wts_u128 pair;
    for (i = 0; i < nnew; i++) {
        cell = new_cells[i];
        for (k = 0; k < WTS_RAY_N[cell]; k++) {
            pair = WTS_RAY_PAIR[cell][k];
            if ((hostile & pair) == pair && (own & WTS_RAY_END[cell][k])) {
                dup = 0;
                for (j = 0; j < n; j++) {
                    if (found[j] == pair) {
                        dup = 1;
                        break;
                    }
                }
                if (!dup) found[n++] = pair;
            }
        }
    }
    return n;
}

/* The end of a wave: WTS-4.6, every captured piece leaves at once (a captured egg leaves
 * the queue); WTS-5.1, 5.2, min(kb, kw) oldest eggs vanish and the next |kb - kw| hatch
 * for the colour that captured more. Returns how many hatched, their cells in new_cells. */
static int wts_remove_and_hatch(wts_game* g, wts_u128 removed, int kb, int kw, int* new_cells) {
    int m, h, i, cell;
    intptr_t j, q;
    wts_u128 hatched = 0;
    g->black &= ~removed;
    g->white &= ~removed;
    if (g->eggs & removed) {
        g->eggs &= ~removed;
        for (j = q = g->head; q < g->tail; q++) {
            if (!((removed >> g->queue[q]) & 1)) g->queue[j++] = g->queue[q];
        }
        g->tail = j;
    }
    m = kb < kw ? kb : kw;
    h = kb > kw ? kb - kw : kw - kb;
    if (m > g->tail - g->head) m = (int)(g->tail - g->head);
    for (i = 0; i < m; i++) g->eggs &= ~((wts_u128)1 << g->queue[g->head++]);
    if (h > g->tail - g->head) h = (int)(g->tail - g->head);
    for (i = 0; i < h; i++) {
        cell = g->queue[g->head++];
        hatched |= (wts_u128)1 << cell;
        new_cells[i] = cell;
    }
    g->eggs &= ~hatched;
    if (kb > kw) g->black |= hatched;
    else g->white |= hatched;
    return h;
}

/* WTS-5.3: the turtles hatched by a wave (h of them, black's or white's) are the new
 * turtles of the next, until a wave captures or hatches nothing. */
static void wts_later_waves(wts_game* g, int* new_cells, int h, int black) {
    wts_u128 caps[WTS_MAX_NEW * 8], removed;
    int k, i;
    while (h) {
        /* WTS-4.5: only the colour with new turtles captures in this wave. */
        k = black ? wts_find_captures(new_cells, h, g->black, g->white | g->eggs, caps)
                  : wts_find_captures(new_cells, h, g->white, g->black | g->eggs, caps);
        if (!k) return;
        for (removed = 0, i = 0; i < k; i++) removed |= caps[i];
        h = black ? wts_remove_and_hatch(g, removed, k, 0, new_cells)
                  : wts_remove_and_hatch(g, removed, 0, k, new_cells);
    }
}

/* A turn with a capture: wave 0 from the pick windows (one new turtle per colour, so no
 * pair twice, WTS-4.7), the later waves on whole-board masks, then the counts. */
static void wts_capture_turn(wts_game* g, int bp, int wp, uint64_t rays_b, uint64_t rays_w,
                             int* nb, int* nw) {
    int kb, kw, h, new_cells[WTS_MAX_NEW];
    wts_u128 removed = wts_unwindow(wts_captured_pairs(rays_b, &kb), bp)
                       | wts_unwindow(wts_captured_pairs(rays_w, &kw), wp);
    wts_v2 own, five;
    h = wts_remove_and_hatch(g, removed, kb, kw, new_cells);
    if (h) wts_later_waves(g, new_cells, h, kb > kw);
    if (h || *nb || *nw) { /* hatched turtles may start fives anywhere */
        *nb = wts_winning(g->black);
        *nw = wts_winning(g->white);
        return;
    }
    /* Removals make no five: a new one goes through a pick. */
    own = (wts_v2){wts_window(g->black, bp) & WIN_COLUMN[bp % 9],
                   wts_window(g->white, wp) & WIN_COLUMN[wp % 9]};
    five = wts_may_five(own);
    if (five[0]) *nb = wts_winning(g->black);
    if (five[1]) *nw = wts_winning(g->white);
}

/* --- whole batches ---------------------------------------------------------------------- */

typedef struct {
    uint64_t* restrict boards; /* n x 6: black's low and high words, white's, the eggs' */
    uint8_t* restrict queue; /* n x 81 */
    intptr_t* restrict queue_len;
    int32_t* restrict turn;
    int8_t* restrict phase;
    int8_t* restrict result;
    int32_t *restrict winning_black, *restrict winning_white;
} wts_batch;

static inline wts_u128 wts_join(uint64_t lo, uint64_t hi) {
    return (wts_u128)lo | ((wts_u128)hi << 64);
}

/* The rest of a turn out of the ordinary: a collision, a capture, a possible five or a
 * sudden death in progress. b, w, e are the boards before the turn; own and rays the
 * windows of the picks with both turtles placed, closed and five what they showed. */
__attribute__((noinline)) static void wts_odd_turn(
        const wts_batch* restrict a, intptr_t i, int bp, int wp, wts_u128 b, wts_u128 w,
        wts_u128 e, wts_v2 rays, wts_v2 closed, wts_v2 five) {
    int nb = a->winning_black[i], nw = a->winning_white[i];
    if (bp == wp) {
        /* WTS-3.2: an egg; nothing captured or hatched, the turtles and so their counts
         * unchanged. */
        e |= (wts_u128)1 << bp;
        a->queue[i * WTS_CELLS + a->queue_len[i]] = (uint8_t)bp;
        a->queue_len[i] += 1;
    } else {
        b |= (wts_u128)1 << bp; /* WTS-3.1 */
        w |= (wts_u128)1 << wp;
        if (closed[0] | closed[1]) {
            wts_game g = {b, w, e, a->queue + i * WTS_CELLS, 0, a->queue_len[i]};
            wts_capture_turn(&g, bp, wp, rays[0], rays[1], &nb, &nw);
            if (g.head) memmove(g.queue, g.queue + g.head, (size_t)(g.tail - g.head));
            a->queue_len[i] = g.tail - g.head;
            b = g.black;
            w = g.white;
            e = g.eggs;
        } else if (nb | nw) {
            /* A sudden death in progress (WTS-6.2): every run counts. */
            nb = wts_winning(b);
            nw = wts_winning(w);
        } else {
            /* No five before: a new one goes through a pick. */
            if (five[0]) nb = wts_winning(b);
            if (five[1]) nw = wts_winning(w);
        }
    }
    a->boards[6 * i + 0] = (uint64_t)b;
    a->boards[6 * i + 1] = (uint64_t)(b >> 64);
    a->boards[6 * i + 2] = (uint64_t)w;
    a->boards[6 * i + 3] = (uint64_t)(w >> 64);
    a->boards[6 * i + 4] = (uint64_t)e;
    a->boards[6 * i + 5] = (uint64_t)(e >> 64);
    a->winning_black[i] = nb;
    a->winning_white[i] = nw;
    /* WTS-6.2, 6.4 */
    if (nb != nw) {
        a->result[i] = nb > nw ? WTS_BLACK_WINS : WTS_WHITE_WINS;
    } else {
        a->phase[i] = nb ? WTS_SUDDEN_DEATH : WTS_NORMAL;
        if ((b | w | e) == WTS_FULL) a->result[i] = WTS_DRAW;
    }
}

/* One turn of every game (WTS-2.2); the picks are not checked.
 *
 * The ordinary turn (two turtles placed, no capture closed, no run of four through a
 * pick, no sudden death in progress, the board not full: the counts stay 0 and nothing
 * else changes, WTS-6.2) is settled here without a branch; the others go on in
 * wts_odd_turn, with what was found. */
static void wts_step(const wts_batch* restrict a, intptr_t n, const intptr_t* restrict black,
                     const intptr_t* restrict white) {
    const uint64_t hostile_ring = WIN_HOSTILE, own_ring = WIN_OWN;
    intptr_t i;
    for (i = 0; i < n; i++) {
        int bp = (int)black[i], wp = (int)white[i];
        uint64_t b_lo = a->boards[6 * i + 0], b_hi = a->boards[6 * i + 1];
        uint64_t w_lo = a->boards[6 * i + 2], w_hi = a->boards[6 * i + 3];
        uint64_t e_lo = a->boards[6 * i + 4], e_hi = a->boards[6 * i + 5];
        uint64_t new_b_lo = b_lo | WTS_BIT_LO[bp], new_b_hi = b_hi | WTS_BIT_HI[bp];
        uint64_t new_w_lo = w_lo | WTS_BIT_LO[wp], new_w_hi = w_hi | WTS_BIT_HI[wp];
        wts_at at_b = wts_window_at(bp), at_w = wts_window_at(wp);
        wts_u128 e = wts_join(e_lo, e_hi);
        wts_v2 columns = {WIN_COLUMN[WTS_COLUMN_OF[bp]], WIN_COLUMN[WTS_COLUMN_OF[wp]]};
        wts_v2 own = (wts_v2){wts_window_words(new_b_lo, new_b_hi, at_b),
                              wts_window_words(new_w_lo, new_w_hi, at_w)} & columns;
        wts_v2 hostile = {wts_window_words(new_w_lo | e_lo, new_w_hi | e_hi, at_b),
                          wts_window_words(new_b_lo | e_lo, new_b_hi | e_hi, at_w)};
        wts_v2 rays = ((hostile & hostile_ring) | (own & own_ring)) & columns;
        wts_v2 closed = wts_closed(rays), five = wts_may_five(own), flags = closed | five;
        /* WTS-6.4: a board that fills goes the long way too. */
        int full = ((new_b_lo | new_w_lo | e_lo) == ~0ULL)
                   & ((new_b_hi | new_w_hi | e_hi) == 0x1FFFFULL);
        a->turn[i] += 1;
        if (__builtin_expect((bp == wp) | ((flags[0] | flags[1]) != 0) | full
                             | ((a->winning_black[i] | a->winning_white[i]) != 0), 0)) {
            wts_odd_turn(a, i, bp, wp, wts_join(b_lo, b_hi), wts_join(w_lo, w_hi), e, rays,
                         closed, five);
            continue;
        }
        a->boards[6 * i + 0] = new_b_lo;
        a->boards[6 * i + 1] = new_b_hi;
        a->boards[6 * i + 2] = new_w_lo;
        a->boards[6 * i + 3] = new_w_hi;
    }
}

/* --- random picks ---------------------------------------------------------------------- */

/* WTS_SELECT_IN_BYTE[b][k]: the k-th set bit of the byte b. */
static uint8_t WTS_SELECT_IN_BYTE[256][8];

static void wts_init_select(void) {
    int byte, j, k;
    for (byte = 0; byte < 256; byte++) {
        for (j = 0, k = 0; j < 8; j++) {
            if (byte >> j & 1) WTS_SELECT_IN_BYTE[byte][k++] = (uint8_t)j;
        }
    }
}

typedef struct {
    uint64_t state;
} wts_rng;

/* 64 random bits: splitmix64. */
static inline uint64_t wts_draw64(wts_rng* r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A uniform integer in [0, bound) from 32 random bits: Lemire's multiply-and-reject,
 * exact (the division and the fresh draws run only when the bits land in the first
 * ``bound`` values, about once in 50 million). */
static inline uint64_t wts_below(wts_rng* r, uint32_t bits, uint32_t bound) {
    uint64_t m = (uint64_t)bits * bound;
    if (__builtin_expect((uint32_t)m < bound, 0)) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while ((uint32_t)m < threshold) m = (uint64_t)(uint32_t)wts_draw64(r) * bound;
    }
    return m >> 32;
}

#define BYTES 0x0101010101010101ULL
#define HIGH_BITS 0x8080808080808080ULL

/* The number of set bits of each byte of x, in that byte. */
static inline uint64_t wts_byte_counts(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    return (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
}

/* The empty cells of one board, ready for picking the k-th: the running counts of its 11
 * bytes (cells 0..7, 8..15, ..., 80), in two words and as bytes after a leading 0, and
 * the bytes themselves. */
typedef struct {
    uint64_t running_lo, running_hi;
    uint8_t before[17]; /* before[j]: the empty cells in bytes 0..j-1 */
    uint8_t bytes[16];
} wts_free_cells;

static inline uint64_t wts_free_cells_of(wts_free_cells* f, uint64_t lo, uint64_t hi) {
    uint64_t running_lo = wts_byte_counts(lo) * BYTES; /* byte i: empty cells in bytes 0..i */
    uint64_t running_hi = (wts_byte_counts(hi) + (running_lo >> 56)) * BYTES;
    f->running_lo = running_lo;
    f->running_hi = running_hi;
    f->before[0] = 0;
    memcpy(f->before + 1, &running_lo, 8); /* little-endian: byte i of a word at offset i */
    memcpy(f->before + 9, &running_hi, 8);
    memcpy(f->bytes, &lo, 8);
    memcpy(f->bytes + 8, &hi, 8);
    return running_hi >> 56; /* all the empty cells (the high word's top bytes are 0) */
}

/* The k-th empty cell (from 0): its byte is the first whose running count passes k, found
 * by comparing k with all 16 running counts at once (each is below 128, so a byte's high
 * bit after (k | 128) - count says k >= count); the bit in that byte from a table. No
 * branch, no loop. */
static inline intptr_t wts_kth_empty(const wts_free_cells* f, uint64_t k) {
    uint64_t ks = (k * BYTES) | HIGH_BITS;
    uint64_t passed = ((((ks - f->running_lo) & HIGH_BITS) >> 7)
                       + (((ks - f->running_hi) & HIGH_BITS) >> 7)) * BYTES >> 56;
    return (intptr_t)(8 * passed)
           + WTS_SELECT_IN_BYTE[f->bytes[passed]][k - f->before[passed]];
}

/* A uniformly random empty cell of every game still going (WTS-2.1), 0 elsewhere: k
 * uniform below the number of empty cells, then the k-th empty cell. One pick per game in
 * ``first``, and an independent second one in ``second`` unless it is NULL. */
static void wts_random_picks(const wts_batch* restrict a, intptr_t n, uint64_t seed,
                             intptr_t* restrict first, intptr_t* restrict second) {
    wts_rng rng = {seed};
    wts_free_cells cells;
    uint64_t bits, free;
    intptr_t i;
    for (i = 0; i < n; i++) {
        uint64_t lo = ~(a->boards[6 * i + 0] | a->boards[6 * i + 2] | a->boards[6 * i + 4]);
        uint64_t hi = ~(a->boards[6 * i + 1] | a->boards[6 * i + 3] | a->boards[6 * i + 5])
                      & 0x1FFFFULL;
        free = wts_free_cells_of(&cells, lo, hi);
        if (__builtin_expect(a->result[i] != WTS_ONGOING || free == 0, 0)) {
            first[i] = 0;
            if (second) second[i] = 0;
            continue;
        }
        bits = wts_draw64(&rng); /* the low half for the first pick, the high for the second */
        first[i] = wts_kth_empty(&cells, wts_below(&rng, (uint32_t)bits, (uint32_t)free));
        if (second) {
            second[i] = wts_kth_empty(&cells,
                                      wts_below(&rng, (uint32_t)(bits >> 32), (uint32_t)free));
        }
    }
}

#endif
