/* generate.c - valid TraceLog files from a seed: a plausible profiler
 * run, as the seed's records describe it.
 *
 * Canonical: every item in the seed's own printf form (0x%016X ids and
 * pointers, 0x%08X internal ids, HRESULTs and tokens, 0x%x sizes and
 * offsets, 0x-prefixed instruction pointers, LF line ends, a start time
 * without a zone), so a strict reader accepts it and no profile finds
 * anything.  The real writer's forms (lowercase, 8-digit pointers, bare
 * IPs) appear only in mutants labelled with their rule.
 *
 * The run: the start time and the eleven settings, the application
 * domain, assemblies and modules, threads created, assigned to OS
 * threads, measured and ended, classes loaded and named, functions
 * compiled by the JIT (or found in the NGen cache) with their code and
 * IL maps, garbage collections with allocation tables, a pause and a
 * resume, and stack and memory samples: stacks change by the seed's
 * prefix encoding, with and without the head's instruction pointer.
 * The vstools-compat profile leaves out what the 2018 or 2019 reader
 * misreads (spec/tracelog.md "The vstools readers": a thread's end, the
 * JIT and GC records' internal-id threads, instruction pointers, the
 * application domain's and assemblies' names).  With a size, activity
 * goes on until the file is that long. */
#include <stdio.h>
#include <string.h>

#include "../../core/bytes.h"
#include "../../core/corpus/hostile.h"
#include "model.h"

#define MAX_THREADS 8   /* live at once                          */
#define MAX_DEPTH   24  /* of a thread's stack                   */
#define MAX_CLASSES 256 /* defined, then reused                  */
#define MAX_FUNCS   512

typedef struct gen_thread {
    uint32_t iid;
    uint64_t id;
    uint32_t depth;
    uint32_t stack[MAX_DEPTH]; /* function iids, bottom first */
} gen_thread;

typedef struct tl_gen {
    tgBytes_rng rng;
    tgText_model *m;
    tgOut *out;
    int vstools;             /* leave out what the vstools readers misread */
    int ips;                 /* LineTraceEnabled: instruction pointers  */
    tgHostile_style hostile; /* names from core/corpus/hostile.h   */
    int typical; /* deeper stacks, fuller samples (TG_STYLE_TYPICAL) */
    uint64_t clock;
    uint64_t module, assembly, domain;
    uint32_t next_thread, nclasses, nfuncs;
    gen_thread th[MAX_THREADS];
    unsigned nth;
} tl_gen;

static const char *const class_names[] = {
    "System.Object",
    "System.String",
    "System.Collections.Generic.List`1[System.Int32]",
    "System.Collections.Generic.Dictionary`2[System.String,System.Object]",
    "Tizen.Applications.CoreApplication",
    "Program",
    "Caf\xc3\xa9.M\xc3\xbcnchen.Stra\303\237e", /* octal: \x would take the e */
    "\xe6\x97\xa5\xe6\x9c\xac.\xe3\x82\xaf\xe3\x83\xa9\xe3\x82\xb9",
};
static const char *const func_names[] = {
    "Program::Main",         "Program::Run",
    "System.String::Concat", "Tizen.Applications.CoreApplication::OnCreate",
    "Worker::Loop",          "System.Collections.Generic.List`1::Add",
    "Parser::ReadToken",     "Caf\xc3\xa9::R\xc3\xb6st",
};
static const char *const return_types[] = {"void", "int", "string",
                                           "System.Object", "bool"};
static const char *const signatures[] = {"()", "(string[])", "(int, string)",
                                         "(System.Object, bool)",
                                         "(ref int, out string)"};

static void rec(tl_gen *g, const char *tag)
{
    tgText_line(g->m, 0, TG_TEXT_EOL_LF);
    tgText_addz(g->m, tag);
}

static uint64_t tick(tl_gen *g)
{
    return g->clock += tgBytes_below(&g->rng, 20);
}

static uint64_t pointer(tl_gen *g)
{
    return 0x00007F0000000000ull | (tgBytes_next(&g->rng) & 0xFFFFFFFFF0ull);
}

static void id64(tl_gen *g, uint64_t v)
{
    tgText_addf(g->m, "0x%016llX", (unsigned long long)v);
}
static void id32(tl_gen *g, uint32_t v) { tgText_addf(g->m, "0x%08X", v); }
static void num(tl_gen *g, uint64_t v)
{
    tgText_addf(g->m, "%llu", (unsigned long long)v);
}
static void quoted(tl_gen *g, const char *s)
{
    tgText_addf(g->m, "\"%s\"", s);
}

