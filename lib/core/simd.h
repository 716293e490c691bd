/* simd.h - which vector instructions the checks take, chosen once per
 * process at run time.
 *
 * The structural index of the text formats (textindex.c) has a kernel a
 * path: plain C (every machine, and the WebAssembly build), SSE2 (every
 * x86-64 has it) and AVX2 (where the processor and the operating system
 * have it).  Every kernel gives the same bit maps, so the same findings;
 * the environment variable TRACEGATE_SIMD (scalar, sse2 or avx2) caps the
 * path, so that the tests and the benchmark run each one on the same
 * machine.  A path the processor lacks is never taken: the cap is met
 * from below. */
#ifndef TG_SIMD_H
#define TG_SIMD_H

enum tgSimd_path { TG_SIMD_SCALAR, TG_SIMD_SSE2, TG_SIMD_AVX2, TG_SIMD_PATHS };

/*! tgSimd_path() : the path checks take: the best one this build and
 *  processor have, at most TRACEGATE_SIMD's (read at the first call). */
enum tgSimd_path tgSimd_path(void);

/*! tgSimd_best() : the best path this build and processor have. */
enum tgSimd_path tgSimd_best(void);

/*! tgSimd_name() : "scalar", "sse2" or "avx2". */
const char *tgSimd_name(enum tgSimd_path path);

/*! tgSimd_force() : take `path` (at most tgSimd_best()) from the next
 *  check on, in every thread: for the fuzz target that compares the
 *  paths on each input.  @return the path now taken. */
enum tgSimd_path tgSimd_force(enum tgSimd_path path);

#endif
