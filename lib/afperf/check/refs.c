/* refs.c - what records mean across the file: runs and their version
 * epochs, measurement types and the datatype of every value, regions as
 * a stack, section intervals, blank-id block ordering (AF-A14), and the
 * references that must resolve by the end of the file (AF-A23).
 *
 * Ordering is relaxed: a value may come before its MeasurementType, a
 * RunPoint before its RunInfo.  What a later record may settle is kept
 * per (owner, measurement type) as the first value each datatype would
 * refuse, never as the values themselves; memory follows the number of
 * distinct ids, and every map stops at --max-live (AF-LIM-001). */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/mem.h"
#include "check.h"

/* the value of a run, region or section id in its map */
typedef struct af_id {
    uint32_t idx;     /* dense index: the owner part of pair keys */
    uint32_t site;    /* first reference (k->sites), +1; 0 = none */
    uint32_t defined; /* RunInfo / RegionStart / SectionInfo seen  */
    uint8_t run_known, fc, epoch_bad;
    uint32_t epoch; /* version headers before its first record */
    uint64_t run;   /* regions, sections: the run they belong to */
} af_id;
TG_IDMAP_VALUE_FITS(af_id);

/* what is kept of values whose datatype is not known yet */
#define AF_TEXT 24
typedef struct af_pending {
    uint64_t owner, mtype;       /* the owner's id and the measurement type */
    int kind;                    /* AF_DATA_RUN, _REGION or _SECTION        */
    uint32_t first;              /* site of its first value (k->sites)      */
    unsigned refused;            /* datatypes some value did not fit        */
    uint32_t bad[AF_NDATATYPES]; /* site of that value       */
    char text[AF_NDATATYPES][AF_TEXT]; /* and its start            */
    uint32_t spaced;      /* the first number with white space around */
    unsigned spaced_fits; /* the datatypes it fits                    */
    char spaced_text[AF_TEXT];
    uint32_t art[AF_NDATATYPES]; /* the first value Artificer misreads
                                    as a double or an int64 (AF-ART-003) */
} af_pending;

/* a kept site: where, and the path of the record */
typedef struct af_kept {
    af_site at;
    uint64_t record;
    int type;
    unsigned char field; /* enum af_field */
    uint32_t next_free;  /* a released slot: the next one, +1 */
} af_kept;

/* ---- set-up and limits ----------------------------------------------- */

void af_refs_init(af_check *k)
{
    uint64_t lim = k->c->limits[TG_LIMIT_LIVE_OBJECTS];
    tgIdmap_init(&k->runs, sizeof(af_id), lim);
    tgIdmap_init(&k->regions, sizeof(af_id), lim);
    tgRanges_init(&k->started, lim);
    tgIdmap_init(&k->sections, sizeof(af_id), lim);
    tgIdmap_init(&k->mtypes, sizeof(af_id), lim);
    tgIdmap_init(&k->intervals, sizeof(uint32_t), lim);
    tgIdmap_init(&k->open_intervals, sizeof(af_region), lim);
    tgIdmap_init(&k->defs, sizeof(uint32_t), lim);
    tgRanges_init(&k->used_intervals, lim);
    for (int i = 0; i < 3; i++)
        tgIdmap_init(&k->pend[i], sizeof(uint32_t), lim);
    k->tracking = 1;
}

void af_refs_free(af_check *k)
{
    tgIdmap_free(&k->runs);
    tgIdmap_free(&k->regions);
    tgRanges_free(&k->started);
    tgIdmap_free(&k->sections);
    tgIdmap_free(&k->mtypes);
    tgIdmap_free(&k->intervals);
    tgIdmap_free(&k->open_intervals);
    tgIdmap_free(&k->defs);
    tgRanges_free(&k->used_intervals);
    for (int i = 0; i < 3; i++)
        tgIdmap_free(&k->pend[i]);
    tgMem_free(k->pending);
    tgMem_free(k->sites);
    tgMem_free(k->stack);
}

void af_limit(af_check *k, uint64_t at, const char *what)
{
    if (!k->tracking)
        return;
    char exp[96];
    /* a limit is said whatever the record it is met in */
    int quiet = k->quiet;
    k->quiet = 0;
    af_report(k, AF_LIMIT_LIVE, at, 0, "",
              tgEngine_limit_text(k->c, TG_LIMIT_LIVE_OBJECTS, what, exp,
                                  sizeof exp),
              "one more");
    k->quiet = quiet;
    k->tracking = 0;
}

/* Grow *p (of *cap elements of size) to hold n + 1, within --max-live. */
static int room(af_check *k, void **p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return 1;
    size_t want = *cap ? 2 * *cap : 64;
    if (n >= k->c->limits[TG_LIMIT_LIVE_OBJECTS] || want > SIZE_MAX / size)
        return 0;
    void *q = tgMem_realloc(*p, want * size);
    if (q == NULL)
        return 0;
    *p = q;
    *cap = want;
    return 1;
}

/* Keep the site of field `field` (at, len) of the current record;
 * @return its number + 1, or 0 when it cannot be kept. */
static uint32_t keep(af_check *k, unsigned field, uint64_t at, uint64_t len)
{
    uint32_t site = k->free_site;
    if (site) { /* one an interval or region that closed gave back */
        k->free_site = k->sites[site - 1].next_free;
    } else if (!room(k, (void **)&k->sites, &k->cap_sites, k->nsites,
                     sizeof *k->sites) ||
               k->nsites >= UINT32_MAX - 1) {
        af_limit(k, at, "kept references");
        return 0;
    } else {
        site = (uint32_t)++k->nsites;
    }
    af_kept *s = &k->sites[site - 1];
    s->at = af_site_of(k, at, len);
    s->record = k->record;
    s->type = k->type;
    s->field = (unsigned char)field;
    return site;
}

/* A site kept for what is open no more: its slot serves the next keep(),
 * so memory follows what is open, not what ever was. */
static void release(af_check *k, uint32_t site)
{
    if (site == 0)
        return;
    k->sites[site - 1].next_free = k->free_site;
    k->free_site = site;
}

