/* classify.c - what one run of a reader means.  The reader contract
 * (docs/oracle.md): exit 0 is "accepted", any other exit is
 * "rejected", unless the run shows a defect first: no end within the
 * timeout (hang), an out-of-memory message or a SIGKILL (out of memory),
 * the canary file (it ran code from the file), a signal, a crash exit
 * code or a crash message on stderr (crash).  The messages are PCRE2
 * patterns the user can replace; the defaults know Python, sanitizers,
 * C++, Rust, Java and .NET. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <pcre2.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"

static const char default_crash[] =
    "(?m)^Traceback \\(most recent call last\\)|ERROR: AddressSanitizer"
    "|ERROR: LeakSanitizer|runtime error:|^thread '.*' panicked"
    "|^Unhandled exception|terminate called|^Exception in thread"
    "|Segmentation fault|core dumped|stack smashing detected";
static const char default_oom[] =
    "MemoryError|std::bad_alloc|[Oo]ut of memory|Cannot allocate memory"
    "|allocation-size-too-big|requested allocation size"
    "|memory allocation of \\d+ bytes failed|OutOfMemoryError"
    "|OutOfMemoryException";

/* The exit codes sh gives a command killed by these signals, 128 + n:
 * crashes whether or not the shell exec'd the reader. */
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL,
                                    SIGABRT, SIGSYS, SIGTRAP};
#define NSIGNALS (sizeof crash_signals / sizeof *crash_signals)

struct or_patterns {
    pcre2_code *crash, *oom;
    int crash_codes[32], accept_codes[32];
    size_t ncrash, naccept;
    int misread_code; /* --misread-exit, or -1 */
};

static pcre2_code *compile(const char *text, const char *what)
{
    int code;
    PCRE2_SIZE at;
    pcre2_code *re =
        pcre2_compile((PCRE2_SPTR)text, PCRE2_ZERO_TERMINATED,
                      PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &code, &at, NULL);
    if (re == NULL) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(code, msg, sizeof msg);
        fprintf(stderr, "tracegate: oracle: the %s pattern at %zu: %s\n", what,
                (size_t)at, (const char *)msg);
        return NULL;
    }
    pcre2_jit_compile(re, PCRE2_JIT_COMPLETE); /* faster if it can */
    return re;
}

or_patterns *or_patterns_new(const char *crash, const char *oom,
                             const int *crash_codes, size_t ncodes,
                             const int *accept_codes, size_t naccept,
                             int misread_code)
{
    or_patterns *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    p->misread_code = misread_code;
    p->crash = compile(crash ? crash : default_crash, "--crash-pattern");
    p->oom = compile(oom ? oom : default_oom, "--oom-pattern");
    if (p->crash == NULL || p->oom == NULL ||
        ncodes + NSIGNALS > sizeof p->crash_codes / sizeof *p->crash_codes ||
        naccept > sizeof p->accept_codes / sizeof *p->accept_codes) {
        or_patterns_free(p);
        return NULL;
    }
    for (size_t i = 0; i < NSIGNALS; i++)
        p->crash_codes[p->ncrash++] = 128 + crash_signals[i];
    for (size_t i = 0; i < ncodes; i++)
        p->crash_codes[p->ncrash++] = crash_codes[i];
    memcpy(p->accept_codes, accept_codes, naccept * sizeof *accept_codes);
    p->naccept = naccept;
    return p;
}

void or_patterns_free(or_patterns *p)
{
    if (p == NULL)
        return;
    pcre2_code_free(p->crash);
    pcre2_code_free(p->oom);
    free(p);
}

static int listed(const int *codes, size_t n, int code)
{
    for (size_t i = 0; i < n; i++)
        if (codes[i] == code)
            return 1;
    return 0;
}

/* The line of text around byte `at`, into out. */
static void line_at(const char *text, size_t at, char *out, size_t size)
{
    size_t b = at, e = at;
    while (b > 0 && text[b - 1] != '\n')
        b--;
    while (text[e] && text[e] != '\n')
        e++;
    snprintf(out, size, "%.*s", (int)(e - b), text + b);
}

/* The last line of text that is not blank. */
static void last_line(const char *text, char *out, size_t size)
{
    size_t e = strlen(text);
    while (e > 0 && isspace((unsigned char)text[e - 1]))
        e--;
    line_at(text, e ? e - 1 : 0, out, size);
}

/* Whether re matches err; the line it matched, or for a Python
 * traceback its last line (the exception), goes to why. */
static int matches(const pcre2_code *re, const char *err, char *why,
                   size_t size)
{
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    if (md == NULL)
        return 0;
    int hit =
        pcre2_match(re, (PCRE2_SPTR)err, strlen(err), 0, 0, md, NULL) >= 0;
    if (hit) {
        size_t at = pcre2_get_ovector_pointer(md)[0];
        if (strncmp(err + at, "Traceback", 9) == 0)
            last_line(err, why, size);
        else
            line_at(err, at, why, size);
    }
    pcre2_match_data_free(md);
    return hit;
}

/* Whether a line is a shell's report of a crash signal: the signal's
 * name as strsignal() gives it ("Segmentation fault", "Aborted"), or
 * "core dumped". */
