/* The complete Countdown table by a plain single-threaded subset DP, one selection at a
 * time: the reference that `python -m eureka.benchmarks.countdown_table` times eureka
 * against.
 *
 * For each of the 13,243 selections (multisets of six of 1-10 twice, 25, 50, 75, 100),
 * the values of every subset of up to 4 cards are made from two complementary smaller
 * subsets (+, larger - smaller, x, exact /, every step positive) and stored,
 * de-duplicated in a hash; the values of each 5-card subset are de-duplicated the same
 * way and met with the card left out; the whole hand's 2|4 and 3|3 splits are checked
 * against the targets 100-999.  Prints the solvable (selection, target) pairs.
 *
 * cc -O2 -o countdown_dp countdown_dp.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LO 100
#define HI 999
#define CARDS 6
#define MASKS (1 << CARDS)

typedef int64_t val;

static val *store;                    /* the values of the stored subsets */
static size_t used, capacity;
static size_t start[MASKS], end[MASKS];

static val *made;                     /* one subset's values before de-duplication */
static size_t made_cap;

static val *table;                    /* open-addressing hash set; 0 is empty */
static size_t table_size;

static unsigned char hit[HI - LO + 1];

static void need_made(size_t n) {
    if (n > made_cap) {
        made_cap = n * 2;
        made = realloc(made, made_cap * sizeof *made);
    }
}

static void need_store(size_t n) {
    if (used + n > capacity) {
        capacity = (used + n) * 2;
        store = realloc(store, capacity * sizeof *store);
    }
}

static void mark(val v) {
    if (v >= LO && v <= HI) hit[v - LO] = 1;
}

/* Mark the targets a and b make (a quotient only tried when it can be a target). */
static void meet(val a, val b) {
    val big = a > b ? a : b, small = a > b ? b : a;
    mark(a + b);
    mark(big - small);
    mark(a * b);
    if (big >= LO * small && big <= HI * small && big % small == 0) mark(big / small);
}

/* What a and b make, appended to made[k..]; returns the new end. */
static size_t combine(val a, val b, size_t k) {
    val big = a > b ? a : b, small = a > b ? b : a;
    made[k++] = a + b;
    if (big != small) made[k++] = big - small;
    made[k++] = a * b;
    if (big % small == 0) made[k++] = big / small;
    return k;
}

/* De-duplicate made[0..k) through the hash (the values are positive); returns the
 * count kept, written back to made[0..). */
static size_t dedup(size_t k) {
    size_t want = 16;
    while (want < 2 * k) want <<= 1;
    if (want > table_size) {
        table_size = want;
        table = realloc(table, table_size * sizeof *table);
    }
    memset(table, 0, want * sizeof *table);
    size_t n = 0;
    for (size_t i = 0; i < k; i++) {
        val v = made[i];
        size_t h = (size_t)((uint64_t)v * 0x9E3779B97F4A7C15ull >> 20) & (want - 1);
        while (table[h] != 0 && table[h] != v) h = (h + 1) & (want - 1);
        if (table[h] == 0) {
            table[h] = v;
            made[n++] = v;
        }
    }
    return n;
}

static int popcount(int x) { return __builtin_popcount(x); }

/* Every value two complementary stored parts of mask make, into made[0..); count. */
static size_t values_of(int mask) {
    size_t pairs = 0;
    int low = mask & -mask;
    for (int part = (mask - 1) & mask; part; part = (part - 1) & mask)
        if (part & low)
            pairs += (end[part] - start[part]) * (end[mask ^ part] - start[mask ^ part]);
    need_made(4 * pairs + 1);
    size_t k = 0;
    for (int part = (mask - 1) & mask; part; part = (part - 1) & mask) {
        if (!(part & low)) continue;
        int other = mask ^ part;
        for (size_t i = start[part]; i < end[part]; i++)
            for (size_t j = start[other]; j < end[other]; j++)
                k = combine(store[i], store[j], k);
    }
    return k;
}

static int solve(const val *cards) {
    const int full = MASKS - 1;
    memset(hit, 0, sizeof hit);
    used = 0;
    for (int mask = 1; mask < full; mask++) {
        int size = popcount(mask);
        size_t n;
        if (size == 1) {
            need_made(1);
            made[0] = cards[__builtin_ctz(mask)];
            n = 1;
        } else {
            n = dedup(values_of(mask));
        }
        for (size_t i = 0; i < n; i++) mark(made[i]);
        if (size == CARDS - 1) {      /* met with the card left out, never stored */
            val c = cards[__builtin_ctz(full ^ mask)];
            for (size_t i = 0; i < n; i++) {
                meet(made[i], c);
            }
            continue;
        }
        need_store(n);
        start[mask] = used;
        memcpy(store + used, made, n * sizeof *made);
        used += n;
        end[mask] = used;
    }
    /* The whole hand from two parts of at least two cards each. */
    int low = full & -full;
    for (int part = (full - 1) & full; part; part = (part - 1) & full) {
        int other = full ^ part;
        if (!(part & low) || popcount(part) < 2 || popcount(other) < 2) continue;
        for (size_t i = start[part]; i < end[part]; i++)
            for (size_t j = start[other]; j < end[other]; j++) {
                meet(store[i], store[j]);
            }
    }
    int count = 0;
    for (int t = 0; t <= HI - LO; t++) count += hit[t];
    return count;
}

/* Every selection: ascending multisets of six values with at most `copies` of each. */
static const val VALUES[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25, 50, 75, 100};
static const int COPIES[] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1};
#define KINDS 14

static long selections, solvable;

static void extend(int i, val *hand, int size) {
    if (size == CARDS) {
        selections++;
        solvable += solve(hand);
        return;
    }
    for (int j = i; j < KINDS; j++)
        for (int k = 1; k <= COPIES[j] && size + k <= CARDS; k++) {
            for (int m = 0; m < k; m++) hand[size + m] = VALUES[j];
            extend(j + 1, hand, size + k);
        }
}

int main(void) {
    val hand[CARDS];
    extend(0, hand, 0);
    printf("%ld solvable pairs of %ld\n", solvable, selections * (HI - LO + 1));
    return 0;
}