static void report_kept(af_check *k, size_t rule, uint32_t site,
                        const char *exp, const char *found)
{
    if (site == 0)
        return;
    const af_kept *s = &k->sites[site - 1];
    char path[96];
    af_report_site(k, rule, &s->at,
                   TG_ENGINE_TEXT(k->c, rule, path,
                                  "/record[%" PRIu64 "]{%s}/%s", s->record,
                                  af_records[s->type].name,
                                  af_fields[s->field].name),
                   exp, found);
}

/* The entry of id in map m (runs, regions, sections, mtypes), created
 * with the next dense index; NULL when not tracked. */
static af_id *id_entry(af_check *k, tgIdmap *m, uint32_t *count, uint64_t id,
                       const char *what)
{
    if (!k->tracking)
        return NULL;
    int st;
    af_id *e = tgIdmap_insert(m, id, &st);
    if (e == NULL) {
        af_limit(k, k->rec_at, what);
        return NULL;
    }
    if (st == 1) {
        e->idx = (*count)++;
        e->epoch = (uint32_t)k->headers;
    }
    return e;
}

static int has(const af_check *k, enum af_field f)
{
    return (k->present >> f & 1) && k->val[f].ok; /* not blank, then */
}

static int blank(const af_check *k, enum af_field f)
{
    return (k->present >> f & 1) && k->val[f].blank;
}

/* ---- runs ------------------------------------------------------------ */

/* A run named by the current record's field `field`. */
static af_id *run_ref(af_check *k, enum af_field field, uint64_t id)
{
    af_id *r = id_entry(k, &k->runs, &k->nruns, id, "run ids");
    if (r == NULL)
        return NULL;
    if (r->site == 0)
        r->site = keep(k, field, k->val[field].at.at, k->val[field].at.len);
    if (r->epoch != k->headers && !r->epoch_bad) {
        /* reported at the header that the run's records straddle */
        r->epoch_bad = 1;
        char exp[64], found[64];
        snprintf(exp, sizeof exp, "no record of run %" PRIu64 " after it", id);
        snprintf(found, sizeof found, "one at byte %" PRIu64, k->rec_at);
        af_report_site(k, AF_HDR_BOUNDARY, &k->header_site, k->header_path,
                       exp, found);
    }
    return r;
}

/* The run of the current record: its run id field, else the block it is
 * in, else the last RunInfo.  @return 1 and *run, or 0 if unknown. */
static int record_run(af_check *k, enum af_field field, uint64_t *run)
{
    if (has(k, field)) {
        *run = k->val[field].u;
        return 1;
    }
    if (k->block.run_known) {
        *run = k->block.run;
        return 1;
    }
    *run = k->last_run;
    return k->last_run_known;
}

/* ---- block ordering (AF-A14) ----------------------------------------- */

static void need_block(af_check *k, enum af_field field, enum af_role opens)
{
    if (k->block.role == opens)
        return;
    static const char *const opener[] = {
        [AF_OPENS_RUN] = "RunInfo",
        [AF_OPENS_REGION] = "RegionStart or RegionStop",
        [AF_OPENS_SECTION] = "SectionStart or SectionStop"};
    char exp[96];
    af_report(k, AF_ORDER_BLOCK, k->val[field].at.at, 0, af_fields[field].name,
              TG_ENGINE_TEXT(k->c, AF_ORDER_BLOCK, exp,
                             "the record right after its %s, or an id",
                             opener[opens]),
              k->block.role == AF_OTHER ? "another record before it"
                                        : "the block of another kind");
}

static void open_block(af_check *k, enum af_role role, enum af_field field,
                       int run_known, uint64_t run)
{
    k->block.role = role;
    k->block.has_id = has(k, field);
    k->block.id = k->val[field].u;
    k->block.run_known = run_known;
    k->block.run = run;
}

/* ---- measurement types and values ------------------------------------ */

/* The datatypes whose values are numbers (AF-MT-004, T-2). */
static int numeric(int dt)
{
    return dt == AF_DT_DOUBLE || dt == AF_DT_INT32 || dt == AF_DT_INT64 ||
           dt == AF_DT_BOOL;
}

/* The start of a value, for a finding said when its datatype is known:
 * at most AF_TEXT - 1 bytes, NUL-terminated. */
static void keep_text(char to[AF_TEXT], const unsigned char *p, size_t n)
{
    size_t m = n < AF_TEXT - 1 ? n : AF_TEXT - 1;
    memcpy(to, p, m);
    to[m] = '\0';
}

/* Whether a value has white space around it, and more (T-10). */
static int spaced(const unsigned char *p, size_t n)
{
    return af_trim(&p, &n) && n > 0;
}

static uint64_t pair_key(uint32_t owner, uint32_t mtype)
{
    return (uint64_t)owner << 32 | mtype;
}

static void value_refused(af_check *k, int dt, uint64_t at, uint64_t len,
                          const char *text, size_t n)
{
    char exp[48], found[64];
    af_report(k, AF_VALUE_TYPE, at, len, "value",
              TG_ENGINE_TEXT(k->c, AF_VALUE_TYPE, exp,
                             "a value of datatype %s", af_datatypes[dt]),
              TG_ENGINE_QUOTED(k->c, AF_VALUE_TYPE,
                               (const unsigned char *)text, n, found));
}

/* ---- regions ---------------------------------------------------------- */

/* Region ids started so far, with their run, as ranges (ids a writer
 * gives out in order are one range, however many).  Regions whose run is
 * unknown (a blank run id before any RunInfo, AF-ORD-001) count as run 0.
 * @return 1 added, 0 started before, -1 not tracked (the limit). */
static int region_started(af_check *k, uint64_t id, uint64_t run)
{
    int r = tgRanges_add_id(&k->started, id, run);
    if (r < 0)
        af_limit(k, k->rec_at, "ranges of started region ids");
    return r;
}

/* Whether region id was started, and its run: from the range of started
 * ids last found, which stays right (ranges of the set only grow, each
 * keeping its run), else from the set. */
static int region_run(af_check *k, uint64_t id, uint64_t *run)
{
    if (k->near_region.ok && id - k->near_region.first <=
                                 k->near_region.last - k->near_region.first) {
        *run = k->near_region.run;
        return 1;
    }
    const tgRanges_node *n = tgRanges_find(&k->started, id);
    *run = n ? n->value : 0;
    if (n) {
        k->near_region.first = n->first;
        k->near_region.last = n->last;
        k->near_region.run = n->value;
        k->near_region.ok = 1;
    }
    return n != NULL;
}

