/* mutate.c - one mutation per TraceLog rule: break exactly that rule in a
 * valid generated file.  The parent is generated into a model of lines
 * (core/corpus/textmodel.h: field 0 is the tag, field i its i-th item); a
 * mutator edits lines or fields, says where the break is, and the model
 * is then written.  What each variant does is said once, in rules.def.
 * A rule that applies under one profile only is broken in that
 * profile's parent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

typedef tgText_mutation tl_mut;

/* ---- the kit --------------------------------------------------------- */

static void mark(tl_mut *x, size_t line, size_t field, uint64_t delta)
{
    x->mark.line = line;
    x->mark.field = field;
    x->mark.delta = delta;
}

/* The k-th line (from the end when k < 0) with tag and at least min
 * fields after it, or -1. */
static long find(const tl_mut *x, const char *tag, long k, size_t min)
{
    long seen = 0;
    for (size_t j = 0; j < x->m.nl; j++) {
        size_t i = k >= 0 ? j : x->m.nl - 1 - j;
        if (x->m.l[i].n > min && tgText_text_is(&x->m, i, 0, tag) &&
            seen++ == (k >= 0 ? k : -k - 1))
            return (long)i;
    }
    return -1;
}

static long first(const tl_mut *x, const char *tag)
{
    return find(x, tag, 0, 0);
}

/* Line i's field f set to s, and the break marked there. */
static int set_at(tl_mut *x, long i, size_t f, const char *s)
{
    if (i < 0 || f >= x->m.l[i].n)
        return 0;
    tgText_set(&x->m, (size_t)i, f, s, TG_TEXT_AS_IS);
    mark(x, (size_t)i, f, 0);
    return 1;
}

/* Field s added at the end of line i (a line found, i >= 0), and the
 * break marked there. */
static int append_at(tl_mut *x, long i, const char *s)
{
    if (i < 0)
        return 0;
    mark(x, (size_t)i, tgText_append(&x->m, (size_t)i, s), 0);
    return 1;
}

/* The text of field f of line i, NUL-terminated, in buf. */
static const char *text(const tl_mut *x, size_t i, size_t f, char *buf,
                        size_t cap)
{
    size_t n;
    const unsigned char *p = tgText_text(&x->m, i, f, &n);
    n = n < cap - 1 ? n : cap - 1;
    memcpy(buf, p, n);
    buf[n] = '\0';
    return buf;
}

/* A new line of the given text (tag and fields, one field) at at. */
static size_t add_line(tl_mut *x, size_t at, const char *s)
{
    tgText_line(&x->m, 0, TG_TEXT_EOL_LF);
    tgText_addz(&x->m, s);
    return tgText_place(&x->m, at);
}

/* Line i cut to its tag and n fields. */
static void keep_fields(tl_mut *x, size_t i, size_t n)
{
    if (x->m.l[i].n > n + 1)
        x->m.l[i].n = n + 1;
}

/* The variant's text of a list, for mutators that set one field. */
#define VARIANT(...) ((const char *const[]){__VA_ARGS__})[x->variant]

/* The first stack sample with a frame; its first frame is field 5. */
static long sample_with_frame(const tl_mut *x)
{
    return find(x, TL_TAG(SAM_STR), 0, 5);
}

/* The function internal id of the frame at field f of line i. */
static const char *frame_function(const tl_mut *x, long i, size_t f, char *buf,
                                  size_t cap)
{
    text(x, (size_t)i, f, buf, cap);
    char *colon = strchr(buf, ':');
    if (colon)
        *colon = '\0';
    return buf;
}

/* The thread internal id of line i (its field 1). */
static int same_thread(const tl_mut *x, size_t i, size_t j)
{
    size_t a, b;
    const unsigned char *p = tgText_text(&x->m, i, 1, &a);
    const unsigned char *q = tgText_text(&x->m, j, 1, &b);
    return a == b && memcmp(p, q, a) == 0;
}

static int is_sample(const tl_mut *x, size_t i)
{
    return x->m.l[i].n > 2 && (tgText_text_is(&x->m, i, 0, TL_TAG(SAM_STR)) ||
                               tgText_text_is(&x->m, i, 0, TL_TAG(SAM_MEM)));
}

/* ---- lines ----------------------------------------------------------- */

