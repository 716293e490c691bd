/* generate.c - valid AFPerf v1 files from a seed.
 *
 * Canonical: only what the seed requires and what a strict reader
 * accepts, so no finding at all under the profile asked for (no
 * hexadecimal ids, no blank SectionInfo timestamps, no raw aggregate
 * with an aggregation type, unique region, section and interval ids, and
 * measurement type ids of their own in each run).  Within that, as much
 * of the format as a file can hold: several runs behind repeated
 * headers, every record type, names and numeric ids for the type, nested
 * regions, sections with overlapping intervals, processed and raw
 * aggregates, values of every datatype (inf, nan, exponents, hex
 * floats), quoted fields with commas, quotes and line ends, comments, a
 * run whose records leave their ids blank in block order, CRLF files.
 * With a size, region windows stream on until the file is that long.
 *
 * Under artificer-compat the file leaves out every legal form the
 * Artificer reader throws on or misreads (spec/afperf.md "The Artificer
 * reader"): no blank id it parses, no value of a string or enum type (the
 * types are still registered), no number stod cannot hold, no region
 * data outside its open region, no processed RunAggregate (its run
 * id would be blank), and no empty field in quotes. */
#include <stdio.h>
#include <string.h>

#include "../../core/bytes.h"
#include "../../core/corpus/hostile.h"
#include "model.h"

typedef struct af_gen {
    tgBytes_rng rng;
    tgText_model *m;
    tgOut *out; /* streaming: lines are written and forgotten */
    enum tgText_eol eol;
    int artificer;           /* the artificer-compat profile            */
    uint64_t clock;          /* timestamps of the current run           */
    uint64_t run;            /* its id                                  */
    uint64_t mt_base;        /* its measurement type ids: mt_base + index */
    int blank;               /* its data records leave their ids blank  */
    uint64_t region;         /* next region id                          */
    uint64_t section;        /* next section id                         */
    const char *units;       /* its timestamp units                     */
    tgHostile_style hostile; /* free text from core/corpus/hostile.h    */
    int typical;             /* more pairs a record (TG_STYLE_TYPICAL)  */
} af_gen;

/* The measurement types of every run: id = the run's mt_base + index.
 * Units as the seed pairs them (spec/afperf.md T-2): text with string
 * only, count with the numbers; an enum has a data unit. */
static const struct {
    const char *name;
    enum af_datatype dt;
    const char *units; /* NULL: the run's timestamp units */
} mtypes[] = {
    {"Total time", AF_DT_INT64, NULL},       {"Calls", AF_DT_INT32, "count"},
    {"Load", AF_DT_DOUBLE, "count"},         {"Cached", AF_DT_BOOL, "count"},
    {"Host", AF_DT_STRING, "text"},          {"Page size", AF_DT_ENUM, "KiB"},
    {"Resident memory", AF_DT_INT64, "KiB"},
};
#define NMTYPES (sizeof mtypes / sizeof mtypes[0])

/* Free text: the plain one, or in the hostile style a hostile one (any
 * text is valid in a quoted field). */
static void text(af_gen *g, const char *plain)
{
    tgText_addz(g->m, tgHostile_text(&g->hostile, 0, plain));
}

static uint64_t tick(af_gen *g)
{
    return g->clock += 1 + tgBytes_below(&g->rng, 50);
}

static void record(af_gen *g, enum af_type t)
{
    tgText_line(g->m, 0, g->eol);
    /* the type by name or by id: both are the format */
    if (tgBytes_below(&g->rng, 2))
        tgText_addz(g->m, af_records[t].name);
    else
        tgText_addf(g->m, "%d", (int)t);
}

static void num(af_gen *g, uint64_t v)
{
    tgText_addf(g->m, "%llu", (unsigned long long)v);
}

/* an id, or blank in a run that leaves them blank */
static void id(af_gen *g, uint64_t v)
{
    if (g->blank)
        tgText_add(g->m, "", 0, TG_TEXT_AS_NEEDED);
    else
        num(g, v);
}