typedef af_owner owner;

static inline __attribute__((always_inline)) owner owner_of(af_check *k, int t)
{
    owner o = {0, 0, 0, 0, UINT32_MAX};
    enum af_role role = af_records[t].role;
    enum af_field idf = role == AF_DATA_RUN      ? AF_F_RUN
                        : role == AF_DATA_REGION ? AF_F_REGION
                                                 : AF_F_SECTION;
    if (k->present >> AF_F_RECORD & 1) { /* an aggregate */
        if (!has(k, AF_F_RECORD)) {      /* processed: the run's */
            o.kind = AF_DATA_RUN;
            o.run_known = record_run(k, AF_F_RUN, &o.run);
            o.id = o.run;
            if (!o.run_known)
                o.kind = 0;
            return o;
        }
        idf = AF_F_RECORD;
    }
    o.kind = (int)role;
    if (has(k, idf)) {
        o.id = k->val[idf].u;
    } else if (k->block.has_id) {
        o.id = k->block.id;
    } else if (role == AF_DATA_RUN && k->block.run_known) {
        o.id = k->block.run;
    } else {
        o.kind = 0; /* ids are not used: checked against the block */
        o.run_known = k->block.run_known;
        o.run = k->block.run;
        return o;
    }
    if (role == AF_DATA_RUN) {
        o.run_known = 1;
        o.run = o.id;
    } else if (role == AF_DATA_REGION) {
        o.run_known = region_run(k, o.id, &o.run);
    } else {
        af_id *e = tgIdmap_find(&k->sections, o.id);
        o.run_known = e && e->run_known;
        o.run = e ? e->run : 0;
    }
    return o;
}

/* The owner of the values of the current record, of type t, found once
 * per record: a record of many pairs looks its owner and run up once. */
static inline __attribute__((always_inline)) void owner_found(af_check *k,
                                                              int t)
{
    k->owner = owner_of(k, t);
    /* a run's dense index never changes: the last one found is kept */
    if (!k->owner.run_known) {
        k->owner.run_idx = UINT32_MAX;
    } else if (k->near_run.ok && k->near_run.id == k->owner.run) {
        k->owner.run_idx = k->near_run.idx;
    } else {
        af_id *r = tgIdmap_find(&k->runs, k->owner.run);
        k->owner.run_idx = r ? r->idx : UINT32_MAX;
        if (r) {
            k->near_run.id = k->owner.run;
            k->near_run.idx = r->idx;
            k->near_run.ok = 1;
        }
    }
    k->owner_for = k->record + 1;
}

/* owner_found() out of line, so that the per-value path
 * (af_refs_value()) stays small: for a record whose owner was not found
 * when it was read (data_record() finds it) */
static __attribute__((noinline)) void find_owner(af_check *k)
{
    owner_found(k, k->type);
}

static inline const owner *record_owner(af_check *k)
{
    if (k->owner_for != k->record + 1)
        find_owner(k);
    return &k->owner;
}

/* The datatype (run, mtype) is registered with: AF_DT_NONE if its
 * MeasurementType had none we know (reported there), -1 if there is no
 * such MeasurementType (yet).  The run is given by its dense index
 * (UINT32_MAX: none), and the answer comes through a small direct-mapped
 * cache: a file has few (run, measurement
 * type) pairs and looks each up once per value.  A MeasurementType
 * empties the cache (measurement_type()). */
static __attribute__((noinline)) int run_datatype_miss(af_check *k,
                                                       af_dt_cache *c,
                                                       uint32_t run_idx,
                                                       uint64_t mtype)
{
    af_id *m = tgIdmap_find(&k->mtypes, mtype);
    uint32_t *d = m ? tgIdmap_find(&k->defs, pair_key(run_idx, m->idx)) : NULL;
    int dt = d ? (int)*d : -1;
    if (dt >= 0) { /* "not yet" is not kept: a later record may define it */
        c->run_idx = run_idx + 1;
        c->mtype = mtype;
        c->dt = dt;
    }
    return dt;
}

static inline int run_datatype(af_check *k, uint32_t run_idx, uint64_t mtype)
{
    if (run_idx == UINT32_MAX)
        return -1;
    af_dt_cache *c =
        &k->dt_cache[(mtype * 0x9E3779B97F4A7C15ull ^ run_idx) % AF_DT_CACHE];
    if (c->run_idx == run_idx + 1 && c->mtype == mtype)
        return c->dt;
    return run_datatype_miss(k, c, run_idx, mtype);
}

/* A value whose datatype is not known yet (the MeasurementType comes
 * later, or the run is not known): what each datatype would refuse of
 * it is kept, per (owner, mtype), and settled at the end of the file. */
static __attribute__((noinline)) void
pending_value(af_check *k, owner o, uint64_t mtype, const af_fld *v,
              const unsigned char *p, size_t n)
{
    if (o.kind == 0 && !o.run_known)
        return; /* nothing to resolve it by */
    /* settled at the end of the file */
    tgIdmap *ids = o.kind == AF_DATA_REGION    ? &k->regions
                   : o.kind == AF_DATA_SECTION ? &k->sections
                                               : &k->runs;
    uint32_t *count = o.kind == AF_DATA_REGION    ? &k->nregions
                      : o.kind == AF_DATA_SECTION ? &k->nsections
                                                  : &k->nruns;
    uint64_t oid = o.kind ? o.id : o.run;
    int kind = o.kind ? o.kind : AF_DATA_RUN;
    af_id *e = id_entry(k, ids, count, oid, "ids");
    af_id *m = id_entry(k, &k->mtypes, &k->nmtypes, mtype, "ids");
    if (e == NULL || m == NULL)
        return;
    int st;
    uint32_t *slot = tgIdmap_insert(&k->pend[kind - AF_DATA_RUN],
                                    pair_key(e->idx, m->idx), &st);
    if (slot == NULL) {
        af_limit(k, v->at, "pending values");
        return;
    }
    if (st == 1) {
        if (!room(k, (void **)&k->pending, &k->cap_pending, k->npending,
                  sizeof *k->pending)) {
            af_limit(k, v->at, "pending values");
            return;
        }
        af_pending *q = &k->pending[k->npending];
        memset(q, 0, sizeof *q);
        q->owner = oid;
        q->mtype = mtype;
        q->kind = kind;
        q->first = keep(k, AF_F_VALUE, v->at, v->n);
        *slot = (uint32_t)k->npending++;
    }
    af_pending *q = &k->pending[*slot];
    unsigned fits = af_value_fits(p, n);
    if (q->spaced == 0 && spaced(p, n)) {
        q->spaced = keep(k, AF_F_VALUE, v->at, v->n);
        q->spaced_fits = fits;
        keep_text(q->spaced_text, p, n);
    }
    for (int dt = AF_DT_DOUBLE; k->art && dt <= AF_DT_INT64; dt++)
        if (q->art[dt] == 0 && (fits >> dt & 1) && af_art_misread(p, n, dt))
            q->art[dt] = keep(k, AF_F_VALUE, v->at, v->n);
    unsigned refused =
        ~fits & ~q->refused & ((1u << AF_NDATATYPES) - 2); /* not AF_DT_NONE */
    for (int dt = 1; dt < AF_NDATATYPES; dt++) {
        if (!(refused >> dt & 1))
            continue;
        q->refused |= 1u << dt;
        q->bad[dt] = keep(k, AF_F_VALUE, v->at, v->n);
        keep_text(q->text[dt], p, n);
    }
}