static int signal_words(const char *line)
{
    for (size_t i = 0; i < NSIGNALS; i++)
        if (strstr(line, strsignal(crash_signals[i])) != NULL)
            return 1;
    return strstr(line, "core dumped") != NULL;
}

or_class or_classify(const or_patterns *p, const or_run *r,
                     const or_judgement *j, char *why, size_t size)
{
    why[0] = '\0';
    if (r->timed_out) {
        snprintf(why, size, "still running after the timeout");
        return OR_HANG;
    }
    if (matches(p->oom, r->err, why, size))
        return OR_OOM;
    if (r->signal == SIGKILL || (r->exited && r->status == 128 + SIGKILL)) {
        snprintf(why, size, "killed by SIGKILL (an out-of-memory killer)");
        return OR_OOM;
    }
    if (r->canary) {
        snprintf(why, size, "made the file %s: it ran code from the trace",
                 OR_CANARY);
        return OR_EXECUTES;
    }
    /* A crash's own words (an uncaught exception and its message, a
     * sanitizer's report, a panic) name its cause, where the signal or
     * exit code that ended it is the same for every cause (a .NET
     * runtime aborts on each uncaught exception): crashes are grouped by
     * them when there are some.  A shell's report of the signal
     * ("Segmentation fault") says no more than the signal does. */
    int said = matches(p->crash, r->err, why, size);
    if (said && !signal_words(why))
        return OR_CRASH;
    if (r->signal) {
        snprintf(why, size, "killed by signal %d (%s)", r->signal,
                 strsignal(r->signal));
        return OR_CRASH;
    }
    if (r->exited && listed(p->crash_codes, p->ncrash, r->status)) {
        if (r->status > 128 && listed(p->crash_codes, NSIGNALS, r->status))
            snprintf(why, size,
                     "exit code %d: signal %d (%s), as a shell reports it",
                     r->status, r->status - 128, strsignal(r->status - 128));
        else
            snprintf(why, size, "exit code %d, a crash", r->status);
        return OR_CRASH;
    }
    if (said) /* a shell's report of a signal, and no signal or crash code */
        return OR_CRASH;
    /* a harness's word that the reader read the file, and got it wrong */
    int misread =
        r->exited && p->misread_code >= 0 && r->status == p->misread_code;
    int accepted =
        r->exited && (r->status == 0 || misread ||
                      listed(p->accept_codes, p->naccept, r->status));
    if (j->expect == TG_DUTY_UNDECIDED)
        return OR_UNSCORED;
    if (j->expect == TG_DUTY_REJECT && accepted)
        return OR_ACCEPTS_INVALID;
    if (misread) {
        line_at(r->err, 0, why, size); /* what the harness says differs */
        return OR_MISREADS;
    }
    if (j->expect != TG_DUTY_REJECT && !accepted) {
        line_at(r->err, 0, why,
                size); /* the reader's reason, if it gave one */
        return OR_REJECTS_VALID;
    }
    return OR_RIGHT;
}

void or_signature(const char *why, char *out, size_t size)
{
    size_t o = 0;
    for (const char *s = why; *s && o + 1 < size;) {
        if (isdigit((unsigned char)*s)) { /* numbers, addresses: # */
            while (isxdigit((unsigned char)*s) || *s == 'x')
                s++;
            out[o++] = '#';
        } else if (*s == '/' || (*s == '.' && s[1] == '/')) { /* paths */
            while (*s && !isspace((unsigned char)*s) && *s != '\'' &&
                   *s != '"' && *s != ':' && *s != ',')
                s++;
            out[o++] = '/';
        } else {
            out[o++] = *s++;
        }
    }
    out[o] = '\0';
}

or_class or_masked(or_class cls, tg_duty expect, tg_duty parent_expect,
                   unsigned parent_ran, int alike)
{
    if (parent_ran == 0 || parent_expect == TG_DUTY_REJECT)
        return cls;
    or_class parent = (or_class)(parent_ran - 1);
    /* a parent misread was read: its mutant's rejection says something */
    int turned_down = cls == OR_RIGHT && expect == TG_DUTY_REJECT &&
                      or_is_defect(parent) &&
                      or_took_of(parent, parent_expect) != OR_TOOK_ACCEPT;
    int failed_alike = or_blocks(cls) && cls == parent && alike;
    return turned_down || failed_alike ? OR_MASKED : cls;
}

int or_blocks(or_class c)
{
    return c == OR_HANG || c == OR_OOM || c == OR_CRASH;
}

or_took or_took_of(or_class cls, tg_duty expect)
{
    switch (cls) {
    case OR_ACCEPTS_INVALID:
    case OR_MISREADS: return OR_TOOK_ACCEPT;
    case OR_REJECTS_VALID: return OR_TOOK_REJECT;
    case OR_RIGHT:
        return expect == TG_DUTY_REJECT ? OR_TOOK_REJECT : OR_TOOK_ACCEPT;
    default: return OR_TOOK_OTHER;
    }
}

const char *or_class_name(or_class c)
{
    static const char *const names[OR_NCLASSES] = {
        "hang",     "out-of-memory",   "executes-input", "crash",
        "misreads", "accepts-invalid", "rejects-valid",  "right",
        "masked",   "not-read",        "unscored"};
    return names[c];
}

int or_is_defect(or_class c) { return c < OR_RIGHT; }