static int mut_tag(tl_mut *x)
{
    long i = first(x, TL_TAG(PRC_CPU));
    if (i < 0)
        return 0;
    tgText_set(&x->m, (size_t)i, 0, VARIANT("Prc cpu", "pr cpu", "xxprc cpu"),
               TG_TEXT_AS_IS);
    mark(x, (size_t)i, 0, 0);
    return 1;
}

static int mut_bare_cr(tl_mut *x)
{
    long i = first(x, TL_TAG(PRC_CPU));
    if (i < 0)
        return 0;
    x->m.l[i].eol = TG_TEXT_EOL_CR;
    mark(x, (size_t)i, TG_TEXT_AT_END, 0);
    return 1;
}

static int mut_empty_line(tl_mut *x)
{
    tgText_line(&x->m, 1, TG_TEXT_EOL_LF);
    mark(x, tgText_place(&x->m, 2), TG_TEXT_AT_LINE, 0);
    return 1;
}

static int mut_unended(tl_mut *x)
{
    size_t i = x->m.nl - 1;
    x->m.l[i].eol = TG_TEXT_EOL_NONE;
    mark(x, i, TG_TEXT_AT_END, 0);
    return 1;
}

static int mut_separator(tl_mut *x)
{
    long i = first(x, TL_TAG(PRC_CPU));
    if (i < 0)
        return 0;
    char a[32], b[32], s[72];
    text(x, (size_t)i, 1, a, sizeof a);
    text(x, (size_t)i, 2, b, sizeof b);
    if (x->variant == 0) { /* one field of "a<TAB>b" */
        snprintf(s, sizeof s, "%s\t%s", a, b);
        tgText_set(&x->m, (size_t)i, 1, s, TG_TEXT_AS_IS);
        keep_fields(x, (size_t)i, 1);
        mark(x, (size_t)i, 1, strlen(a));
    } else if (x->variant == 1) {
        snprintf(s, sizeof s, "%s ", a);
        tgText_set(&x->m, (size_t)i, 1, s, TG_TEXT_AS_IS);
        mark(x, (size_t)i, 1, strlen(a));
    } else {
        snprintf(s, sizeof s, "%s ", b);
        tgText_set(&x->m, (size_t)i, 2, s, TG_TEXT_AS_IS);
        mark(x, (size_t)i, 2, strlen(b));
    }
    return 1;
}

static int mut_bad_utf8(tl_mut *x)
{
    if (!set_at(x, first(x, TL_TAG(CLS_NAM)), 2, "\"Caf\xC3(\""))
        return 0;
    x->mark.delta = 5; /* the byte that does not continue C3 */
    return 1;
}

/* ---- records --------------------------------------------------------- */

static int mut_tag_unknown(tl_mut *x)
{
    return set_at(x, first(x, TL_TAG(PRC_CPU)), 0, "xyz abc");
}

static int mut_tag_extension(tl_mut *x)
{
    if (x->variant == 1) {
        mark(x,
             add_line(x, 2, "gch gen 3 loh:0:0 gen2:0:0 gen1:1:96 gen0:2:48"),
             TG_TEXT_AT_LINE, 0);
        return 1;
    }
    /* fun inf iid fid cls mod tok ... as fun cmf fid iid cls mod tok hr */
    long i = first(x, TL_TAG(FUN_INF));
    if (i < 0)
        return 0;
    char iid[32], fid[32], tok[32];
    text(x, (size_t)i, 1, iid, sizeof iid);
    text(x, (size_t)i, 2, fid, sizeof fid);
    text(x, (size_t)i, 5, tok, sizeof tok);
    char line[256];
    int o = snprintf(line, sizeof line, "fun cmf %s %s", fid, iid);
    for (size_t f = 3; f <= 4; f++) {
        char b[32];
        o += snprintf(line + o, sizeof line - (size_t)o, " %s",
                      text(x, (size_t)i, f, b, sizeof b));
    }
    snprintf(line + o, sizeof line - (size_t)o, " %s 0x00000000", tok);
    tgText_set(&x->m, (size_t)i, 0, line, TG_TEXT_AS_IS);
    keep_fields(x, (size_t)i, 0);
    mark(x, (size_t)i, 0, 0);
    return 1;
}