/* A value of datatype dt, known when the value is read: whether it is
 * one (AF-VAL-001), white space around a number (AF-FLT-002), and what
 * Artificer's stod makes of it (AF-ART-003). */
static __attribute__((noinline)) void value_of(af_check *k, int dt,
                                               const af_fld *v,
                                               const unsigned char *p,
                                               size_t n)
{
    const char *misread;
    if (!af_value_is(p, n, dt)) {
        if (af_open_end(k, v) && af_value_start(p, n, dt))
            /* a last record cut inside its last value (T-1) */
            af_cut(k, "the rest of the record",
                   "the end of the input inside a value");
        else
            value_refused(k, dt, v->at, v->n, (const char *)p, n);
        return;
    }
    if (numeric(dt) && spaced(p, n))
        af_report_blanks(k, v->at, v->n, "value", p, n);
    if (k->art && (misread = af_art_misread(p, n, dt)) != NULL)
        af_report(k, AF_ART_VALUE, v->at, v->n, "value",
                  "a value that stod reads as it is", misread);
}

void af_refs_value(af_check *k, uint64_t mtype, const af_fld *t,
                   const af_fld *v, const unsigned char *p, size_t n)
{
    if (k->art && mtype > INT64_MAX)
        af_report(k, AF_ART_ID_RANGE, t->at, t->n, "measurement type id",
                  "<= 9223372036854775807",
                  "an id Artificer's stoll throws on");
    if (!k->tracking)
        return;
    const owner *o = record_owner(k);
    if (o->run_known) {
        int dt = run_datatype(k, o->run_idx, mtype);
        if (dt >= 0) { /* the one datatype that matters */
            /* a plain value of a plain datatype has nothing to say */
            if (dt != AF_DT_NONE && !af_value_plain(k->art, p, n, dt) &&
                (!af_value_is(p, n, dt) || (numeric(dt) && spaced(p, n)) ||
                 (k->art && af_art_misread(p, n, dt))))
                value_of(k, dt, v, p, n);
            return;
        }
    }
    pending_value(k, *o, mtype, v, p, n);
}

/* ---- each record type ------------------------------------------------ */

static void time_order(af_check *k, uint64_t end, uint64_t start,
                       const af_site *at, const char *what)
{
    if (end >= start)
        return;
    char exp[64], found[64];
    af_report(k, AF_TIME_ORDER, at->at, at->len, "end timestamp",
              TG_ENGINE_TEXT(k->c, AF_TIME_ORDER, exp, ">= %" PRIu64 " (%s)",
                             start, what),
              TG_ENGINE_TEXT(k->c, AF_TIME_ORDER, found, "%" PRIu64, end));
}

static void run_info(af_check *k)
{
    k->runinfo_seen = 1;
    int known = has(k, AF_F_RUN);
    uint64_t id = k->val[AF_F_RUN].u;
    if (known) {
        af_id *r = run_ref(k, AF_F_RUN, id);
        if (r && r->defined++ == 1) {
            char exp[64];
            af_report(k, AF_RUN_TWICE, k->val[AF_F_RUN].at.at,
                      k->val[AF_F_RUN].at.len, "run id",
                      TG_ENGINE_TEXT(k->c, AF_RUN_TWICE, exp,
                                     "one RunInfo of run %" PRIu64, id),
                      "another");
        }
        if (r)
            r->fc = k->val[AF_F_VERSION].ok && k->val[AF_F_VERSION].u;
    }
    k->last_run_known = known;
    k->last_run = id;
    k->last_run_fc = k->val[AF_F_VERSION].ok && k->val[AF_F_VERSION].u;
    open_block(k, AF_OPENS_RUN, AF_F_RUN, known, id);
}

/* The run of a record that names one but is no point or aggregate data
 * record: block ordering does not bind it, and a blank run id is the
 * last RunInfo's (T-3), with AF-ORD-002 when there is none before it.
 * @return 1 and *run if known. */
static int owning_run(af_check *k, uint64_t *run)
{
    *run = 0;
    if (blank(k, AF_F_RUN) && !k->runinfo_seen)
        af_report(k, AF_ORDER_NO_RUN, k->val[AF_F_RUN].at.at, 0, "run id",
                  "a run id, or a RunInfo before the record",
                  "blank, and no RunInfo before it");
    int known = record_run(k, AF_F_RUN, run);
    if (has(k, AF_F_RUN))
        run_ref(k, AF_F_RUN, *run);
    return known;
}

