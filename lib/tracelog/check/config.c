/* config.c - a prf cfg record: a setting the writer prints, and a value
 * of its kind (settings.def; spec/tracelog.md TL-A10). */
#include <string.h>

#include "check.h"

static int is(const unsigned char *p, size_t n, const char *s)
{
    return n == strlen(s) && memcmp(p, s, n) == 0;
}

void tl_config(tl_check *k, size_t ks, size_t ke, size_t vs, size_t ve)
{
    const unsigned char *name = k->p + ks, *v = k->p + vs;
    size_t nn = ke - ks, nv = ve - vs;
    char q[48];
    if (memchr(name, '"', nn) || memchr(v, '"', nv)) {
        k->field = memchr(name, '"', nn) ? 0 : 1;
        tl_report(k, TL_CFG_TOKEN, k->at + (k->field ? vs : ks),
                  k->field ? nv : nn, "a token without double quotes",
                  "a double quote");
        return;
    }
    int set = 0;
    while (set < TL_NSETTINGS && !is(name, nn, tl_settings[set].name))
        set++;
    if (set == TL_NSETTINGS) {
        k->field = 0;
        tl_report(k, TL_CFG_KEY, k->at + ks, nn, "a setting the writer prints",
                  TG_ENGINE_QUOTED(k->c, TL_CFG_KEY, name, nn, q));
        return;
    }
    k->field = 1;
    const char *exp = NULL;
    switch (tl_settings[set].kind) {
    case TL_SET_METHOD:
        if (!is(v, nv, tl_methods[0]) && !is(v, nv, tl_methods[1]) &&
            !is(v, nv, tl_methods[2]))
            exp = "None, Instrumentation or Sampling";
        break;
    case TL_SET_NUMBER:
        for (size_t i = 0; i < nv && !exp; i++)
            if (v[i] - (unsigned)'0' >= 10)
                exp = "an unsigned decimal number";
        if (nv == 0)
            exp = "an unsigned decimal number";
        break;
    case TL_SET_SWITCH:
        if (is(v, nv, "true") || is(v, nv, "false"))
            tl_report(k, TL_CFG_BOOL_WORD, k->at + vs, nv, "T or F",
                      TG_ENGINE_QUOTED(k->c, TL_CFG_BOOL_WORD, v, nv, q));
        else if (!is(v, nv, "T") && !is(v, nv, "F"))
            exp = "T or F";
        break;
    }
    if (exp)
        tl_report(k, TL_CFG_VALUE, k->at + vs, nv, exp,
                  TG_ENGINE_QUOTED(k->c, TL_CFG_VALUE, v, nv, q));
}
