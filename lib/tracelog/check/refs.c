/* refs.c - internal ids across lines: each defined once per object
 * (TL-ID-001), counted from 0 as the writer counts (TL-ID-002), and each
 * one used defined somewhere in the file (TL-REF-001, settled at its end:
 * a definition may follow its use, TL-A16); threads, with what their
 * samples leave (records.c) and whether they have ended (TL-REF-002).
 * Defined ids are range sets (ids counted from 0 take one range); ids
 * used before their definition wait in a map.  Both, and the threads, are
 * capped by --max-live (TL-LIM-001). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "../../core/mem.h"

typedef struct tl_ref {
    tl_site site; /* its first use                          */
    uint64_t id;
    uint8_t obj;      /* enum tl_obj                        */
    uint8_t resolved; /* a definition came after the use    */
} tl_ref;

static const char *const obj_names[TL_NOBJ] = {"thread", "class", "function"};

TG_IDMAP_VALUE_FITS(tl_thread);

void tl_refs_init(tl_check *k)
{
    uint64_t limit = k->c->limits[TG_LIMIT_LIVE_OBJECTS];
    tgIdmap_init(&k->threads, sizeof(tl_thread), limit);
    for (int o = 0; o < TL_NOBJ; o++) {
        tgRanges_init(&k->defined[o], limit);
        tgRanges_init(&k->named[o], limit);
        tgIdmap_init(&k->pending[o], sizeof(uint32_t), limit);
    }
    k->tracking = 1;
}

void tl_refs_free(tl_check *k)
{
    tgIdmap_free(&k->threads);
    for (int o = 0; o < TL_NOBJ; o++) {
        tgRanges_free(&k->defined[o]);
        tgRanges_free(&k->named[o]);
        tgIdmap_free(&k->pending[o]);
    }
    tgMem_free(k->refs);
}

/* The state of thread iid `id`, or NULL; kept at hand once found. */
static tl_thread *find_thread(tl_check *k, uint64_t id)
{
    tl_thread *t = tl_kept_thread(k, id);
    if (t)
        return t;
    t = tgIdmap_find(&k->threads, id);
    if (t) {
        tl_found *f = &k->found_thread[id & (TL_FOUND_THREADS - 1)];
        f->id = id;
        f->t = t;
    }
    return t;
}

/* Keep the defined range [first, last] of object o at hand, and what of
 * it 8 hexadecimal digits can name as their keys (tl_near_hex8()). */
static void near_found(tl_check *k, enum tl_obj o, uint64_t first,
                       uint64_t last)
{
    k->near[o].first = first;
    k->near[o].last = last;
    k->near[o].ok = 1;
    /* ids of 32-bit items only, today: the test keeps tl_near_hex8() and
     * tl_near() alike should a wider one ever be defined */
    k->near[o].hex8_ok = first <= UINT32_MAX;
    k->near[o].first_key = tgDigits_hex8_key_of(first);
    k->near[o].last_key =
        tgDigits_hex8_key_of(last < UINT32_MAX ? last : UINT32_MAX);
}

/* An insert or a removal may move every value of the table. */
static void forget_threads(tl_check *k)
{
    for (size_t i = 0; i < TL_FOUND_THREADS; i++)
        k->found_thread[i].t = NULL;
}

tl_thread *tl_thread_of(tl_check *k, const tl_val *v)
{
    if (!v->ok || !k->tracking)
        return NULL;
    tl_thread *t = find_thread(k, v->u);
    if (t)
        return t;
    int st;
    forget_threads(k);
    t = tgIdmap_insert(&k->threads, v->u, &st);
    if (st < 0)
        tl_limit(k, "threads");
    return t;
}

tl_thread *tl_use_thread_rest(tl_check *k, const tl_val *v)
{
    if (!v->ok || !k->tracking)
        return NULL;
    tl_thread *t;
    if (tl_near(k, TL_OBJ_THREAD, v->u) && (t = find_thread(k, v->u)))
        return t; /* defined, and not ended: tl_use() has nothing to do */
    tl_use(k, TL_OBJ_THREAD, v);
    return tl_thread_of(k, v);
}

/* A use's wait is over: a definition or a name came. */
static void resolve(tl_check *k, enum tl_obj o, uint64_t id)
{
    uint32_t *waiting = tgIdmap_find(&k->pending[o], id);
    if (waiting) {
        k->refs[*waiting - 1].resolved = 1;
        tgIdmap_remove(&k->pending[o], id);
    }
}