static void measurement_type(af_check *k)
{
    uint64_t run;
    int run_known = owning_run(k, &run);
    int dt = k->val[AF_F_DATATYPE].ok ? (int)k->val[AF_F_DATATYPE].u : 0;
    if (has(k, AF_F_UNITS) && dt != AF_DT_NONE) {
        /* the pairing of datatype and units (spec/afperf.md T-2): text
         * with string only, count with the numbers only (bool values are
         * the numbers 0 and 1); time and data units with any */
        const af_site *u = &k->val[AF_F_UNITS].at;
        enum af_pattern c = (enum af_pattern)k->val[AF_F_UNITS].u;
        if (c == AF_P_UNIT_TEXT && dt != AF_DT_STRING)
            af_report(k, AF_MT_TEXT, u->at, u->len, "units",
                      "datatype string with units text", af_datatypes[dt]);
        else if (c == AF_P_UNIT_COUNT && !numeric(dt))
            af_report(k, AF_MT_COUNT, u->at, u->len, "units",
                      "a numeric datatype (double, int32, int64, bool) with "
                      "units count",
                      af_datatypes[dt]);
    }
    if (has(k, AF_F_UNITS)) {
        const af_site *u = &k->val[AF_F_UNITS].at;
        enum af_pattern c = (enum af_pattern)k->val[AF_F_UNITS].u;
        const unsigned char *p = k->rec + (u->at - k->rec_at);
        char found[64];
        if (c == AF_P_UNIT_TIME_OTHER)
            af_report(k, AF_MT_TIME, u->at, u->len, "units",
                      "s, ms, us, \xc2\xb5s or ns",
                      TG_ENGINE_QUOTED(k->c, AF_MT_TIME, p, u->len, found));
        else if (c == AF_P_UNIT_TIME_LONG)
            af_report(
                k, AF_MT_TIME_LONG, u->at, u->len, "units",
                "s, ms, us, \xc2\xb5s or ns",
                TG_ENGINE_QUOTED(k->c, AF_MT_TIME_LONG, p, u->len, found));
        else if (c == AF_NPATTERNS)
            af_report(
                k, AF_MT_UNIT_UNKNOWN, u->at, u->len, "units",
                "text, count, a time unit or an IEC/SI data unit",
                TG_ENGINE_QUOTED(k->c, AF_MT_UNIT_UNKNOWN, p, u->len, found));
    }
    if (!has(k, AF_F_MTYPE) || !run_known)
        return;
    af_id *r = id_entry(k, &k->runs, &k->nruns, run, "run ids");
    af_id *m = id_entry(k, &k->mtypes, &k->nmtypes, k->val[AF_F_MTYPE].u,
                        "measurement type ids");
    if (r == NULL || m == NULL)
        return;
    m->defined = 1;
    if (!m->run_known) { /* the first run to register the id */
        m->run_known = 1;
        m->run = run;
    } else if (m->run != run && !k->mt_runs_said) {
        k->mt_runs_said = 1;
        char exp[96];
        af_report(k, AF_MT_ID_RUNS, k->val[AF_F_MTYPE].at.at,
                  k->val[AF_F_MTYPE].at.len, "measurement type id",
                  TG_ENGINE_TEXT(k->c, AF_MT_ID_RUNS, exp,
                                 "an id no other run registers (run %" PRIu64
                                 " registers it)",
                                 m->run),
                  "the same id");
    }
    memset(k->dt_cache, 0, sizeof k->dt_cache); /* it may change one */
    int st;
    uint32_t *d = tgIdmap_insert(&k->defs, pair_key(r->idx, m->idx), &st);
    if (d == NULL)
        af_limit(k, k->rec_at, "measurement types");
    else if (dt != AF_DT_NONE) /* a later record updates it */
        *d = (uint32_t)dt;
}

static void region_start(af_check *k)
{
    uint64_t run;
    int run_known = owning_run(k, &run);
    if (has(k, AF_F_REGION) && k->tracking &&
        region_started(k, k->val[AF_F_REGION].u, run) == 0)
        af_report(k, AF_REG_REUSE, k->val[AF_F_REGION].at.at,
                  k->val[AF_F_REGION].at.len, "region id",
                  "a region id not used before",
                  "the id of an earlier RegionStart");
    if (!room(k, (void **)&k->stack, &k->cap_stack, k->depth,
              sizeof *k->stack)) {
        af_limit(k, k->rec_at, "open regions");
        return;
    }
    af_region *g = &k->stack[k->depth++];
    g->has_id = (uint8_t)has(k, AF_F_REGION);
    g->id = k->val[AF_F_REGION].u;
    g->ts_ok = (uint8_t)has(k, AF_F_TS);
    g->ts = k->val[AF_F_TS].u;
    g->run_known = (uint8_t)run_known;
    g->run = run;
    g->art_known = (uint8_t)k->art_run.known; /* its own run id, as read */
    g->art_run = k->art_run.run;
    g->site = keep(k, AF_F_TS, k->rec_at, k->rec_n);
    open_block(k, AF_OPENS_REGION, AF_F_REGION, run_known, run);
}

static void region_stop(af_check *k)
{
    if (k->depth == 0) {
        if (k->tracking)
            af_report(k, AF_REG_EMPTY, k->rec_at, k->rec_n, "",
                      "an open region", "none");
        open_block(k, AF_OPENS_REGION, AF_F_REGION, 0, 0);
        return;
    }
    af_region g = k->stack[--k->depth];
    release(k, g.site);
    if (has(k, AF_F_REGION) && g.has_id && k->val[AF_F_REGION].u != g.id) {
        char exp[64], found[32];
        af_report(k, AF_REG_NEST, k->val[AF_F_REGION].at.at,
                  k->val[AF_F_REGION].at.len, "region id",
                  TG_ENGINE_TEXT(k->c, AF_REG_NEST, exp,
                                 "%" PRIu64 ", the innermost open region",
                                 g.id),
                  TG_ENGINE_TEXT(k->c, AF_REG_NEST, found, "%" PRIu64,
                                 k->val[AF_F_REGION].u));
    }
    if (has(k, AF_F_TS) && g.ts_ok)
        time_order(k, k->val[AF_F_TS].u, g.ts, &k->val[AF_F_TS].at,
                   "its RegionStart");
    open_block(k, AF_OPENS_REGION, AF_F_REGION, g.run_known, g.run);
    k->block.has_id = g.has_id || has(k, AF_F_REGION);
    k->block.id = g.has_id ? g.id : k->val[AF_F_REGION].u;
}

