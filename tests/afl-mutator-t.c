/* afl-mutator-t.c - AFL++'s custom mutator (fuzz/afl_mutator.c, built here
 * for dumpalloc) keeps the contract of AFL++'s docs/custom_mutators.md: it
 * hands back either the input unchanged or a buffer of its own of at most
 * max_size bytes; and the structure-aware inputs it shares with libFuzzer
 * (fuzz/structured.h) are, for every format, valid traces that tracegate
 * accepts and rules' mutants that it does not.  Failure: an output past
 * max_size, a changed input buffer, a "valid" trace with a finding, or no
 * mutant with one. */
#define FUZZ_FORMAT "dumpalloc"
#include "../fuzz/afl_mutator.c"

#include "support.h"
#include "tap.h"

int main(void)
{
    uint8_t input[16] = "not a trace....";
    size_t made = 0, unchanged = 0, too_big = 0, moved_input = 0;
    void *m = afl_custom_init(NULL, 7);
    ok(m != NULL, "afl_custom_init gives a mutator");
    for (int i = 0; i < 200; i++) {
        uint8_t *out = NULL;
        size_t max = i % 4 == 0 ? 8 : 1 << 16; /* 8: no trace fits */
        size_t n = afl_custom_fuzz(m, input, sizeof input, &out, NULL, 0, max);
        too_big += n > max && out != input;
        moved_input += memcmp(input, "not a trace....", 16) != 0;
        if (out == input)
            unchanged += n == sizeof input;
        else
            made++;
    }
    afl_custom_deinit(m);
    ok(too_big == 0 && moved_input == 0,
       "200 calls: no output past max_size, the input never written");
    ok(made >= 140 && unchanged >= 50,
       "%zu new traces, %zu times the input handed back (max_size 8: 50)",
       made, unchanged);

    /* every format: valid picks pass, mutant picks fail */
    uint8_t *buf = malloc(1 << 20);
    for (size_t f = 0; f < tg_format_count(); f++) {
        const char *fmt = tg_format_at(f)->name;
        tg_validator *v = tg_validator_new(fmt);
        size_t valid = 0, valid_bad = 0, mutants = 0, mutants_caught = 0;
        for (unsigned pick = 0; pick < 400; pick++) {
            size_t n = fuzz_structured(fmt, buf, 1 << 20, pick, pick * 31u);
            if (n == 0)
                continue;
            const tg_format_info *fi = tg_format_at(f);
            size_t np = 0;
            while (fi->profiles[np])
                np++;
            tg_set_profile(v,
                           fi->profiles[pick % 5 == 0 ? (pick >> 4) % np : 0]);
            findings got = {0};
            tg_verdict r = tg_check_buffer(v, buf, n, collect, &got);
            if (pick % 5 == 0) {
                valid++;
                valid_bad += r != TG_CONFORMANT || got.count != 0;
            } else {
                mutants++;
                mutants_caught += got.count != 0;
            }
            findings_reset(&got, NULL);
        }
        ok(valid >= 50 && valid_bad == 0,
           "%s: %zu valid picks, every one without a finding", fmt, valid);
        ok(mutants >= 200 && mutants_caught * 2 > mutants,
           "%s: %zu mutant picks, %zu of them with findings", fmt, mutants,
           mutants_caught);
        tg_validator_free(v);
    }
    free(buf);
    return done_testing();
}