/* A name in quotes: the plain one, or in the hostile style a hostile one
 * that a quoted string can hold (TL-A8: no '"', no line end). */
static void name(tl_gen *g, const char *plain)
{
    quoted(g, tgHostile_text(&g->hostile,
                             TG_HOSTILE_NO_QUOTE | TG_HOSTILE_NO_LINE_END,
                             plain));
}

static void start(tl_gen *g)
{
    rec(g, TL_TAG(PRF_STM));
    uint32_t r = tgBytes_below(&g->rng, 1000000);
    tgText_addf(g->m, "20%02u-%02u-%02u", 18 + r % 8, 1 + r % 12, 1 + r % 28);
    tgText_addf(g->m, "%02u:%02u:%02u.%03u", r % 24, r % 60, (r / 60) % 60,
                r % 1000);
    for (int s = 0; s < TL_NSETTINGS; s++) {
        rec(g, TL_TAG(PRF_CFG));
        tgText_addz(g->m, tl_settings[s].name);
        switch (tl_settings[s].kind) {
        case TL_SET_METHOD:
            tgText_addz(g->m, tl_methods[2]); /* Sampling: samples follow */
            break;
        case TL_SET_NUMBER: num(g, 10 + tgBytes_below(&g->rng, 90)); break;
        case TL_SET_SWITCH:
            tgText_addz(
                g->m, strcmp(tl_settings[s].name, "LineTraceEnabled") == 0
                          ? (g->ips ? "T" : "F")
                          : TG_BYTES_PICK(&g->rng,
                                          ((const char *const[]){"T", "F"})));
            break;
        }
    }
}

/* The application domain, an assembly and its module. */
static void load(tl_gen *g, const char *module)
{
    if (g->domain == 0 && !g->vstools) {
        g->domain = pointer(g);
        rec(g, TL_TAG(APD_CRF));
        id64(g, g->domain);
        id64(g, 0x1F90 + tgBytes_below(&g->rng, 0x1000));
        id32(g, 0);
        quoted(g, "DefaultDomain");
    }
    g->assembly = pointer(g);
    g->module = pointer(g);
    if (!g->vstools) { /* its name keeps its quotes in the readers */
        rec(g, TL_TAG(ASM_LDF));
        id64(g, g->assembly);
        id64(g, g->domain);
        id64(g, g->module);
        id32(g, 0);
        name(g, module);
    }
    rec(g, TL_TAG(MOD_LDF));
    id64(g, g->module);
    id64(g, pointer(g));
    id64(g, g->assembly);
    id32(g, 0);
    tgText_addf(g->m, "\"/opt/usr/apps/org.tizen.example/bin/%s.dll\"",
                tgHostile_text(&g->hostile,
                               TG_HOSTILE_NO_QUOTE | TG_HOSTILE_NO_LINE_END,
                               module));
    rec(g, TL_TAG(MOD_ATA));
    id64(g, g->module);
    id64(g, g->assembly);
}

static void thread_start(tl_gen *g)
{
    gen_thread *t = &g->th[g->nth++];
    memset(t, 0, sizeof *t);
    t->iid = g->next_thread++;
    t->id = pointer(g);
    rec(g, TL_TAG(THR_CRT));
    id64(g, t->id);
    id32(g, t->iid);
    rec(g, TL_TAG(THR_AOS));
    id32(g, t->iid);
    num(g, 4000 + t->iid * 7 + tgBytes_below(&g->rng, 7));
}

static void thread_end(tl_gen *g, unsigned i)
{
    rec(g, TL_TAG(THR_CPU));
    id32(g, g->th[i].iid);
    num(g, tick(g));
    num(g, tgBytes_below(&g->rng, 5000));
    if (!g->vstools) {
        rec(g, TL_TAG(THR_DST));
        id32(g, g->th[i].iid);
    }
    g->th[i] = g->th[--g->nth];
}

static void class_load(tl_gen *g)
{
    uint32_t iid = g->nclasses++;
    rec(g, TL_TAG(CLS_LDF));
    id64(g, pointer(g));
    id32(g, iid);
    id64(g, g->module);
    id32(g, 0x02000002 + iid);
    id32(g, 0);
    rec(g, TL_TAG(CLS_NAM));
    id32(g, iid);
    name(g, class_names[iid % (sizeof class_names / sizeof *class_names)]);
}