static void section_info(af_check *k)
{
    uint64_t run;
    int run_known = owning_run(k, &run);
    if (has(k, AF_F_SECTION)) {
        af_id *e = id_entry(k, &k->sections, &k->nsections,
                            k->val[AF_F_SECTION].u, "section ids");
        /* unique "during runtime": within its run (the writer counts
         * each run's sections from 0) */
        if (e && e->defined && e->run_known && run_known && e->run == run)
            af_report(k, AF_SEC_INFO_TWICE, k->val[AF_F_SECTION].at.at,
                      k->val[AF_F_SECTION].at.len, "section id",
                      "a section id no SectionInfo of the run gave before",
                      "the id of an earlier SectionInfo");
        else if (e && e->defined && e->run_known && run_known)
            e->idx = k->nsections++; /* another run's section: its
                                        intervals are its own */
        if (e) {
            e->defined = 1;
            e->run_known = (uint8_t)run_known;
            e->run = run;
        }
    }
}

/* A section id a record names: kept for AF-REF-004. */
static af_id *section_ref(af_check *k)
{
    af_id *e = id_entry(k, &k->sections, &k->nsections, k->val[AF_F_SECTION].u,
                        "section ids");
    if (e && e->site == 0)
        e->site = keep(k, AF_F_SECTION, k->val[AF_F_SECTION].at.at,
                       k->val[AF_F_SECTION].at.len);
    return e;
}

/* The open-interval key of the current record, or 0 if ids are blank. */
static int interval_key(af_check *k, uint64_t *key)
{
    if (!has(k, AF_F_SECTION) || !has(k, AF_F_INTERVAL))
        return 0;
    af_id *s = section_ref(k);
    if (s == NULL)
        return 0;
    int st;
    uint32_t *iv = tgIdmap_insert(&k->intervals, k->val[AF_F_INTERVAL].u, &st);
    if (iv == NULL) {
        af_limit(k, k->rec_at, "section interval ids");
        return 0;
    }
    if (st == 1)
        *iv = k->nintervals++;
    *key = pair_key(s->idx, *iv);
    return 1;
}

/* The open-interval key of a SectionStart or SectionStop and the run of
 * its section; @return 0 if the interval is not tracked. */
static int interval_of(af_check *k, uint64_t *key, int *run_known,
                       uint64_t *run)
{
    *run_known = 0;
    *run = 0;
    if (!interval_key(k, key))
        return 0;
    af_id *s = tgIdmap_find(&k->sections, k->val[AF_F_SECTION].u);
    *run_known = s->run_known;
    *run = s->run;
    return 1;
}

static void section_start(af_check *k)
{
    uint64_t key, run;
    int run_known;
    if (interval_of(k, &key, &run_known, &run)) {
        int st;
        af_region *g = tgIdmap_insert(&k->open_intervals, key, &st);
        if (g == NULL) {
            af_limit(k, k->rec_at, "open section intervals");
        } else if (st == 0) {
            af_report(k, AF_SEC_AGAIN, k->val[AF_F_INTERVAL].at.at,
                      k->val[AF_F_INTERVAL].at.len, "section interval id",
                      "an interval id its section has not used",
                      "one already open");
        } else {
            /* unique within its section (seed, SectionStart): the ids a
             * section used are ranges, one while they count up */
            int used = tgRanges_add_id(&k->used_intervals, key, 0);
            if (used < 0)
                af_limit(k, k->rec_at, "section intervals");
            else if (used == 0)
                af_report(k, AF_SEC_AGAIN, k->val[AF_F_INTERVAL].at.at,
                          k->val[AF_F_INTERVAL].at.len, "section interval id",
                          "an interval id its section has not used",
                          "the id of a closed interval of the section");
            g->ts_ok = (uint8_t)has(k, AF_F_TS);
            g->ts = k->val[AF_F_TS].u;
            g->id = k->val[AF_F_SECTION].u;
            g->site = keep(k, AF_F_INTERVAL, k->val[AF_F_INTERVAL].at.at,
                           k->val[AF_F_INTERVAL].at.len);
        }
    }
    open_block(k, AF_OPENS_SECTION, AF_F_SECTION, run_known, run);
}

static void section_stop(af_check *k)
{
    uint64_t key, run;
    int run_known;
    if (interval_of(k, &key, &run_known, &run)) {
        af_region *g = tgIdmap_find(&k->open_intervals, key);
        if (g == NULL) {
            af_report(k, AF_SEC_STOP, k->val[AF_F_INTERVAL].at.at,
                      k->val[AF_F_INTERVAL].at.len, "section interval id",
                      "an interval a SectionStart opened", "none open");
        } else {
            if (has(k, AF_F_TS) && g->ts_ok)
                time_order(k, k->val[AF_F_TS].u, g->ts, &k->val[AF_F_TS].at,
                           "its SectionStart");
            release(k, g->site);
            tgIdmap_remove(&k->open_intervals, key);
        }
    }
    open_block(k, AF_OPENS_SECTION, AF_F_SECTION, run_known, run);
}

/* A data record of type t (k->type): block ordering for blank ids,
 * references, aggregates.  Inlined into refs_record(), where t is a
 * constant for the fast path's readers. */