static int mut_thread_end(tl_mut *x)
{
    long i = find(x, TL_TAG(THR_DST), -1, 0);
    if (i < 0)
        return 0;
    if (x->variant == 0) {
        char iid[32];
        text(x, (size_t)i, 1, iid, sizeof iid);
        mark(x, (size_t)i, tgText_append(&x->m, (size_t)i, iid), 0);
    } else {
        tgText_set(&x->m, (size_t)i, 0, TL_TAG(THR_CRT), TG_TEXT_AS_IS);
        mark(x, (size_t)i, TG_TEXT_AT_END, 0);
    }
    return 1;
}

static int mut_fields_few(tl_mut *x)
{
    long i = first(x, VARIANT(TL_TAG(PRC_CPU), TL_TAG(PRF_TPS)));
    if (i < 0)
        return 0;
    x->m.l[i].n--;
    mark(x, (size_t)i, TG_TEXT_AT_END, 0);
    return 1;
}

static int mut_fields_many(tl_mut *x)
{
    return append_at(x, first(x, VARIANT(TL_TAG(PRC_CPU), TL_TAG(PRF_TRS))),
                     "12");
}

static int mut_fun_nam(tl_mut *x)
{
    long i = first(x, TL_TAG(FUN_NAM));
    if (i < 0)
        return 0;
    if (x->variant == 1)
        return append_at(x, i, "\"static\"");
    keep_fields(x, (size_t)i, 2);
    mark(x, (size_t)i, TG_TEXT_AT_END, 0);
    return 1;
}

/* ---- items ----------------------------------------------------------- */

static int mut_hex64(tl_mut *x)
{
    long i = first(x, TL_TAG(MOD_ATA));
    if (i < 0)
        return 0;
    char id[40];
    text(x, (size_t)i, 1, id, sizeof id);
    char s[48];
    switch (x->variant) {
    case 0: snprintf(s, sizeof s, "%s", id + 2); break;
    case 1: snprintf(s, sizeof s, "0x1%s", id + 2); break;
    case 2: snprintf(s, sizeof s, "0x"); break;
    default:
        snprintf(s, sizeof s, "%s", id);
        s[strlen(s) - 1] = 'G';
        break;
    }
    return set_at(x, i, 1, s);
}

static int mut_hex32(tl_mut *x)
{
    switch (x->variant) {
    case 0: return set_at(x, first(x, TL_TAG(THR_AOS)), 1, "0x000000001");
    case 1: return set_at(x, first(x, TL_TAG(MOD_LDF)), 4, "?");
    default: {
        long i = sample_with_frame(x);
        char f[40];
        if (i < 0)
            return 0;
        text(x, (size_t)i, 5, f, sizeof f);
        char *colon = strchr(f, ':');
        char s[48];
        snprintf(s, sizeof s, "?%s", colon ? colon : "");
        return set_at(x, i, 5, s);
    }
    }
}

static int mut_hex_canonical(tl_mut *x)
{
    long i = first(x, TL_TAG(MOD_ATA));
    if (i < 0)
        return 0;
    char id[40];
    text(x, (size_t)i, 1, id, sizeof id);
    for (char *c = id + 2; *c; c++)
        if (*c >= 'A' && *c <= 'F')
            *c = (char)(*c - 'A' + 'a');
    return set_at(x, i, 1, id);
}

/* The first frame of a stack sample, with the instruction pointer ip. */
static int frame_ip(tl_mut *x, const char *ip)
{
    long i = sample_with_frame(x);
    if (i < 0)
        return 0;
    char f[32], s[64];
    frame_function(x, i, 5, f, sizeof f);
    snprintf(s, sizeof s, "%s:%s", f, ip);
    if (!set_at(x, i, 5, s))
        return 0;
    x->mark.delta = strlen(f) + 1;
    return 1;
}

static int mut_ip(tl_mut *x)
{
    if (x->variant == 0)
        return frame_ip(x, "0x00007F3G00000000");
    long i = first(x, TL_TAG(SAM_MEM));
    if (i < 0)
        return 0;
    keep_fields(x, (size_t)i, 2);
    mark(x, (size_t)i, tgText_append(&x->m, (size_t)i, "0x00000000:1:24:?"),
         16);
    return 1;
}

static int mut_ip_frame(tl_mut *x) { return frame_ip(x, "?"); }

