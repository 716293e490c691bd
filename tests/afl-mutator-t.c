/* afl-mutator-t.c - AFL++'s custom mutator (cli/oracle/afl/mutator.c)
 * keeps the contract of AFL++'s docs/custom_mutators.md: it hands back
 * either the input unchanged or a buffer of its own of at most max_size
 * bytes, never writes the input, and says what it made in a name a file
 * may carry.  And it mutates the input, not only makes new traces: a
 * change of one binary field leaves every byte but the field's as it
 * was, a unit change keeps the header, and for every format a valid
 * input gives outputs that tracegate rejects and outputs that it
 * accepts.  When AFL++ keeps an input made by renaming a region (AFPerf:
 * a RegionStart's id 0 made 70000), fuzzing it follows the change: the
 * RegionStop of region 0 is made to name 70000 too.  A relayout
 * (NetTrace: a metadata row retyped with its events) of a valid trace is
 * valid, and no other format makes one.  Once AFL++ has kept a new entry,
 * some calls fuzz it rather than the input handed over, most do not.
 * Failure: an output past max_size, a written input, a field change
 * elsewhere, a format whose mutations all pass or all fail, a change not
 * followed, a relayout rejected or made for a text format, the newest
 * entry never fuzzed or always. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"
#include "tap.h"
#include "tracegate_corpus.h"

void *afl_custom_init(void *afl, unsigned int seed);
size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size,
                       uint8_t **out_buf, uint8_t *add_buf,
                       size_t add_buf_size, size_t max_size);
const char *afl_custom_describe(void *data, size_t max_description);
uint8_t afl_custom_queue_new_entry(void *data, const uint8_t *new_name,
                                   const uint8_t *orig_name);
uint8_t afl_custom_queue_get(void *data, const uint8_t *name);
void afl_custom_deinit(void *data);

/* How wide the run of bytes is from the first to the last at which the
 * n bytes at a and b differ: 0 when they are the same. */
static size_t differing_width(const unsigned char *a, const unsigned char *b,
                              size_t n)
{
    size_t first = n, last = 0;
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) {
            if (first == n)
                first = i;
            last = i;
        }
    return first == n ? 0 : last - first + 1;
}

static void write_file(const char *path, const unsigned char *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    fwrite(p, 1, n, f);
    fclose(f);
}

/* An AFPerf input AFL++ kept after the mutator renamed region 0's start
 * to 70000: fuzzing it, the mutator renames the stop as well. */