static inline __attribute__((always_inline)) void data_record(af_check *k,
                                                              int t)
{
    enum af_role role = af_records[t].role;
    int aggregate = k->present >> AF_F_AGGREGATION & 1;
    if (aggregate) {
        enum af_field idf =
            k->present >> AF_F_RECORD & 1 ? AF_F_RECORD : AF_F_RUN;
        int raw = has(k, idf);
        int agg = has(k, AF_F_AGGREGATION);
        if (!raw && blank(k, idf) && !agg)
            af_report(k, AF_AGG_PROCESSED, k->val[AF_F_AGGREGATION].at.at, 0,
                      "aggregation type",
                      "an aggregation type for a processed record (blank "
                      "record id)",
                      "blank");
        if (raw && agg)
            af_report(k, AF_AGG_RAW, k->val[AF_F_AGGREGATION].at.at,
                      k->val[AF_F_AGGREGATION].at.len, "aggregation type",
                      "blank for a raw record", "an aggregation type");
        if (t == AF_T_SECTION_AGGREGATE) {
            if (!raw && has(k, AF_F_INTERVAL))
                af_report(k, AF_AGG_INTERVAL, k->val[AF_F_INTERVAL].at.at,
                          k->val[AF_F_INTERVAL].at.len, "section interval id",
                          "blank, as the record id is", "an interval id");
            if (raw && blank(k, AF_F_INTERVAL))
                af_report(k, AF_AGG_INTERVAL_ART, k->val[AF_F_INTERVAL].at.at,
                          0, "section interval id", "an interval id", "blank");
        }
        if (has(k, AF_F_END_TS) && has(k, AF_F_START_TS))
            time_order(k, k->val[AF_F_END_TS].u, k->val[AF_F_START_TS].u,
                       &k->val[AF_F_END_TS].at, "its start timestamp");
        if (!raw) /* processed: no block of its own (AF-A8) */
            return;
    }
    enum af_field idf = role == AF_DATA_RUN      ? AF_F_RUN
                        : role == AF_DATA_REGION ? AF_F_REGION
                                                 : AF_F_SECTION;
    if (aggregate && role != AF_DATA_RUN)
        idf = AF_F_RECORD;
    enum af_role opens = role == AF_DATA_RUN      ? AF_OPENS_RUN
                         : role == AF_DATA_REGION ? AF_OPENS_REGION
                                                  : AF_OPENS_SECTION;
    if (blank(k, idf))
        need_block(k, idf, opens);
    if (!has(k, idf) || !k->tracking)
        return;
    uint64_t id = k->val[idf].u;
    if (role == AF_DATA_RUN) {
        run_ref(k, idf, id);
    } else if (role == AF_DATA_SECTION) {
        af_id *e = id_entry(k, &k->sections, &k->nsections, id, "section ids");
        if (e && e->site == 0)
            e->site = keep(k, idf, k->val[idf].at.at, k->val[idf].at.len);
    } else if (!region_run(k, id, &id)) { /* not started (yet) */
        af_id *e = id_entry(k, &k->regions, &k->nregions, k->val[idf].u,
                            "region ids");
        if (e && e->site == 0)
            e->site = keep(k, idf, k->val[idf].at.at, k->val[idf].at.len);
    }
}

/* A record whose fields cannot be told apart (too few): only what it
 * does to the region stack and to blocks, no id of it trusted. */
static void quiet_record(af_check *k)
{
    enum af_role role = af_records[k->type].role;
    if (k->type == AF_T_REGION_START &&
        room(k, (void **)&k->stack, &k->cap_stack, k->depth,
             sizeof *k->stack)) {
        memset(&k->stack[k->depth++], 0, sizeof *k->stack);
    } else if (k->type == AF_T_REGION_STOP && k->depth > 0) {
        release(k, k->stack[--k->depth].site);
    } else if (k->type == AF_T_RUN_INFO) {
        k->last_run_known = 0;
        k->runinfo_seen = 1;
    }
    if (role >= AF_OPENS_RUN) {
        memset(&k->block, 0, sizeof k->block);
        k->block.role = role;
    } else if (role == AF_OTHER) {
        memset(&k->block, 0, sizeof k->block);
    }
}

/* af_refs_record() for a record of type t: inlined where t is a
 * constant, the switch folds to the one type's call. */
static inline __attribute__((always_inline)) void refs_record(af_check *k,
                                                              int t)
{
    uint64_t run;
    if (k->quiet) {
        quiet_record(k);
        return;
    }
    if (k->art) /* read as Artificer reads it, before what it changes */
        af_art_record(k);
    switch (t) {
    case AF_T_RUN_INFO: run_info(k); return;
    case AF_T_MEASUREMENT_TYPE: measurement_type(k); break;
    case AF_T_PAUSE_RESUME:
        if (has(k, AF_F_END_TS) && has(k, AF_F_START_TS))
            time_order(k, k->val[AF_F_END_TS].u, k->val[AF_F_START_TS].u,
                       &k->val[AF_F_END_TS].at, "its start timestamp");
        owning_run(k, &run);
        break;
    case AF_T_REGION_START: region_start(k); return;
    case AF_T_REGION_STOP: region_stop(k); return;
    case AF_T_SECTION_INFO: section_info(k); break;
    case AF_T_SECTION_START: section_start(k); return;
    case AF_T_SECTION_STOP: section_stop(k); return;
    default: /* data keeps its block */
        data_record(k, t);
        if (k->tracking) /* its values' owner, while t is known here */
            owner_found(k, t);
        return;
    }
    k->block.role = AF_OTHER;
    k->block.run_known = 0;
}

void af_refs_record(af_check *k) { refs_record(k, k->type); }

/* one per record type: the fast path's readers, made per type, call
 * their own (a direct call where af_refs_record() would take a second
 * jump on the type the reader was chosen by) */
#define AF_RECORD(sym, id, ...)                                               \
    void af_refs_##sym(af_check *k) { refs_record(k, id); }
#include "../records.def"
#undef AF_RECORD

int af_record_run(af_check *k, uint64_t *run)
{
    enum af_role role = af_records[k->type].role;
    int raw = has(k, AF_F_RECORD);
    if (has(k, AF_F_RUN)) {
        *run = k->val[AF_F_RUN].u;
        return 1;
    }
    if (has(k, AF_F_REGION) || (raw && role == AF_DATA_REGION))
        return region_run(
            k, k->val[has(k, AF_F_REGION) ? AF_F_REGION : AF_F_RECORD].u, run);
    if (has(k, AF_F_SECTION) || (raw && role == AF_DATA_SECTION)) {
        af_id *e = tgIdmap_find(
            &k->sections,
            k->val[has(k, AF_F_SECTION) ? AF_F_SECTION : AF_F_RECORD].u);
        *run = e ? e->run : 0;
        return e && e->run_known;
    }
    return record_run(k, AF_F_RUN, run);
}

/* ---- the end of the file --------------------------------------------- */

/* An entry of a map, for each(): where its kept site is in the file. */
typedef struct af_visit {
    uint64_t at, key;
    void *v;
} af_visit;

static int visit_order(const void *a, const void *b)
{
    const af_visit *x = a, *y = b;
    return x->at != y->at ? (x->at > y->at ? 1 : -1)
                          : (x->key > y->key) - (x->key < y->key);
}

/* The site an entry of m keeps: the uint32_t at site_at in its value. */
static uint32_t site_in(const void *v, size_t site_at)
{
    uint32_t site;
    memcpy(&site, (const unsigned char *)v + site_at, sizeof site);
    return site;
}

