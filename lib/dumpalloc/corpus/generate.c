/* generate.c - valid dumpalloc traces from a seed.
 *
 * A trace is a PROC, some OBJEs, then allocations (ALOC, frames, TERM)
 * and deallocations of live addresses, with a few more OBJEs mixed in.
 * Output has no finding at all under the profile it is made for: the
 * draft-reader profile leaves PCAL frames out.  Addresses are never reused
 * while live and the live set is bounded, so a trace of any size needs the
 * same checker memory.  The typical style has deep stacks. */
#include <stdlib.h>
#include <string.h>

#include "../../core/bytes.h"
#include "../../core/corpus/hostile.h"
#include "../dumpalloc.h"
#include "../../core/mem.h"

#define GEN_LIVE 2048 /* most live allocations a generated trace holds */

typedef struct da_gen {
    tgBytes_rng rng;
    int profile;
    int typical; /* deep stacks (TG_STYLE_TYPICAL) */
    uint64_t live[GEN_LIVE];
    size_t nlive;
    uint64_t next_low, next_high; /* 32-bit and 64-bit address arenas */
    int64_t secs;
    uint32_t nsec;
    tgOut *out;
    tgHostile_style hostile; /* names and numbers from core/corpus/hostile.h */
} da_gen;

static const char *const objects[] = {
    "/usr/lib/x86_64-linux-gnu/libc.so.6",
    "/usr/bin/server",
    "/opt/\xc3\xbcnicode/lib/libd\xc3\xa9mo.so", /* UTF-8 in a path */
    "", /* the empty string is valid */
    "??",
};
static const char *const functions[] = {
    "main", "alloc_buffer", "Parser.read_token", "\xce\xa9_handler", "",
};
static const char *const files[] = {
    "main.py",
    "src/parser.c",
    "lib/\xe6\x97\xa5\xe6\x9c\xac.py",
    "<stdin>",
};

/* A name: the plain one, or in the hostile style a hostile one (a
 * dumpalloc string holds any bytes; these are valid UTF-8 with no NUL,
 * so that no DA-STR warning fires). */
static const char *name(da_gen *g, const char *plain)
{
    return tgHostile_text(&g->hostile, 0, plain);
}

static void header(da_gen *g, uint32_t type, uint32_t len)
{
    unsigned char h[8];
    tgBytes_put32(h, type);
    tgBytes_put32(h + 4, len);
    tgOut_put(g->out, h, 8);
}

static void string(da_gen *g, const char *s)
{
    unsigned char n[4];
    tgBytes_put32(n, (uint32_t)strlen(s));
    tgOut_put(g->out, n, 4);
    tgOut_put(g->out, s, strlen(s));
}

static void emit_proc(da_gen *g)
{
    const char *process = name(g, "/usr/bin/server");
    unsigned char pid[4];
    tgBytes_put32(pid, g->hostile.on ? UINT32_MAX
                                     : 1000 + tgBytes_below(&g->rng, 60000));
    header(g, DA_PROC, 8 + (uint32_t)strlen(process));
    tgOut_put(g->out, pid, 4);
    string(g, process);
}

static void emit_obje(da_gen *g)
{
    const char *object = name(g, TG_BYTES_PICK(&g->rng, objects));
    header(g, DA_OBJE, 4 + (uint32_t)strlen(object));
    string(g, object);
}

static uint64_t fresh_address(da_gen *g)
{
    /* a quarter of the addresses are 32-bit ones, zero-extended */
    if (tgBytes_below(&g->rng, 4) == 0)
        return g->next_low += 16 * (1 + tgBytes_below(&g->rng, 8));
    return g->next_high += 16 * (1 + tgBytes_below(&g->rng, 64));
}