static int mut_num(tl_mut *x)
{
    return set_at(x, first(x, TL_TAG(PRC_CPU)), 1, VARIANT("-5", "+5"));
}

static int mut_num_range(tl_mut *x)
{
    long i = find(x, TL_TAG(SAM_STR), 0, 3);
    if (i < 0)
        return 0;
    char h[64], s[80];
    text(x, (size_t)i, 4, h, sizeof h);
    snprintf(s, sizeof s, "2147483648%s", strchr(h, ':'));
    return set_at(x, i, 4, s);
}

static int mut_quoted(tl_mut *x)
{
    if (x->variant == 0) {
        if (!set_at(x, first(x, TL_TAG(CLS_NAM)), 2, "\"System.Ob\"ject\""))
            return 0;
        x->mark.delta = 10;
        return 1;
    }
    long i = first(x, TL_TAG(MOD_LDF));
    if (i < 0)
        return 0;
    char name[200];
    text(x, (size_t)i, 5, name, sizeof name);
    name[strlen(name) - 1] = '\0';
    return set_at(x, i, 5, name);
}

static int mut_systime(tl_mut *x)
{
    long i = first(x, TL_TAG(PRF_STM));
    if (i < 0)
        return 0;
    if (x->variant == 0) {
        char t[32];
        text(x, (size_t)i, 2, t, sizeof t);
        strcat(t, "0");
        return set_at(x, i, 2, t);
    }
    return append_at(x, i, "+9:00");
}

static int mut_systime_range(tl_mut *x)
{
    long i = first(x, TL_TAG(PRF_STM));
    if (i < 0)
        return 0;
    tgText_set(&x->m, (size_t)i, 2, "25:61:61.100", TG_TEXT_AS_IS);
    return set_at(x, i, 1, "2018-13-40");
}

static int mut_item_parts(tl_mut *x)
{
    long i = first(x, x->variant == 0 ? TL_TAG(GCH_ALT) : TL_TAG(SAM_MEM));
    if (i < 0)
        return 0;
    keep_fields(x, (size_t)i, x->variant == 0 ? 1 : 2);
    mark(x, (size_t)i,
         tgText_append(&x->m, (size_t)i,
                       VARIANT("0x00000000:5", "0x00000000:2:48:0x7:0x8")),
         0);
    return 1;
}

/* fun inf with only the items given after its fixed fields. */
static int fun_items(tl_mut *x, const char *a, const char *b)
{
    long i = first(x, TL_TAG(FUN_INF));
    if (i < 0)
        return 0;
    keep_fields(x, (size_t)i, 5);
    tgText_append(&x->m, (size_t)i, a);
    mark(x, (size_t)i, tgText_append(&x->m, (size_t)i, b), 0);
    return 1;
}

static int mut_fun_items(tl_mut *x)
{
    return fun_items(x, "0x1:0x2:0x3", "0x00007F0000001000:0x40");
}

/* ---- values ---------------------------------------------------------- */

static long setting(const tl_mut *x, const char *name)
{
    for (size_t j = 0; j < x->m.nl; j++)
        if (x->m.l[j].n == 3 && tgText_text_is(&x->m, j, 0, TL_TAG(PRF_CFG)) &&
            tgText_text_is(&x->m, j, 1, name))
            return (long)j;
    return -1;
}

static int mut_cfg_token(tl_mut *x)
{
    return append_at(x, setting(x, "CollectionMethod"), "now");
}

static int mut_cfg_key(tl_mut *x)
{
    mark(x, add_line(x, 2, "prf cfg Foo 1"), TG_TEXT_AT_LINE, 8);
    return 1;
}

static int mut_cfg_value(tl_mut *x)
{
    return set_at(x,
                  setting(x, VARIANT("CollectionMethod", "SamplingTimeoutMs")),
                  2, VARIANT("Tracing", "ten"));
}

static int mut_cfg_bool(tl_mut *x)
{
    return set_at(x, setting(x, "LineTraceEnabled"), 2, "true");
}

static int mut_gc_reason(tl_mut *x)
{
    return set_at(x, first(x, TL_TAG(GCH_GCS)), 3, "explicit");
}