/* Visit every entry of m that kept a site (the uint32_t at offset site_at
 * of its value; the rest have nothing to report) in the order of those
 * sites in the file, and of their keys: the order of the slots would be
 * the hash function's.  A list that cannot be made is the live-state
 * limit. */
static void each(af_check *k, tgIdmap *m, size_t site_at,
                 void (*fn)(af_check *, uint64_t, void *))
{
    af_visit *list = tgMem_calloc(m->used ? m->used : 1, sizeof *list);
    if (list == NULL) {
        af_limit(k, tgWindow_offset(k->w), "references left unresolved");
        return;
    }
    size_t n = 0;
    for (uint64_t s = 0; s < TG_IDMAP_SMALL; s++) {
        uint32_t site = m->small_at[s] ? site_in(m->small_at[s], site_at) : 0;
        if (site)
            list[n++] =
                (af_visit){k->sites[site - 1].at.at, s, m->small_at[s]};
    }
    for (size_t i = 0; m->keys && i <= m->mask; i++) {
        void *v = m->vals + i * m->value_size;
        uint32_t site = m->keys[i] ? site_in(v, site_at) : 0;
        if (site)
            list[n++] = (af_visit){k->sites[site - 1].at.at, m->keys[i], v};
    }
    tgMem_sort(list, n, sizeof *list, visit_order);
    for (size_t i = 0; i < n; i++)
        fn(k, list[i].key, list[i].v);
    tgMem_free(list);
}

static void run_unresolved(af_check *k, uint64_t id, void *v)
{
    const af_id *e = v;
    char exp[64];
    if (!e->defined)
        report_kept(k, AF_REF_RUN, e->site,
                    TG_ENGINE_TEXT(k->c, AF_REF_RUN, exp,
                                   "a RunInfo of run %" PRIu64, id),
                    "none in the file");
}

static void section_unresolved(af_check *k, uint64_t id, void *v)
{
    const af_id *e = v;
    char exp[64];
    if (!e->defined)
        report_kept(k, AF_REF_SECTION, e->site,
                    TG_ENGINE_TEXT(k->c, AF_REF_SECTION, exp,
                                   "a SectionInfo of section %" PRIu64, id),
                    "none in the file");
}

static void region_unresolved(af_check *k, uint64_t id, void *v)
{
    const af_id *e = v;
    char exp[64];
    uint64_t run;
    if (!region_run(k, id, &run))
        report_kept(k, AF_REF_REGION, e->site,
                    TG_ENGINE_TEXT(k->c, AF_REF_REGION, exp,
                                   "a RegionStart of region %" PRIu64, id),
                    "none in the file");
}

static void pending_settle(af_check *k, const af_pending *q)
{
    uint64_t run = q->owner;
    if (q->kind == AF_DATA_REGION) {
        if (!region_run(k, q->owner, &run))
            return; /* AF-REF-005 said it */
    } else if (q->kind == AF_DATA_SECTION) {
        af_id *e = tgIdmap_find(&k->sections, q->owner);
        if (e == NULL || !e->run_known)
            return; /* AF-REF-004 said it */
        run = e->run;
    }
    af_id *r = tgIdmap_find(&k->runs, run);
    if (r == NULL || !r->defined)
        return; /* a run without RunInfo: AF-REF-001 said it */
    int dt = run_datatype(k, r->idx, q->mtype);
    if (dt == AF_DT_NONE)
        return; /* its MeasurementType's datatype was reported */
    if (dt < 0) {
        af_id *m = tgIdmap_find(&k->mtypes, q->mtype);
        char exp[96];
        size_t rule = m && m->defined ? AF_REF_MTYPE_RUN : AF_REF_MTYPE;
        report_kept(k, rule, q->first,
                    TG_ENGINE_TEXT(k->c, rule, exp,
                                   "a MeasurementType of id %" PRIu64
                                   " in run %" PRIu64,
                                   q->mtype, run),
                    m && m->defined ? "one in other runs only"
                                    : "none in the file");
        return;
    }
    char exp[48], found[64];
    if (q->refused >> dt & 1)
        report_kept(k, AF_VALUE_TYPE, q->bad[dt],
                    TG_ENGINE_TEXT(k->c, AF_VALUE_TYPE, exp,
                                   "a value of datatype %s", af_datatypes[dt]),
                    TG_ENGINE_QUOTED(k->c, AF_VALUE_TYPE,
                                     (const unsigned char *)q->text[dt],
                                     strlen(q->text[dt]), found));
    if (numeric(dt) && (q->spaced_fits >> dt & 1))
        report_kept(k, AF_FLOAT_BLANKS, q->spaced,
                    "no white space around the number",
                    TG_ENGINE_QUOTED(k->c, AF_FLOAT_BLANKS,
                                     (const unsigned char *)q->spaced_text,
                                     strlen(q->spaced_text), found));
    /* every value of a string or enum, the first of them; of a double or
     * an int64, the first stod misreads */
    uint32_t misread = dt == AF_DT_STRING || dt == AF_DT_ENUM    ? q->first
                       : dt == AF_DT_DOUBLE || dt == AF_DT_INT64 ? q->art[dt]
                                                                 : 0;
    if (k->art && af_art_misread_of(dt))
        report_kept(k, AF_ART_VALUE, misread,
                    "a value that stod reads as it is", af_art_misread_of(dt));
}

static void open_interval(af_check *k, uint64_t key, void *v)
{
    const af_region *g = v;
    (void)key;
    report_kept(k, AF_SEC_OPEN, g->site, "a SectionStop for the interval",
                "none in the file");
}

void af_refs_end(af_check *k)
{
    for (size_t i = 0; i < k->depth; i++)
        report_kept(k, AF_REG_OPEN, k->stack[i].site, "a RegionStop",
                    "none in the file");
    if (!k->tracking)
        return;
    each(k, &k->open_intervals, offsetof(af_region, site), open_interval);
    if (k->truncated)
        return; /* what a cut file leaves unresolved says nothing */
    each(k, &k->runs, offsetof(af_id, site), run_unresolved);
    each(k, &k->sections, offsetof(af_id, site), section_unresolved);
    each(k, &k->regions, offsetof(af_id, site), region_unresolved);
    for (size_t i = 0; i < k->npending; i++)
        pending_settle(k, &k->pending[i]);
}