static void value(af_gen *g, size_t mt)
{
    static const char *const doubles[] = {"0.531", "3.445e7", "-0.25", "inf",
                                          "nan",   "0x1p3",   "1E-3",  "42"};
    static const char *const hosts[] = {"node-7", "rack 3, slot 2",
                                        "a \"quoted\" word", "caf\xc3\xa9"};
    static const char *const pages[] = {"4", "16", "64"};
    /* numbers at their datatype's limits; a double holds neither 2^63 - 1
     * nor 4.9e-324 as written, so Artificer (stod) misreads them: under
     * its profile the limits are ones a double holds */
    static const char *const limits[][2][3] = {
        [AF_DT_INT64] = {{"9223372036854775807", "-9223372036854775808", "0"},
                         {"9007199254740992", "-9223372036854775808", "0"}},
        [AF_DT_INT32] = {{"2147483647", "-2147483648", "-0"},
                         {"2147483647", "-2147483648", "-0"}},
        [AF_DT_DOUBLE] = {{"1.7976931348623157e308", "4.9e-324", "-0.0"},
                          {"1.7976931348623157e308", "0x1p-1074", "-0.0"}},
    };
    enum af_datatype dt = mtypes[mt].dt;
    if (g->hostile.on && dt < sizeof limits / sizeof limits[0] &&
        limits[dt][0][0] && tgBytes_below(&g->rng, 2)) {
        tgText_addz(g->m, limits[dt][g->artificer][tgBytes_below(&g->rng, 3)]);
        return;
    }
    switch (dt) {
    case AF_DT_INT64: num(g, tgBytes_next(&g->rng) >> 24); break;
    case AF_DT_INT32:
        tgText_addf(g->m, "%d",
                    (int)tgBytes_below(&g->rng, 2000000) - 1000000);
        break;
    case AF_DT_DOUBLE:
        tgText_addz(g->m, TG_BYTES_PICK(&g->rng, doubles));
        break;
    case AF_DT_BOOL:
        tgText_addz(g->m, tgBytes_below(&g->rng, 2) ? "1" : "0");
        break;
    case AF_DT_STRING: text(g, TG_BYTES_PICK(&g->rng, hosts)); break;
    default: tgText_addz(g->m, TG_BYTES_PICK(&g->rng, pages)); break;
    }
}

/* one to three measurement pairs; in the typical style three to ten, as
 * a simulation that measures several things at each point writes.
 * Artificer reads every value as a number: under its profile, values of
 * the numeric types only. */
static void pairs(af_gen *g, int one)
{
    unsigned n = one          ? 1
                 : g->typical ? 3 + tgBytes_below(&g->rng, 8)
                              : 1 + tgBytes_below(&g->rng, 3);
    for (unsigned i = 0; i < n; i++) {
        size_t mt = tgBytes_below(&g->rng, NMTYPES);
        while (g->artificer &&
               (mtypes[mt].dt == AF_DT_STRING || mtypes[mt].dt == AF_DT_ENUM))
            mt = (mt + 1) % NMTYPES;
        num(g, g->mt_base + mt);
        value(g, mt);
    }
}

static void label(af_gen *g)
{
    static const char *const labels[] = {
        "main loop", "parse, then check",    "a \"quoted\" word", "two\nlines",
        "tab\there", "caf\xc3\xa9 \xce\xbc", "  padded  ",        "x",
        "",
    };
    const char *s =
        tgHostile_text(&g->hostile, 0, TG_BYTES_PICK(&g->rng, labels));
    /* a field that needs no quotes may still have them, but not an empty
     * one under artificer-compat: Artificer never closes "" */
    int quoted = !tgBytes_below(&g->rng, 4) && !(g->artificer && *s == '\0');
    tgText_add(g->m, s, strlen(s),
               quoted ? TG_TEXT_QUOTED : TG_TEXT_AS_NEEDED);
}

static void tags(af_gen *g)
{
    static const char *const t[] = {"", "platform=F15;component=sensor",
                                    "user=a=b", "k="};
    tgText_addz(g->m, TG_BYTES_PICK(&g->rng, t));
}

static void comment(af_gen *g, const char *text)
{
    tgText_line(g->m, 1, g->eol);
    tgText_addz(g->m, text);
}