static int mut_gc_flags(tl_mut *x)
{
    long i = first(x, TL_TAG(GCH_GCS));
    if (i < 0)
        return 0;
    if (x->variant == 1)
        return set_at(x, i, 4, "tff");
    set_at(x, i, 4, "t");
    tgText_append(&x->m, (size_t)i, "f");
    tgText_append(&x->m, (size_t)i, "f");
    tgText_append(&x->m, (size_t)i, "f");
    return 1;
}

static int mut_thread_decimal(tl_mut *x)
{
    long i = first(x, TL_TAG(JIT_CMS));
    return set_at(x, i >= 0 ? i : first(x, TL_TAG(JIT_CSS)), 1, "4242");
}

/* ---- across lines ---------------------------------------------------- */

static int mut_start_first(tl_mut *x)
{
    tgText_copy_to_end(&x->m, 0);
    tgText_remove_line(&x->m, 0);
    mark(x, 0, TG_TEXT_AT_LINE, 0);
    return 1;
}

static int mut_start_twice(tl_mut *x)
{
    mark(x, tgText_copy_line(&x->m, 0), TG_TEXT_AT_LINE, 0);
    return 1;
}

/* A sample (tag, or either kind when tag is NULL) that follows an
 * earlier stack sample of its thread, and that earlier one in *prev; -1
 * if there is none. */
static long later_sample(const tl_mut *x, const char *tag, long *prev)
{
    for (size_t a = 0; a < x->m.nl; a++) {
        if (x->m.l[a].n < 5 || !tgText_text_is(&x->m, a, 0, TL_TAG(SAM_STR)))
            continue;
        for (size_t j = a + 1; j < x->m.nl; j++)
            if (is_sample(x, j) && same_thread(x, a, j) &&
                (tag ? tgText_text_is(&x->m, j, 0, tag) && x->m.l[j].n > 4
                     : 1)) {
                *prev = (long)a;
                return (long)j;
            }
    }
    return -1;
}

static int mut_stack_size(tl_mut *x)
{
    long prev, i = later_sample(x, TL_TAG(SAM_STR), &prev);
    if (i < 0)
        return 0;
    char h[64], s[80];
    text(x, (size_t)i, 4, h, sizeof h);
    char *colon = strchr(h, ':');
    unsigned long size = strtoul(colon + 1, NULL, 10);
    char *ip = strchr(colon + 1, ':');
    *colon = '\0';
    snprintf(s, sizeof s, "%s:%lu%s", h, size + 1, ip ? ip : "");
    if (!set_at(x, i, 4, s))
        return 0;
    x->mark.delta = strlen(h) + 1;
    return 1;
}

static int mut_stack_prefix(tl_mut *x)
{
    long i =
        find(x, TL_TAG(SAM_STR), -1, 3); /* no sample of its thread after */
    if (i < 0)
        return 0;
    char h[64], s[80];
    text(x, (size_t)i, 4, h, sizeof h);
    char *colon = strchr(h, ':');
    unsigned long size = strtoul(colon + 1, NULL, 10);
    snprintf(s, sizeof s, "%lu%s", size + 1, colon);
    return set_at(x, i, 4, s);
}

static int mut_sample_time(tl_mut *x)
{
    long prev, i = later_sample(x, NULL, &prev);
    if (i < 0 || tgText_num(&x->m, (size_t)prev, 2) == 0)
        return 0;
    return set_at(x, i, 2, "0");
}

static int mut_ref_undefined(tl_mut *x)
{
    long i = sample_with_frame(x);
    return set_at(x, i, 5, "0x0000FFFF");
}

static int mut_ref_ended(tl_mut *x)
{
    long d = find(x, TL_TAG(THR_DST), -1, 0);
    if (d < 1)
        return 0;
    /* the record just before it uses its thread (the generator's
     * thr cpu), and now follows it */
    size_t u = (size_t)d - 1;
    if (!same_thread(x, u, (size_t)d))
        return 0;
    tgText_copy_to_end(&x->m, (size_t)d);
    tgText_remove_line(&x->m, (size_t)d);
    tgText_place(&x->m, u);
    mark(x, u + 1, 1, 0);
    return 1;
}

static int mut_id_twice(tl_mut *x)
{
    long i = first(x, TL_TAG(CLS_LDF));
    if (i < 0)
        return 0;
    mark(x, tgText_copy_line(&x->m, (size_t)i), 2, 0);
    return 1;
}