static void follow_a_rename(void)
{
    setenv("TG_AFL_FORMAT", "afperf", 1);
    tgMembuf orig = {0};
    gen_into(&orig, "afperf", NULL, 1);
    char *text = malloc(orig.n + 16), *start = NULL;
    memcpy(text, orig.p, orig.n);
    text[orig.n] = '\0';
    /* the first RegionStart of region 0 ("RegionStart,T,RUN,0,") */
    for (char *l = text; l && !start; l = strchr(l, '\n'), l += l != NULL) {
        char *c1 = strchr(l, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
        char *c3 = c2 ? strchr(c2 + 1, ',') : NULL;
        if ((strncmp(l, "RegionStart,", 12) == 0 ||
             strncmp(l, "5,", 2) == 0) &&
            c3 && strncmp(c3, ",0,", 3) == 0)
            start = c3 + 1;
    }
    ok(start != NULL, "the generated AFPerf trace starts region 0");
    if (start == NULL)
        return;
    size_t at = (size_t)(start - text), n = orig.n + 4;
    memmove(start + 5, start + 1, orig.n - at - 1);
    memcpy(start, "70000", 5);
    char dir[] = "/tmp/tg-afl-mutator-XXXXXX", was[64], is[64];
    ok(mkdtemp(dir) != NULL, "a scratch folder");
    snprintf(was, sizeof was, "%s/id:000001,orig:seed", dir);
    snprintf(is, sizeof is, "%s/id:000002,src:000001,op:tg-field", dir);
    write_file(was, orig.p, orig.n);
    write_file(is, (unsigned char *)text, n);
    void *m = afl_custom_init(NULL, 5);
    afl_custom_queue_new_entry(m, (uint8_t *)is, (uint8_t *)was);
    afl_custom_queue_get(m, (uint8_t *)is);
    size_t follows = 0, stops_follow = 0;
    for (int i = 0; i < 400; i++) {
        uint8_t *out = NULL;
        size_t k =
            afl_custom_fuzz(m, (uint8_t *)text, n, &out, NULL, 0, 1 << 20);
        if (strcmp(afl_custom_describe(m, 64), "tg-follow-all") != 0)
            continue;
        follows++;
        char *o = malloc(k + 1);
        memcpy(o, out, k);
        o[k] = '\0';
        /* region 0's stop: "RegionStop,T,70000" or "6,T,70000" */
        int stop = 0;
        for (char *l = o; l && !stop; l = strchr(l, '\n'), l += l != NULL) {
            char *c1 = strchr(l, ',');
            stop = (strncmp(l, "RegionStop,", 11) == 0 ||
                    strncmp(l, "6,", 2) == 0) &&
                   c1 && strchr(c1 + 1, ',') &&
                   strncmp(strchr(c1 + 1, ','), ",70000\n", 7) == 0;
        }
        stops_follow += stop != 0;
        free(o);
    }
    ok(follows >= 10 && stops_follow == follows,
       "a rename followed %zu times, region 0's stop renamed in each (%zu)",
       follows, stops_follow);
    afl_custom_deinit(m);
    remove(was);
    remove(is);
    rmdir(dir);
    free(text);
    tgMembuf_free(&orig);
}

/* After AFL++ keeps entry X (made from Y), calls handed Y fuzz X a
 * quarter of the time: counted by the field changes, which leave every
 * byte but the field's as they were in the input they changed. */
static void fuzz_the_newest(void)
{
    setenv("TG_AFL_FORMAT", "nettrace", 1);
    tgMembuf y = {0}, x = {0};
    gen_into(&y, "nettrace", NULL, 1);
    gen_into(&x, "nettrace", NULL, 2);
    char dir[] = "/tmp/tg-afl-mutator-XXXXXX", yp[64], xp[80];
    ok(mkdtemp(dir) != NULL, "a scratch folder");
    snprintf(yp, sizeof yp, "%s/id:000001,orig:seed", dir);
    snprintf(xp, sizeof xp, "%s/id:000002,src:000001,op:havoc", dir);
    write_file(yp, y.p, y.n);
    write_file(xp, x.p, x.n);
    void *m = afl_custom_init(NULL, 7);
    afl_custom_queue_new_entry(m, (uint8_t *)xp, (uint8_t *)yp);
    afl_custom_queue_get(m, (uint8_t *)yp);
    size_t from_x = 0, from_y = 0;
    for (int i = 0; i < 800; i++) {
        uint8_t *out = NULL;
        size_t n = afl_custom_fuzz(m, y.p, y.n, &out, NULL, 0, 1 << 20);
        const char *said = afl_custom_describe(m, 64);
        if (strncmp(said, "tg-field-", 9) != 0 || strstr(said, "-all"))
            continue;
        from_x += n == x.n && differing_width(x.p, out, n) <= 8;
        from_y += n == y.n && differing_width(y.p, out, n) <= 8;
    }
    ok(from_x >= 10 && from_y > 2 * from_x,
       "the newest entry fuzzed besides AFL++'s pick: %zu field changes of "
       "it, %zu of the input handed over",
       from_x, from_y);
    afl_custom_deinit(m);
    remove(xp);
    remove(yp);
    rmdir(dir);
    tgMembuf_free(&x);
    tgMembuf_free(&y);
}

int main(void)
{
    setenv("TG_AFL_FORMAT", "no-such-format", 1);
    ok(afl_custom_init(NULL, 1) == NULL,
       "TG_AFL_FORMAT naming no format: no mutator");
    setenv("TG_AFL_FORMAT", "nettrace", 1);
    setenv("TG_AFL_PROFILE", "no-such-profile", 1);
    ok(afl_custom_init(NULL, 1) == NULL,
       "TG_AFL_PROFILE naming no profile of it: no mutator");
    unsetenv("TG_AFL_PROFILE");

    for (size_t f = 0; f < tg_format_count(); f++) {
        const tg_format_info *fi = tg_format_at(f);
        setenv("TG_AFL_FORMAT", fi->name, 1);
        tgMembuf in = {0}, other = {0};
        gen_into(&in, fi->name, NULL, 3);
        gen_into(&other, fi->name, NULL, 4);
        unsigned char *copy = malloc(in.n);
        memcpy(copy, in.p, in.n);
        void *m = afl_custom_init(NULL, 11);
        ok(m != NULL, "%s: a mutator", fi->name);
        tg_checker *v = tgTest_checker(fi->name);
        size_t too_big = 0, written = 0, bad_name = 0, field_elsewhere = 0;
        size_t fields = 0, units = 0, fresh = 0, header_lost = 0;
        size_t rejected = 0, accepted = 0, layouts = 0, layout_bad = 0;
        for (int i = 0; i < 600; i++) {
            uint8_t *out = NULL;
            size_t max = i % 50 == 0 ? 8 : 1 << 20; /* 8: nothing fits */
            size_t n =
                afl_custom_fuzz(m, in.p, in.n, &out, other.p, other.n, max);
            const char *said = afl_custom_describe(m, 64);
            too_big += out != in.p && n > max;
            written += memcmp(copy, in.p, in.n) != 0;
            bad_name += strlen(said) >= 64 || strchr(said, '/') != NULL;
            if (out == in.p)
                continue;
            if (strncmp(said, "tg-field-", 9) == 0) {
                fields++;
                /* one binary field: the same size, changed within 8
                 * bytes ("-all": the fields of its value with it) */
                if (!fi->text && strstr(said, "-all") == NULL &&
                    (n != in.n || differing_width(in.p, out, n) > 8))
                    field_elsewhere++;
            } else if (strncmp(said, "tg-unit-", 8) == 0) {
                size_t head = 4 < in.n ? 4 : in.n;
                units++;
                header_lost += n < head || memcmp(out, in.p, head) != 0;
            } else if (strcmp(said, "tg-layout") == 0) {
                layouts++;
                layout_bad +=
                    tg_checker_check_buffer(v, out, n, NULL, NULL, NULL,
                                            NULL) != TG_CONFORMANT;
            } else {
                fresh += strcmp(said, "tg-fresh") == 0;
            }
            if (tg_checker_check_buffer(v, out, n, NULL, NULL, NULL, NULL) ==
                TG_CONFORMANT)
                accepted++;
            else
                rejected++;
        }
        ok(too_big == 0 && written == 0 && bad_name == 0,
           "%s: no output past max_size, the input never written, names "
           "under 64 bytes without a '/'",
           fi->name);
        ok(fields >= 100 && field_elsewhere == 0,
           "%s: %zu field changes, each in the field alone", fi->name, fields);
        ok(units >= 100 && header_lost == 0,
           "%s: %zu unit changes, each keeping the header", fi->name, units);
        ok(fresh >= 20, "%s: %zu fresh traces", fi->name, fresh);
        if (strcmp(fi->name, "nettrace") == 0)
            ok(layouts >= 20 && layout_bad == 0,
               "%s: %zu relayouts, each a valid trace", fi->name, layouts);
        else
            ok(layouts == 0, "%s: no relayout (%zu)", fi->name, layouts);
        ok(accepted >= 30 && rejected >= 100,
           "%s: %zu outputs accepted, %zu rejected", fi->name, accepted,
           rejected);
        tg_checker_free(v);
        afl_custom_deinit(m);
        free(copy);
        tgMembuf_free(&in);
        tgMembuf_free(&other);
    }
    follow_a_rename();
    fuzz_the_newest();
    return done_testing();
}