static void run_info(af_gen *g)
{
    static const char *const units[] = {"s", "ms", "us", "ns"};
    g->units = TG_BYTES_PICK(&g->rng, units);
    g->run = tgBytes_next(&g->rng) | 1; /* the writer's ids span 64 bits */
    record(g, AF_T_RUN_INFO);
    num(g, g->clock);
    tgText_addz(g->m, g->units);
    /* one draw per statement: C leaves the order of arguments open, and
     * the same seed must give the same bytes whatever the compiler */
    unsigned seconds = 1600000000u + tgBytes_below(&g->rng, 100000000);
    unsigned micros = tgBytes_below(&g->rng, 1000000);
    tgText_addf(g->m, "%u.%06u", seconds, micros);
    tgText_addz(g->m, "1.0.0");
    num(g, g->run);
    text(g, "tracegate, generator");
    tgText_addz(g->m, "1.2.3");
    tags(g);
}

static void measurement_types(af_gen *g)
{
    for (size_t i = 0; i < NMTYPES; i++) {
        record(g, AF_T_MEASUREMENT_TYPE);
        num(g, tick(g));
        id(g, g->run);
        num(g, g->mt_base + i);
        tgText_addz(g->m, mtypes[i].name);
        tgText_addz(g->m, af_datatypes[mtypes[i].dt]);
        tgText_addz(g->m, mtypes[i].units ? mtypes[i].units : g->units);
        text(g, i % 2 ? "" : "what it measures");
        text(g, i % 3 ? "" : "Some further elaboration, with a comma");
    }
}

static void run_points(af_gen *g)
{
    for (unsigned i = 1 + tgBytes_below(&g->rng, 3); i > 0; i--) {
        record(g, AF_T_RUN_POINT);
        num(g, tick(g));
        id(g, g->run);
        pairs(g, 1);
    }
}

static void aggregate_times(af_gen *g, uint64_t start)
{
    num(g, tick(g)); /* end */
    num(g, start);
}

/* RegionStart or SectionInfo: timestamp, run id, its own id, label,
 * tags. */
static void opener(af_gen *g, enum af_type t, uint64_t ts, uint64_t own)
{
    record(g, t);
    num(g, ts);
    id(g, g->run);
    id(g, own);
    label(g);
    tags(g);
}

/* A region's raw aggregate, from its start to now. */
static void region_aggregate(af_gen *g, uint64_t r, uint64_t start)
{
    record(g, AF_T_REGION_AGGREGATE);
    aggregate_times(g, start);
    num(g, r);
    tgText_add(g->m, "", 0, TG_TEXT_AS_NEEDED); /* raw: no aggregation type */
    pairs(g, 0);
}

/* A region, its points, maybe a nested one, and its aggregate: after
 * its RegionStop, the end point and the aggregate (what the region's end
 * measures, in the block its RegionStop opens); for Artificer, which
 * matches region data to open regions only, the aggregate before it. */
static void region(af_gen *g, unsigned depth)
{
    uint64_t r = g->region++, start = tick(g);
    opener(g, AF_T_REGION_START, start, r);
    record(g, AF_T_REGION_POINT);
    num(g, tick(g));
    id(g, r);
    pairs(g, 0);
    /* the outermost always nests one: mutants need an open outer region */
    if (depth > 1)
        for (unsigned i = (depth == 3) + tgBytes_below(&g->rng, 2); i > 0; i--)
            region(g, depth - 1);
    if (g->artificer)
        region_aggregate(g, r, start);
    record(g, AF_T_REGION_STOP);
    num(g, tick(g));
    id(g, r);
    if (g->artificer)
        return;
    record(g, AF_T_REGION_POINT);
    num(g, g->clock);
    id(g, r);
    pairs(g, 0);
    if (!g->blank) /* a raw aggregate needs its id */
        region_aggregate(g, r, start);
}

/* The fields a SectionStart, SectionPoint and SectionStop begin with. */
static void interval(af_gen *g, enum af_type t, uint64_t ts, uint64_t s,
                     unsigned i)
{
    record(g, t);
    num(g, ts);
    num(g, s);
    num(g, i);
}

