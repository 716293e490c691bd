/* options.c - the command line of `tracegate oracle`, and the profile
 * files are judged under. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

static int add_code(int *codes, size_t *n, const char *arg)
{
    char *end;
    long v = strtol(arg, &end, 10);
    if (*end || end == arg || v < 0 || v > 255 || *n == MAX_CODES)
        return -1;
    codes[(*n)++] = (int)v;
    return 0;
}

static int known_profile(const char *profile)
{
    for (size_t f = 0; f < tg_format_count(); f++)
        for (const char *const *p = tg_format_at(f)->profiles; *p; p++)
            if (strcmp(*p, profile) == 0)
                return 1;
    return strcmp(profile, "manifest") == 0;
}

/* Whether every item of a comma-separated list is a version some format
 * names (tg_format_info.versions). */
static int known_versions(const char *list)
{
    for (const char *v = list;; v++) {
        size_t n = strcspn(v, ",");
        int known = 0;
        for (size_t f = 0; f < tg_format_count() && !known; f++)
            for (const char *const *p = tg_format_at(f)->versions; *p; p++)
                known |= strlen(*p) == n && strncmp(*p, v, n) == 0;
        if (!known)
            return 0;
        v += n;
        if (*v == '\0')
            return 1;
    }
}

const char *or_declared_profile(const options *o)
{
    return o->profile && strcmp(o->profile, "manifest") != 0 ? o->profile
                                                             : NULL;
}

int or_in_scope(const options *o, const char *version)
{
    if (o->reads == NULL || version[0] == '\0')
        return 1;
    size_t n = strlen(version);
    for (const char *v = o->reads;; v++) {
        size_t len = strcspn(v, ",");
        if (len == n && strncmp(v, version, n) == 0)
            return 1;
        v += len;
        if (*v == '\0')
            return 0;
    }
}