static int mut_id_counter(tl_mut *x)
{
    size_t at = x->m.nl - 1;
    mark(x, add_line(x, at, "thr crt 0x00007F0000ABC000 0x000000FF"),
         TG_TEXT_AT_LINE, 30);
    return 1;
}

/* ---- what the 2019 reader misreads ----------------------------------- */

static int mut_rdr_bare_ip(tl_mut *x)
{
    return frame_ip(x, "00007F3A500000A4");
}

/* A line at the end of the file: head, the internal id of a thread
 * created (the k-th thr crt, from the end when k < 0), then tail; the
 * break marked delta bytes into it. */
static int thread_line(tl_mut *x, long k, const char *head, const char *tail,
                       uint64_t delta)
{
    long i = find(x, TL_TAG(THR_CRT), k, 1);
    if (i < 0)
        return 0;
    char iid[32], line[64];
    snprintf(line, sizeof line, "%s%s%s", head,
             text(x, (size_t)i, 2, iid, sizeof iid), tail);
    mark(x, add_line(x, x->m.nl, line), TG_TEXT_AT_LINE, delta);
    return 1;
}

static int mut_rdr_thread_end(tl_mut *x)
{
    return thread_line(x, -1, "thr dst ", "", 0);
}

static int mut_rdr_thread_iid(tl_mut *x)
{
    return thread_line(x, 0, "gch gcf ", " 999999", 8);
}

static int mut_rdr_fun_items(tl_mut *x)
{
    return fun_items(x, "0x00007F0000001000:0x40", "0x00007F0000002000:0x20");
}

static int mut_rdr_zone(tl_mut *x)
{
    return append_at(x, first(x, TL_TAG(PRF_STM)), "+09:00");
}

static int mut_rdr_sample_text(tl_mut *x)
{
    if (x->variant == 0)
        return set_at(x, first(x, TL_TAG(CLS_NAM)), 2,
                      "\"sam str 0x1 2 3 0:0\"");
    return set_at(x, first(x, TL_TAG(FUN_NAM)), 2, "\"cls nam 0x5 Program\"");
}

static int mut_rdr_hex32(tl_mut *x)
{
    long i = find(x, TL_TAG(FUN_INF), 0, 0);
    if (i < 0)
        return 0;
    keep_fields(x, (size_t)i, 5); /* its code infos and IL maps go */
    if (!append_at(x, i, "0x00007F0000001000:0x100000000"))
        return 0;
    x->mark.delta = 19; /* the size, after the start address */
    return 1;
}

static int mut_rdr_ip_0x(tl_mut *x)
{
    return frame_ip(x, "0x00007F3A500000A4");
}

static int mut_rdr_name_quotes(tl_mut *x)
{
    /* an application domain, right before the first assembly's module */
    long i = first(x, TL_TAG(MOD_LDF));
    if (i < 0)
        return 0;
    mark(x,
         add_line(x, (size_t)i,
                  "apd crf 0x00007F3A12340000 0x0000000000001F90 "
                  "0x00000000 \"DefaultDomain\""),
         TG_TEXT_AT_LINE, 57);
    return 1;
}

static int mut_rdr_undefined_id(tl_mut *x)
{
    return set_at(x, find(x, TL_TAG(SAM_MEM), 0, 0), 1, "?");
}

/* ---- the end of the input -------------------------------------------- */

static int mut_cut(tl_mut *x)
{
    /* the last line's tag and half its fields, the rest cut off */
    size_t i = x->m.nl - 1;
    keep_fields(x, i, (x->m.l[i].n - 1) / 2);
    x->m.l[i].eol = TG_TEXT_EOL_NONE;
    mark(x, i, TG_TEXT_AT_LINE, 0);
    return 1;
}

#define TG_RULES_DEF "../tracelog/rules.def"
static const tgText_mutator mutators[TL_NRULES] = {
#include "../../core/mutator_rows.h"
};

static const tgText_corpus corpus = {&tgFormat_tracelog, mutators, TL_NRULES,
                                     tl_model_init, tl_generate};

int tgTracelog_mutate(size_t rule, unsigned variant, uint64_t seed, tgOut *out,
                      tg_mutant *mu)
{
    return tgText_mutate(&corpus, rule, variant, seed, out, mu);
}