/* A function: compiled by the JIT (or found in the NGen cache) on a
 * thread, its code and IL map, its name. */
static void function(tl_gen *g, const gen_thread *t)
{
    uint32_t iid = g->nfuncs++;
    uint64_t fid = pointer(g), code = pointer(g);
    int cached = tgBytes_below(&g->rng, 4) == 0;
    if (!g->vstools) {
        rec(g, cached ? TL_TAG(JIT_CSS) : TL_TAG(JIT_CMS));
        id32(g, t->iid);
        num(g, tick(g));
        id64(g, fid);
    }
    rec(g, TL_TAG(FUN_INF));
    id32(g, iid);
    id64(g, fid);
    id64(g, pointer(g));
    id64(g, g->module);
    id32(g, 0x06000001 + iid);
    /* one of each kind at most: the 2019 reader skips every second of
     * adjacent items of one kind (TL-RDR-003) */
    if (tgBytes_below(&g->rng, 4))
        tgText_addf(g->m, "0x%016llX:0x%x", (unsigned long long)code,
                    16 + tgBytes_below(&g->rng, 4000));
    if (tgBytes_below(&g->rng, 2)) { /* one draw per statement: C leaves the
                                    order of arguments open */
        unsigned a = tgBytes_below(&g->rng, 40);
        unsigned b = tgBytes_below(&g->rng, 64);
        unsigned c = 64 + tgBytes_below(&g->rng, 64);
        tgText_addf(g->m, "0x%x:0x%x:0x%x", a, b, c);
    }
    if (!g->vstools) {
        rec(g, cached ? TL_TAG(JIT_CSF) : TL_TAG(JIT_CMF));
        id32(g, t->iid);
        num(g, tick(g));
        id64(g, fid);
        if (!cached)
            id32(g, 0);
    }
    rec(g, TL_TAG(FUN_NAM));
    id32(g, iid);
    name(g, func_names[iid % (sizeof func_names / sizeof *func_names)]);
    name(g, TG_BYTES_PICK(&g->rng, return_types));
    name(g, TG_BYTES_PICK(&g->rng, signatures));
}

/* A stack sample: keep a prefix of the thread's stack, push new frames
 * (the seed, "Stack Trace Sample"). */
static void stack_sample(tl_gen *g, gen_thread *t)
{
    uint32_t keep = tgBytes_below(&g->rng, t->depth + 1);
    /* typical: a sample pushes up to 12 frames, as a busy program's do */
    uint32_t push = tgBytes_below(&g->rng, g->typical ? 13 : 5);
    if (keep + push > MAX_DEPTH)
        push = MAX_DEPTH - keep;
    rec(g, TL_TAG(SAM_STR));
    id32(g, t->iid);
    num(g, tick(g));
    num(g, 1 + tgBytes_below(&g->rng, 3));
    /* the call point of the last kept frame, when it changed: ? when
     * it is not known */
    if (g->ips && keep > 0 && tgBytes_below(&g->rng, 5))
        tgText_addf(g->m, "%u:%u:0x%016llX", keep, t->depth,
                    (unsigned long long)pointer(g));
    else if (g->ips && keep > 0 && tgBytes_below(&g->rng, 2))
        tgText_addf(g->m, "%u:%u:?", keep, t->depth);
    else
        tgText_addf(g->m, "%u:%u", keep, t->depth);
    for (uint32_t i = 0; i < push; i++) {
        uint32_t f = tgBytes_below(&g->rng, g->nfuncs);
        t->stack[keep + i] = f;
        if (g->ips)
            tgText_addf(g->m, "0x%08X:0x%016llX", f,
                        (unsigned long long)pointer(g));
        else
            tgText_addf(g->m, "0x%08X", f);
    }
    t->depth = keep + push;
}

static void memory_sample(tl_gen *g, const gen_thread *t)
{
    rec(g, TL_TAG(SAM_MEM));
    id32(g, t->iid);
    num(g, tick(g));
    for (unsigned n = tgBytes_below(&g->rng, g->typical ? 12 : 4); n > 0;
         n--) {
        uint32_t c = tgBytes_below(&g->rng, g->nclasses);
        uint32_t count = 1 + tgBytes_below(&g->rng, 50);
        if (g->ips)
            tgText_addf(g->m, "0x%08X:%u:%u:0x%016llX", c, count, count * 24,
                        (unsigned long long)pointer(g));
        else
            tgText_addf(g->m, "0x%08X:%u:%u", c, count, count * 24);
    }
}