void tl_define(tl_check *k, enum tl_obj o, const tl_val *v)
{
    if (!v->ok || !k->tracking)
        return;
    int r = tgRanges_add_id(&k->defined[o], v->u, 0);
    if (r < 0) {
        tl_limit(k, "internal ids");
        return;
    }
    char f[64];
    if (r == 0) {
        tl_report_val(k, TL_ID_TWICE, v, "an id no other is given",
                      TG_ENGINE_TEXT(k->c, TL_ID_TWICE, f,
                                     "%s internal id 0x%" PRIX64 " again",
                                     obj_names[o], v->u));
        return;
    }
    if (!k->counted[o] && v->u != k->next_id[o]) {
        k->counted[o] = 1;
        snprintf(f, sizeof f, "0x%" PRIX64 " where the count is at 0x%" PRIX64,
                 v->u, k->next_id[o]);
        tl_report_val(k, TL_ID_COUNTER, v,
                      "internal ids counted from 0, one by one", f);
    }
    k->next_id[o] = v->u + 1;
    resolve(k, o, v->u);
    if (o == TL_OBJ_THREAD)
        tl_thread_of(k, v);
}

void tl_name(tl_check *k, enum tl_obj o, const tl_val *v)
{
    if (!v->ok || !k->tracking)
        return;
    if (tgRanges_add_id(&k->named[o], v->u, 0) < 0) {
        tl_limit(k, "internal ids");
        return;
    }
    resolve(k, o, v->u);
}

void tl_use(tl_check *k, enum tl_obj o, const tl_val *v)
{
    if (!v->ok || !k->tracking)
        return;
    int defined = tl_near(k, o, v->u);
    for (int set = 0; !defined && set < 2; set++) {
        /* defined, else named; the range found is kept at hand */
        const tgRanges_node *in =
            tgRanges_find(set ? &k->named[o] : &k->defined[o], v->u);
        if (in) {
            near_found(k, o, in->first, in->last);
            defined = 1;
        }
    }
    if (defined) {
        /* a thread defined keeps its state until it ends */
        if (o == TL_OBJ_THREAD && !find_thread(k, v->u))
            tl_report_val(k, TL_REF_ENDED, v, "a thread that has not ended",
                          "the id of a thread its thr dst ended");
        return;
    }
    int st;
    uint32_t *waiting = tgIdmap_insert(&k->pending[o], v->u, &st);
    if (st < 0) {
        tl_limit(k, "internal ids used before their definition");
        return;
    }
    if (st == 0)
        return; /* its first use waits already */
    if (k->nrefs == k->cap_refs) {
        size_t cap = k->cap_refs ? 2 * k->cap_refs : 64;
        tl_ref *r = tgMem_realloc(k->refs, cap * sizeof *r);
        if (r == NULL) {
            tgIdmap_remove(&k->pending[o], v->u);
            tl_limit(k, "internal ids used before their definition");
            return;
        }
        k->refs = r;
        k->cap_refs = cap;
    }
    tl_ref *r = &k->refs[k->nrefs++];
    r->site = tl_site_of(k, v->at, v->n);
    r->site.field = (int16_t)v->field;
    r->site.part = (int16_t)v->part;
    r->id = v->u;
    r->obj = (uint8_t)o;
    r->resolved = 0;
    *waiting = (uint32_t)k->nrefs;
}

void tl_end_thread(tl_check *k, const tl_val *v)
{
    if (v->ok && k->tracking &&
        tgRanges_contains(&k->defined[TL_OBJ_THREAD], v->u)) {
        forget_threads(k);
        tgIdmap_remove(&k->threads, v->u);
    }
}

void tl_refs_end(tl_check *k)
{
    /* what a cut file leaves unresolved says nothing (T-1) */
    if (!k->tracking || k->cut)
        return;
    for (size_t i = 0; i < k->nrefs; i++) {
        const tl_ref *r = &k->refs[i];
        if (r->resolved)
            continue;
        char exp[64];
        tl_report_site(k, TL_REF_UNDEFINED, &r->site,
                       TG_ENGINE_TEXT(k->c, TL_REF_UNDEFINED, exp,
                                      "a record that defines %s internal id "
                                      "0x%" PRIX64,
                                      obj_names[r->obj], r->id),
                       "none in the file");
    }
}
