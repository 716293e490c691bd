/* simd.c - see simd.h. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "simd.h"
#include "tracegate.h"

static const char *const names[TG_SIMD_PATHS] = {"scalar", "sse2", "avx2"};

/* The path in use plus one; 0 until it is chosen.  Choosing is the same
 * in every thread, so two that race store the same value. */
static atomic_int chosen;

const char *tgSimd_name(enum tgSimd_path path)
{
    return path < TG_SIMD_PATHS ? names[path] : "?";
}

/* The path of that name, or TG_SIMD_PATHS for none. */
static enum tgSimd_path named(const char *name)
{
    for (int p = 0; p < TG_SIMD_PATHS; p++)
        if (strcmp(name, names[p]) == 0)
            return (enum tgSimd_path)p;
    return TG_SIMD_PATHS;
}

enum tgSimd_path tgSimd_best(void)
{
#if defined(__x86_64__) && !defined(TG_SCAN16_PORTABLE)
    /* GCC's and clang's test also asks whether the operating system
     * saves the wide registers */
    return __builtin_cpu_supports("avx2") ? TG_SIMD_AVX2 : TG_SIMD_SSE2;
#else
    return TG_SIMD_SCALAR;
#endif
}

enum tgSimd_path tgSimd_force(enum tgSimd_path path)
{
    enum tgSimd_path best = tgSimd_best();
    if (path > best)
        path = best;
    atomic_store(&chosen, (int)path + 1);
    return path;
}

enum tgSimd_path tgSimd_path(void)
{
    int c = atomic_load(&chosen);
    if (c != 0)
        return (enum tgSimd_path)(c - 1);
    const char *cap = getenv("TRACEGATE_SIMD");
    enum tgSimd_path want = cap ? named(cap) : TG_SIMD_PATHS;
    return tgSimd_force(want);
}

const char *tg_simd_path(void) { return tgSimd_name(tgSimd_path()); }