int or_parse_options(int argc, char **argv, options *o)
{
    static const struct option longs[] = {
        {"reader", required_argument, NULL, 'r'},
        {"timeout", required_argument, NULL, 't'},
        {"memory", required_argument, NULL, 'm'},
        {"jobs", required_argument, NULL, 'j'},
        {"crash-exit", required_argument, NULL, 'c'},
        {"accept-exit", required_argument, NULL, 'a'},
        {"crash-pattern", required_argument, NULL, 'C'},
        {"oom-pattern", required_argument, NULL, 'M'},
        {"report", required_argument, NULL, 'R'},
        {"output", required_argument, NULL, 'o'},
        {"keep", required_argument, NULL, 'k'},
        {"shrink-runs", required_argument, NULL, 's'},
        {"profile", required_argument, NULL, 'p'},
        {"fuzz", required_argument, NULL, 'F'},
        {"format", required_argument, NULL, 'f'},
        {"seed", required_argument, NULL, 'S'},
        {"shrink-time", required_argument, NULL, 'T'},
        {"reads", required_argument, NULL, 'V'},
        {"sweep", no_argument, NULL, 'W'},
        {"progress", no_argument, NULL, 'P'},
        {"serve", no_argument, NULL, 'E'},
        {"misread-exit", required_argument, NULL, 'D'},
        {"engine", required_argument, NULL, 'e'},
        {"mutations", required_argument, NULL, 'u'},
        {NULL, 0, NULL, 0}};
    static const char *const forms[] = {"text", "json", "junit", "markdown"};
    o->lim.timeout = 10;
    o->lim.memory_mib = 2048;
    o->jobs = 1;
    o->keep = "tracegate-oracle";
    o->shrink_runs = 200;
    o->shrink_time = 60;
    o->misread_code = -1;
    optind = 1;
    int c;
    uint64_t n;
    char *end;
    while ((c = getopt_long(argc, argv, "r:j:o:", longs, NULL)) != -1) {
        switch (c) {
        case 'r':
            if (o->nreaders == MAX_READERS)
                return tgCli_usage("oracle: at most %d readers", MAX_READERS);
            o->readers[o->nreaders++] = optarg;
            break;
        case 't':
            o->lim.timeout = strtod(optarg, &end);
            if (*end || end == optarg || !(o->lim.timeout > 0) ||
                o->lim.timeout > 86400)
                return tgCli_usage("oracle: --timeout wants seconds, "
                                   "0 < S <= 86400");
            break;
        case 'm':
            if (tgCli_number(optarg, &o->lim.memory_mib) != 0 ||
                o->lim.memory_mib > (1u << 24))
                return tgCli_usage("oracle: --memory wants MiB (0: no cap)");
            break;
        case 'j':
            if (tgCli_number(optarg, &n) != 0 || n == 0 || n > 256)
                return tgCli_usage("oracle: --jobs wants 1 to 256");
            o->jobs = (unsigned)n;
            break;
        case 'c':
        case 'a':
            if (add_code(c == 'c' ? o->crash_codes : o->accept_codes,
                         c == 'c' ? &o->ncrash : &o->naccept, optarg) != 0)
                return tgCli_usage("oracle: '%s' is not an exit code 0-255 "
                                   "(at most %d of a kind)",
                                   optarg, MAX_CODES);
            break;
        case 'C': o->crash_re = optarg; break;
        case 'M': o->oom_re = optarg; break;
        case 'R':
            for (n = 0; n < 4 && strcmp(optarg, forms[n]); n++)
                ;
            if (n == 4)
                return tgCli_usage(
                    "oracle: --report text|json|junit|markdown");
            o->form = (or_report)n;
            break;
        case 'o': o->output = optarg; break;
        case 'k': o->keep = optarg; break;
        case 'p': o->profile = optarg; break;
        case 'F':
            o->fuzz = strtod(optarg, &end);
            if (*end || end == optarg || !(o->fuzz > 0) || o->fuzz > 1e6)
                return tgCli_usage("oracle: --fuzz wants seconds");
            break;
        case 'f': o->format = optarg; break;
        case 'S':
            if (tgCli_number(optarg, &o->seed) != 0)
                return tgCli_usage("oracle: --seed wants a number");
            break;
        case 's':
            if (tgCli_number(optarg, &o->shrink_runs) != 0)
                return tgCli_usage("oracle: --shrink-runs wants a count");
            break;
        case 'T':
            o->shrink_time = strtod(optarg, &end);
            if (*end || end == optarg || !(o->shrink_time >= 0) ||
                o->shrink_time > 86400)
                return tgCli_usage("oracle: --shrink-time wants seconds, "
                                   "0 <= S <= 86400");
            break;
        case 'V':
            if (!known_versions(optarg))
                return tgCli_usage("oracle: --reads wants versions that a "
                                   "format names, comma-separated (%s)",
                                   optarg);
            o->reads = optarg;
            break;
        case 'W': o->sweep = 1; break;
        case 'P': o->progress = 1; break;
        case 'E': o->lim.serve = 1; break;
        case 'D': {
            int codes[1];
            size_t one = 0;
            if (add_code(codes, &one, optarg) != 0 || codes[0] == 0)
                return tgCli_usage("oracle: --misread-exit wants an exit "
                                   "code 1-255, not '%s'",
                                   optarg);
            o->misread_code = codes[0];
            break;
        }
        case 'e':
            if (strcmp(optarg, "afl") != 0 && strcmp(optarg, "black-box") != 0)
                return tgCli_usage("oracle: --engine black-box|afl");
            o->afl = strcmp(optarg, "afl") == 0;
            break;
        case 'u': {
            static const char *const names[] = {"tracegate", "havoc",
                                                "black-box"};
            for (n = 0; n < 3 && strcmp(optarg, names[n]); n++)
                ;
            if (n == 3)
                return tgCli_usage(
                    "oracle: --mutations tracegate|havoc|black-box");
            o->mutations = (enum or_mutations)n;
            o->mutations_set = 1;
            break;
        }
        default: return tgCli_usage("oracle: bad option");
        }
    }
    if (o->nreaders == 0)
        return tgCli_usage("oracle: --reader 'COMMAND {}' is required");
    for (size_t i = 0; o->lim.serve && i < o->nreaders; i++)
        if (strstr(o->readers[i], "{}"))
            return tgCli_usage("oracle: with --serve a reader reads the "
                               "paths on its stdin: its command has no {}");
    if (o->afl && (o->fuzz == 0 || o->nreaders != 1 || o->lim.serve))
        return tgCli_usage("oracle: --engine afl runs one --reader for "
                           "--fuzz SECONDS, without --serve");
    if (o->mutations_set && !o->afl)
        return tgCli_usage("oracle: --mutations is for --engine afl");
    if (o->profile && !known_profile(o->profile))
        return tgCli_usage("oracle: no format has a profile '%s'", o->profile);
    int folders = optind < argc;
    if ((o->fuzz > 0 || (o->sweep && !folders)) &&
        (o->format == NULL || tgCli_format(o->format) == NULL))
        return tgCli_usage("oracle: --fuzz, and --sweep without a corpus "
                           "folder, want --format NAME, a format tracegate "
                           "knows");
    if (o->format && o->fuzz == 0 && !(o->sweep && !folders))
        return tgCli_usage("oracle: --format is for --fuzz and --sweep (the "
                           "corpus manifest says each file's)");
    if (!folders && o->fuzz == 0 && !o->sweep)
        return tgCli_usage("oracle: name at least one corpus folder, or "
                           "--fuzz SECONDS, or --sweep");
    return 0;
}

/* Which profile files are judged under: the reader's (--profile; the
 * format's default without it), or with --profile manifest each file's
 * own.  A mutant of a rule of another profile is then judged as this
 * reader must take it. */
void or_set_profiles(or_cases *cases, const char *profile)
{
    if (profile && strcmp(profile, "manifest") == 0)
        return;
    for (size_t i = 0; i < cases->n; i++) {
        free(cases->at[i].profile);
        cases->at[i].profile = profile ? strdup(profile) : NULL;
    }
}