static void emit_frame(da_gen *g)
{
    unsigned char b[12];
    if (g->profile == DA_PROFILE_DRAFT_READER ||
        tgBytes_below(&g->rng, 4) != 0) {
        header(g, DA_FRAM, 12);
        tgBytes_put32(b, DA_NTVE);
        tgBytes_put64(
            b + 4, 0x400000 + 4 * (uint64_t)tgBytes_below(&g->rng, 1u << 20));
        tgOut_put(g->out, b, 12);
        return;
    }
    const char *fn = name(g, TG_BYTES_PICK(&g->rng, functions));
    const char *file = name(g, TG_BYTES_PICK(&g->rng, files));
    header(g, DA_FRAM, 16 + (uint32_t)(strlen(fn) + strlen(file)));
    tgBytes_put32(b, DA_PCAL);
    tgOut_put(g->out, b, 4);
    string(g, fn);
    string(g, file);
    tgBytes_put32(b, g->hostile.on && tgBytes_below(&g->rng, 2)
                         ? UINT32_MAX
                         : 1 + tgBytes_below(&g->rng, 5000));
    tgOut_put(g->out, b, 4);
}

static void emit_alloc(da_gen *g)
{
    unsigned char b[20];
    uint64_t addr = fresh_address(g);
    g->nsec += 1 + tgBytes_below(&g->rng, 50000000);
    if (g->nsec >= 1000000000u) {
        g->nsec -= 1000000000u;
        g->secs++;
    }
    header(g, DA_ALOC, DA_ALOC_FIELDS);
    tgBytes_put64(b, addr);
    tgBytes_put64(b + 8, (uint64_t)g->secs);
    tgBytes_put32(b + 16, g->nsec);
    tgOut_put(g->out, b, 20);
    /* plain: a few frames; typical: a real heap profiler's 8 to 40 */
    uint32_t frames = g->typical ? 8 + tgBytes_below(&g->rng, 33)
                                 : tgBytes_below(&g->rng, 7);
    for (uint32_t n = frames; n > 0; n--)
        emit_frame(g);
    header(g, DA_FRAM, 4);
    tgBytes_put32(b, DA_TERM);
    tgOut_put(g->out, b, 4);
    g->live[g->nlive++] = addr;
}

static void emit_free(da_gen *g)
{
    unsigned char b[8];
    size_t i = tgBytes_below(&g->rng, (uint32_t)g->nlive);
    header(g, DA_DALC, 8);
    tgBytes_put64(b, g->live[i]);
    tgOut_put(g->out, b, 8);
    g->live[i] = g->live[--g->nlive];
}

static void emit_event(da_gen *g)
{
    uint32_t roll = tgBytes_below(&g->rng, 100);
    if (g->nlive == GEN_LIVE || (g->nlive > 0 && roll < 40))
        emit_free(g);
    else if (roll < 97)
        emit_alloc(g);
    else
        emit_obje(g);
}

int tgDumpalloc_generate(int profile, int style, uint64_t seed,
                         uint64_t min_size, tgOut *out)
{
    da_gen *g = tgMem_calloc(1, sizeof *g);
    if (g == NULL)
        return -1;
    g->rng.s = seed;
    g->profile = profile;
    g->hostile = tgHostile_start(style, seed);
    g->typical = style == TG_STYLE_TYPICAL;
    g->out = out;
    g->next_low = 0x10000;
    g->next_high = 0x7f3a00000000ull;
    g->secs = 1700000000 + (int64_t)tgBytes_below(&g->rng, 100000000);
    emit_proc(g);
    for (uint32_t n = 1 + tgBytes_below(&g->rng, 3); n > 0; n--)
        emit_obje(g);
    if (min_size > 0) {
        while (out->total < min_size && !out->failed)
            emit_event(g);
    } else {
        /* at least one allocation with frames and one free */
        emit_alloc(g);
        for (uint32_t n = 8 + tgBytes_below(&g->rng, 24); n > 0; n--)
            emit_event(g);
        if (g->nlive > 0)
            emit_free(g);
    }
    tgMem_free(g);
    return out->failed ? -1 : 0;
}