static void collection(tl_gen *g, const gen_thread *t)
{
    static const char *const gens[] = {"tfff", "ttff", "tttf", "tttt"};
    if (!g->vstools) {
        rec(g, TL_TAG(GCH_GCS));
        id32(g, t->iid);
        num(g, tick(g));
        tgText_addz(g->m, tgBytes_below(&g->rng, 3) ? "?" : "induced");
        tgText_addz(g->m, TG_BYTES_PICK(&g->rng, gens));
    }
    rec(g, TL_TAG(GCH_ALT));
    num(g, tick(g));
    for (unsigned n = 1 + tgBytes_below(&g->rng, 4); n > 0; n--) {
        uint32_t count = 1 + tgBytes_below(&g->rng, 500);
        tgText_addf(g->m, "0x%08X:%u:%u", tgBytes_below(&g->rng, g->nclasses),
                    count, count * 32);
    }
    if (!g->vstools) {
        rec(g, TL_TAG(GCH_GCF));
        id32(g, t->iid);
        num(g, tick(g));
    }
}

static void cpu(tl_gen *g)
{
    rec(g, TL_TAG(PRC_CPU));
    num(g, tick(g));
    num(g, tgBytes_below(&g->rng, 20000));
    for (unsigned i = 0; i < g->nth; i++) {
        rec(g, TL_TAG(THR_CPU));
        id32(g, g->th[i].iid);
        num(g, tick(g));
        num(g, tgBytes_below(&g->rng, 10000));
    }
}

/* A stretch of the run: samples on every thread, now and then a new
 * class or function, a collection, a thread that comes or goes. */
static void activity(tl_gen *g, unsigned rounds)
{
    for (unsigned r = 0; r < rounds; r++) {
        gen_thread *t = &g->th[tgBytes_below(&g->rng, g->nth)];
        unsigned what = tgBytes_below(&g->rng, 40);
        if (what == 0 && g->nclasses < MAX_CLASSES)
            class_load(g);
        else if (what == 1 && g->nfuncs < MAX_FUNCS)
            function(g, t);
        else if (what == 2)
            collection(g, t);
        else if (what == 3)
            cpu(g);
        else if (what == 4 && g->nth < MAX_THREADS)
            thread_start(g);
        else if (what == 5 && g->nth > 2)
            thread_end(g, 1 + tgBytes_below(&g->rng, g->nth - 1));
        else if (what < 12)
            memory_sample(g, t);
        else
            stack_sample(g, t);
    }
}

static void flush(tl_gen *g)
{
    if (g->out)
        tgText_flush(g->m, g->out);
}

int tl_generate(tgText_model *m, tgOut *out, int profile, int style,
                uint64_t seed, uint64_t min_size)
{
    tl_gen g;
    memset(&g, 0, sizeof g);
    g.rng.s = seed;
    g.m = m;
    g.out = out;
    g.vstools = profile == TL_PROFILE_VSTOOLS;
    g.hostile = tgHostile_start(style, seed);
    g.typical = style == TG_STYLE_TYPICAL;
    g.ips = seed % 2 == 1 && !g.vstools; /* either form is misread by one
                                            of the vstools readers */
    g.clock = tgBytes_below(&g.rng, 1000);
    start(&g);
    load(&g, "System.Private.CoreLib");
    thread_start(&g);
    thread_start(&g);
    for (int i = 0; i < 3; i++)
        class_load(&g);
    for (int i = 0; i < 4; i++)
        function(&g, &g.th[0]);
    load(&g, "org.tizen.example");
    thread_start(&g);
    activity(&g, 40);
    collection(&g, &g.th[0]);
    cpu(&g);
    rec(&g, TL_TAG(PRF_TPS));
    num(&g, tick(&g));
    rec(&g, TL_TAG(PRF_TRS));
    g.clock += 100;
    num(&g, tick(&g));
    activity(&g, 40);
    flush(&g);
    while (out && out->total < min_size && !out->failed && !m->failed) {
        activity(&g, 200);
        flush(&g);
    }
    thread_end(&g, g.nth - 1);
    flush(&g);
    return m->failed ? -1 : 0;
}

int tgTracelog_generate(int profile, int style, uint64_t seed,
                        uint64_t min_size, tgOut *out)
{
    tgText_model m;
    tl_model_init(&m);
    int r = tl_generate(&m, out, profile, style, seed, min_size);
    tgText_model_free(&m);
    return r;
}