static void section(af_gen *g)
{
    uint64_t s = g->section++, start = tick(g);
    opener(g, AF_T_SECTION_INFO, start, s);
    unsigned n = 1 + tgBytes_below(&g->rng, 3);
    /* intervals 1..n open together, then close: they overlap */
    for (unsigned i = 1; i <= n; i++) {
        interval(g, AF_T_SECTION_START, tick(g), s, i);
        interval(g, AF_T_SECTION_POINT, g->clock, s, i);
        pairs(g, 0);
    }
    for (unsigned i = 1; i <= n; i++) {
        interval(g, AF_T_SECTION_STOP, tick(g), s, i);
        record(g, AF_T_SECTION_AGGREGATE);
        aggregate_times(g, start);
        num(g, s);
        num(g, i);
        tgText_add(g->m, "", 0, TG_TEXT_AS_NEEDED);
        pairs(g, 0);
    }
    /* processed: no record id, no interval id, an aggregation type */
    record(g, AF_T_SECTION_AGGREGATE);
    aggregate_times(g, start);
    tgText_add(g->m, "", 0, TG_TEXT_AS_NEEDED);
    tgText_add(g->m, "", 0, TG_TEXT_AS_NEEDED);
    tgText_addz(g->m, "total");
    pairs(g, 0);
}

static void run(af_gen *g, int blank)
{
    g->blank = 0;
    run_info(g);
    g->blank = blank; /* blank run ids: the last RunInfo's */
    measurement_types(g);
    g->blank = 0;
    run_points(g);
    record(g, AF_T_RUN_AGGREGATE);
    aggregate_times(g, g->clock);
    num(g, g->run);
    tgText_add(g->m, "", 0, TG_TEXT_AS_NEEDED);
    pairs(g, 0);
    g->blank = blank;
    for (unsigned i = 1 + tgBytes_below(&g->rng, 2); i > 0; i--)
        region(g, 3);
    g->blank = 0;
    section(g);
    uint64_t pause = tick(g);
    record(g, AF_T_PAUSE_RESUME);
    num(g, tick(g));
    num(g, pause);
    num(g, g->run);
    if (g->artificer)
        return; /* a processed RunAggregate's run id is blank */
    record(g, AF_T_RUN_AGGREGATE);
    aggregate_times(g, pause);
    tgText_add(g->m, "", 0, TG_TEXT_AS_NEEDED);
    tgText_addz(g->m, "mean");
    pairs(g, 0);
}

static void flush(af_gen *g)
{
    if (g->out)
        tgText_flush(g->m, g->out);
}

/* The whole file into m, or streamed to out when out is not NULL. */
int af_generate(tgText_model *m, tgOut *out, int profile, int style,
                uint64_t seed, uint64_t min_size)
{
    af_gen g;
    memset(&g, 0, sizeof g);
    g.artificer = profile == AF_PROFILE_ARTIFICER;
    g.rng.s = seed;
    g.m = m;
    g.out = out;
    g.hostile = tgHostile_start(style, seed);
    g.typical = style == TG_STYLE_TYPICAL;
    g.eol = seed % 4 == 2 ? TG_TEXT_EOL_CRLF : TG_TEXT_EOL_LF;
    g.clock = 1000 + tgBytes_below(&g.rng, 100000);
    unsigned runs = 2 + tgBytes_below(&g.rng, 2);
    for (unsigned r = 0; r < runs; r++) {
        tgText_line(m, 1, g.eol);
        tgText_addz(m, AF_HEADER);
        if (r == 0)
            comment(&g, "# tracegate generator: a valid AFPerf v1 file");
        /* the first run of every third seed leaves ids blank (none
         * under artificer-compat: Artificer throws on the ones it reads) */
        g.mt_base = r * NMTYPES;
        run(&g, r == 0 && seed % 3 == 0 && !g.artificer);
        flush(&g);
    }
    while (out && out->total < min_size && !out->failed && !m->failed) {
        region(&g, 3);
        flush(&g);
    }
    return m->failed ? -1 : 0;
}

int tgAfperf_generate(int profile, int style, uint64_t seed, uint64_t min_size,
                      tgOut *out)
{
    tgText_model m;
    af_model_init(&m);
    int r = af_generate(&m, out, profile, style, seed, min_size);
    tgText_model_free(&m);
    return r;
}
