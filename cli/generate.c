/* generate.c - `tracegate gen` and `tracegate mutate`: the corpus
 * commands. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "escape.h"
#include "cli.h"

/* what --out may leave of a TG_CLI_PATH for the names made under it */
#define OUT_ROOM 128

typedef struct gen_opts {
    const char *format;
    const char *profile;
    const char *out;
    const char *suffix; /* file name ending; default: the format's */
    uint64_t seed, count, size;
    int force;      /* mutate: write into a folder that holds files */
    tg_style style; /* gen --hostile or --typical */
} gen_opts;

/* A library built with TG_BUILD_CORPUS=OFF checks, but cannot write. */
static int no_corpus(void)
{
    fputs("tracegate: this build has no corpus code (TG_BUILD_CORPUS=OFF): "
          "gen and mutate are not available\n",
          stderr);
    return TG_UNSUPPORTED;
}

static int parse(int argc, char **argv, gen_opts *o, int mutate)
{
    static const struct option longs[] = {
        {"seed", required_argument, NULL, 's'},
        {"count", required_argument, NULL, 'n'},
        {"out", required_argument, NULL, 'o'},
        {"size", required_argument, NULL, 'S'},
        {"profile", required_argument, NULL, 'p'},
        {"suffix", required_argument, NULL, 'x'},
        {"force", no_argument, NULL, 'f'},
        {"hostile", no_argument, NULL, 'H'},
        {"typical", no_argument, NULL, 'T'},
        {NULL, 0, NULL, 0}};
    int c;
    uint64_t *num;
    o->seed = 1;
    o->count = 1;
    optind = 1;
    while ((c = getopt_long(argc, argv, "s:n:o:p:", longs, NULL)) != -1) {
        switch (c) {
        case 's': num = &o->seed; break;
        case 'n': num = &o->count; break;
        case 'S': num = &o->size; break;
        case 'o': o->out = optarg; continue;
        case 'p': o->profile = optarg; continue;
        case 'x': o->suffix = optarg; continue;
        case 'f': o->force = 1; continue;
        case 'H':
        case 'T': {
            tg_style style = c == 'H' ? TG_STYLE_HOSTILE : TG_STYLE_TYPICAL;
            if (o->style != TG_STYLE_PLAIN && o->style != style)
                return tgCli_usage("%s: --hostile and --typical are styles: "
                                   "choose one",
                                   argv[0]);
            o->style = style;
            continue;
        }
        default: return tgCli_usage("%s: bad option", argv[0]);
        }
        if (tgCli_number(optarg, num) != 0)
            return tgCli_usage("%s: '%s' is not a number", argv[0], optarg);
    }
    if (optind != argc - 1)
        return tgCli_usage("%s: name exactly one format", argv[0]);
    o->format = argv[optind];
    if (tg_rule_count(o->format) == 0)
        return tgCli_usage("%s: unknown format '%s'", argv[0], o->format);
    if (tgCli_format(o->format)->styles == 0) /* before a file is made */
        return no_corpus();
    if (o->out == NULL)
        return tgCli_usage("%s: --out DIR%s is required", argv[0],
                           mutate ? "" : " (or - for stdout)");
    if (mutate && (o->size || o->count != 1))
        return tgCli_usage("mutate takes only --seed, --out, --profile, "
                           "--suffix and --force");
    if (mutate && o->profile &&
        tg_rule_applies(tg_rule_at(o->format, 0), o->profile) < 0)
        return tgCli_usage("mutate: format %s has no profile '%s'", o->format,
                           o->profile);
    if (!mutate && o->force)
        return tgCli_usage("gen: --force is mutate's");
    if (mutate && o->style != TG_STYLE_PLAIN)
        return tgCli_usage("mutate: --hostile and --typical are gen's (the "
                           "corpus has a hostile valid file of its own)");
    if (o->suffix && (o->suffix[0] != '.' || strchr(o->suffix, '/') ||
                      strlen(o->suffix) > 32))
        return tgCli_usage("%s: --suffix wants a file name ending such as "
                           ".nettrace.bin",
                           argv[0]);
    if (o->suffix == NULL)
        o->suffix = tgCli_format(o->format)->extension;
    /* room in a TG_CLI_PATH for the longest name made under it:
     * /invalid/RULE-ID/NNNN and a suffix of 32 */
    if (o->out && strlen(o->out) > TG_CLI_PATH - OUT_ROOM)
        return tgCli_usage("%s: --out names a path longer than %d bytes",
                           argv[0], TG_CLI_PATH - OUT_ROOM);
    return 0;
}

static int write_trace(const char *path, const char *format,
                       const char *profile, tg_style style, uint64_t seed,
                       uint64_t size)
{
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
    if (f == NULL) {
        fprintf(stderr, "tracegate: cannot write %s: %s\n", path,
                strerror(errno));
        return TG_IO_ERROR;
    }
    tg_error r = tg_generate_style(format, profile, style, seed, size,
                                   tgCli_write_file, f);
    /* standard output is flushed, checked and reported on by main() */
    int closed =
        f == stdout ? (ferror(f) ? -1 : 0) : tgCli_close_output(f, path);
    if (r == TG_ENAME)
        return tgCli_usage("gen: format %s has no profile '%s'", format,
                           profile);
    if (r == TG_ENOCORPUS)
        return no_corpus();
    if (r != TG_OK && closed == 0)
        fprintf(stderr, "tracegate: generating %s failed: %s\n", path,
                tg_strerror(r));
    return r != TG_OK || closed != 0 ? TG_IO_ERROR : 0;
}

int tgCli_gen(int argc, char **argv)
{
    gen_opts o;
    memset(&o, 0, sizeof o);
    int r = parse(argc, argv, &o, 0);
    if (r != 0)
        return r;
    if (strcmp(o.out, "-") == 0) {
        if (o.count != 1)
            return tgCli_usage("gen: --out - writes one trace; drop --count");
        if (isatty(STDOUT_FILENO)) /* binary, or megabytes of text */
            return tgCli_usage("gen: standard output is a terminal: redirect "
                               "it to a file or a pipe, or use --out DIR");
        return write_trace("-", o.format, o.profile, o.style, o.seed, o.size);
    }
    if (tgCli_mkdirs(o.out) != 0) {
        fprintf(stderr, "tracegate: cannot create %s: %s\n", o.out,
                strerror(errno));
        return TG_IO_ERROR;
    }
    for (uint64_t i = 0; i < o.count; i++) {
        char path[TG_CLI_PATH];
        snprintf(path, sizeof path, "%s/%04" PRIu64 "%s", o.out, i, o.suffix);
        if ((r = write_trace(path, o.format, o.profile, o.style, o.seed + i,
                             o.size)) != 0)
            return r;
    }
    return 0;
}

/* What a strict reader is to do with a file (tg_reader_duty()): a
 * valid one is to be accepted; a mutant breaks its one rule, and a rule
 * the specification makes MUST is a rejection, while what a compat
 * profile counts as MUST (a form its named reader fails on) is legal. */
static tg_duty reader_duty(const tg_mutant *mu)
{
    if (mu == NULL)
        return tg_reader_duty(TG_CONFORMANT, 0, 0);
    return tg_reader_duty(mu->expected, 1,
                          tg_rule_verdict(mu->rule) != TG_CONFORMANT);
}

/* What mutate wrote, for its closing line. */
typedef struct corpus_tally {
    unsigned valid, files[2], rules[2]; /* [0] invalid/, [1] warn/ */
} corpus_tally;

static void manifest_line(FILE *m, const char *file, const char *format,
                          const tg_mutant *mu, const char *parent,
                          uint64_t seed, const char *profile, tg_style style)
{
    fputs("{\"file\":", m);
    tgEscape_json(m, file);
    fprintf(m,
            ",\"format\":\"%s\",\"profile\":\"%s\",\"style\":\"%s\","
            "\"reader\":\"%s\",\"tracegate\":\"%s\",",
            format, profile, style == TG_STYLE_HOSTILE ? "hostile" : "plain",
            tg_duty_name(reader_duty(mu)), TG_VERSION);
    if (mu) {
        fprintf(m,
                "\"rule\":\"%s\",\"level\":\"%s\",\"expected_exit\":%d,"
                "\"parent\":",
                tg_rule_id(mu->rule), tg_level_name(tg_rule_level(mu->rule)),
                (int)mu->expected);
        tgEscape_json(m, parent);
        fprintf(m, ",\"seed\":%" PRIu64 ",\"variant\":%u,\"mutation\":", seed,
                mu->variant);
        tgEscape_json(m, mu->mutation);
        fprintf(m, ",\"offset\":%" PRIu64 "}\n", mu->offset);
    } else {
        fprintf(m,
                "\"rule\":null,\"level\":null,\"expected_exit\":0,"
                "\"parent\":null,\"seed\":%" PRIu64
                ",\"variant\":null,\"mutation\":null,\"offset\":null}\n",
                seed);
    }
}

/* The rules a check's findings name: the one wanted, and others (a
 * finding that follows from another aside). */
typedef struct rules_seen {
    const tg_rule *want;
    int wanted, others;
} rules_seen;

static void rule_seen(void *ctx, const tg_diag *d)
{
    rules_seen *s = ctx;
    if (d->rule == s->want)
        s->wanted = 1;
    else if (d->consequence_of < 0)
        s->others = 1;
}

/* The verdict on the file at path under a profile, or -1; with a rule,
 * -1 too unless the findings name that rule and no other (it is not a
 * mutant of exactly that rule under the profile). */
static int verdict_under(const char *path, const char *format,
                         const char *profile, const tg_rule *rule)
{
    tg_checker *k;
    if (tg_checker_open(&k) != TG_OK)
        return -1;
    int fd = open(path, O_RDONLY);
    rules_seen seen = {rule, 0, 0};
    int v = fd >= 0 && tg_checker_set_format(k, format) == TG_OK &&
                    tg_checker_set_profile(k, profile) == TG_OK
                ? (int)tg_checker_check(k, tg_read_fd, &fd, path, NULL,
                                        rule_seen, &seen)
                : -1;
    if (rule && (!seen.wanted || seen.others))
        v = -1;
    if (fd >= 0)
        close(fd);
    tg_checker_free(k);
    return v;
}

/* mutate --profile P: whether the parent of profile p (valid/NNNN) is
 * valid under P, asked once a profile. */
static int parent_valid(const gen_opts *o, int p, int *known)
{
    if (p < TG_CLI_PROFILES && known[p] >= 0)
        return known[p];
    char path[TG_CLI_PATH];
    snprintf(path, sizeof path, "%s/valid/%04d%s", o->out, p, o->suffix);
    int valid =
        verdict_under(path, o->format, o->profile, NULL) == TG_CONFORMANT;
    if (p < TG_CLI_PROFILES)
        known[p] = valid;
    return valid;
}

/* Write every variant of one rule's mutation; @return exit code.  With
 * --profile P, only a rule P checks, each mutant made from a parent
 * valid under P and labelled with what P says of it. */
static int mutate_rule(const gen_opts *o, const tg_format_info *info,
                       const tg_rule *rule, FILE *manifest,
                       corpus_tally *tally, int *parents_valid)
{
    if (o->profile && tg_rule_applies(rule, o->profile) != 1)
        return 0;
    char dir[TG_CLI_PATH], path[TG_CLI_PATH], rel[512], parent[64];
    for (unsigned v = 0;; v++) {
        tg_mutant mu = {.size = sizeof mu};
        char tmp[TG_CLI_PATH];
        snprintf(tmp, sizeof tmp, "%s/.partial%s", o->out, o->suffix);
        FILE *f = fopen(tmp, "wb");
        if (f == NULL) {
            fprintf(stderr, "tracegate: cannot write %s: %s\n", tmp,
                    strerror(errno));
            return TG_IO_ERROR;
        }
        tg_error r = tg_mutate_profile(o->format, o->profile, tg_rule_id(rule),
                                       v, o->seed, tgCli_write_file, f, &mu);
        if (tgCli_close_output(f, tmp) != 0 && r == TG_OK)
            r = TG_EWRITE;
        if (r != TG_OK) {
            remove(tmp);
            if (r == TG_ENOCORPUS)
                return no_corpus();
            if (r == TG_EVALUE && tg_rule_mutation(rule, v) == NULL)
                return 0; /* past its last variant */
            fprintf(stderr,
                    "tracegate: %s: mutant %u from seed %" PRIu64 ": %s\n",
                    tg_rule_id(rule), v, o->seed,
                    r == TG_EVALUE ? "none could be made" : tg_strerror(r));
            return r == TG_EVALUE ? TG_INTERNAL : TG_IO_ERROR;
        }
        int p = 0;
        while (info->profiles[p] && strcmp(info->profiles[p], mu.profile))
            p++;
        if (o->profile) {
            int said = parent_valid(o, p, parents_valid)
                           ? verdict_under(tmp, o->format, o->profile, rule)
                           : -1;
            if (said < 0) { /* not a mutant of the rule under P */
                remove(tmp);
                continue;
            }
            mu.expected = (tg_verdict)said;
            mu.profile = o->profile;
        }
        /* invalid/ for the files to reject, warn/ for the legal ones a
         * strict tool warns about */
        int warn = reader_duty(&mu) == TG_DUTY_MAY_WARN;
        const char *folder = warn ? "warn" : "invalid";
        tally->files[warn]++;
        tally->rules[warn] += v == 0;
        snprintf(dir, sizeof dir, "%s/%s/%s", o->out, folder,
                 tg_rule_id(rule));
        snprintf(rel, sizeof rel, "%s/%s/%04u%s", folder, tg_rule_id(rule), v,
                 o->suffix);
        snprintf(path, sizeof path, "%s/%s", o->out, rel);
        if (tgCli_mkdirs(dir) != 0 || rename(tmp, path) != 0) {
            fprintf(stderr, "tracegate: cannot write %s: %s\n", path,
                    strerror(errno));
            return TG_IO_ERROR;
        }
        snprintf(parent, sizeof parent, "valid/%04d%s", p, o->suffix);
        manifest_line(manifest, rel, o->format, &mu, parent, o->seed,
                      mu.profile, TG_STYLE_PLAIN);
    }
}

/* Whether folder `dir` exists and holds anything. */
static int holds_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return 0;
    const struct dirent *e;
    int any = 0;
    while (!any && (e = readdir(d)) != NULL)
        any = strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return any;
}

/* The README.md of a corpus: what its folders and manifest fields mean,
 * and how a reader's test suite is to use them. */
static int write_readme(const gen_opts *o)
{
    char path[TG_CLI_PATH];
    snprintf(path, sizeof path, "%s/README.md", o->out);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "tracegate: cannot write %s: %s\n", path,
                strerror(errno));
        return TG_IO_ERROR;
    }
    fprintf(f,
            "# A %s conformance corpus\n"
            "\n"
            "Written by `tracegate mutate %s --seed %" PRIu64
            "%s%s` (tracegate %s).\n"
            "Same command, same bytes.%s\n"
            "\n"
            "- `valid/NNNN%s`: a valid trace for profile number NNNN "
            "(0000 is\n"
            "  the default profile). It has no finding at all.\n"
            "- `valid/hostile%s` (where the format has it): valid too, "
            "and no finding\n"
            "  at all, but its text and numbers are built to break readers "
            "that\n"
            "  misuse them: code that makes the file $TRACEGATE_CANARY "
            "names if run,\n"
            "  format specifiers, paths, quotes and line ends, long names, "
            "Unicode\n"
            "  edges, numbers at their limits.\n"
            "- `invalid/RULE-ID/NNNN%s`: variant NNNN of the mutation of "
            "RULE-ID,\n"
            "  made from the valid trace of the rule's profile. It breaks "
            "that rule\n"
            "  and no other (findings marked as consequences aside), and "
            "the rule is\n"
            "  a MUST, or the file is cut or of another version: a strict "
            "reader must\n"
            "  reject it.\n"
            "- `warn/RULE-ID/NNNN%s`: the same for a rule that is a "
            "SHOULD, a note\n"
            "  or a known reader's quirk (a compat rule): the file is legal, "
            "a strict\n"
            "  reader must accept it, and may warn. A compat profile's "
            "reader fails\n"
            "  on some of them: `tracegate rules` lists each rule's "
            "profiles, and\n"
            "  `tracegate explain RULE-ID` says what a rule means and "
            "why.\n"
            "- `manifest.jsonl`: one JSON object per file: `file`, "
            "`format`,\n"
            "  `profile` (check the file under it), `style` (`plain` or "
            "`hostile`),\n"
            "  `reader`, `tracegate` (the\n"
            "  version that wrote it), `rule`, `level`, `expected_exit` "
            "(tracegate's\n"
            "  exit code under default options: 0, 1 for a MUST violation, "
            "4 for an\n"
            "  unsupported version, 7 for a cut file), `parent`, `seed`, "
            "`variant`,\n"
            "  `mutation` (what was done) and `offset` (where the break "
            "is).\n"
            "\n"
            "For a reader's test suite: `reader` says what a strict, "
            "correct reader\n"
            "must do with each file. `accept`: read it without error. "
            "`reject`: fail\n"
            "on it (the rule it breaks is a MUST of the spec, or the file "
            "is cut or\n"
            "of another version). `accept, may warn`: the file breaks only "
            "a SHOULD,\n"
            "a note or a known reader's quirk; it is legal, and a reader "
            "may warn\n"
            "about it.\n"
            "A reader that accepts everything fails every `reject` file.\n",
            o->format, o->format, o->seed, o->profile ? " --profile " : "",
            o->profile ? o->profile : "", TG_VERSION,
            o->profile ? " The mutants are of the rules that profile checks, "
                         "each made\nfrom a parent valid under it, and "
                         "labelled with what it says of them."
                       : "",
            o->suffix, o->suffix, o->suffix, o->suffix);
    return tgCli_close_output(f, path) != 0 ? TG_IO_ERROR : 0;
}

int tgCli_mutate(int argc, char **argv)
{
    gen_opts o;
    memset(&o, 0, sizeof o);
    int r = parse(argc, argv, &o, 1);
    if (r != 0)
        return r;
    if (!o.force && holds_files(o.out))
        return tgCli_usage("mutate: %s holds files already (files of an "
                           "older corpus would stay among the new); name a "
                           "new folder, or add --force",
                           o.out);
    const tg_format_info *info = tgCli_format(o.format);
    char path[TG_CLI_PATH], rel[64];
    snprintf(path, sizeof path, "%s/valid", o.out);
    if (tgCli_mkdirs(path) != 0) {
        fprintf(stderr, "tracegate: cannot create %s: %s\n", path,
                strerror(errno));
        return TG_IO_ERROR;
    }
    snprintf(path, sizeof path, "%s/manifest.jsonl", o.out);
    FILE *manifest = fopen(path, "w");
    if (manifest == NULL) {
        fprintf(stderr, "tracegate: cannot write %s: %s\n", path,
                strerror(errno));
        return TG_IO_ERROR;
    }
    /* one valid parent per profile: valid/NNNN is profile NNNN */
    corpus_tally tally = {0, {0, 0}, {0, 0}};
    for (int p = 0; info->profiles[p] && r == 0; p++, tally.valid++) {
        snprintf(rel, sizeof rel, "valid/%04d%s", p, o.suffix);
        snprintf(path, sizeof path, "%s/%s", o.out, rel);
        r = write_trace(path, o.format, info->profiles[p], TG_STYLE_PLAIN,
                        o.seed, 0);
        manifest_line(manifest, rel, o.format, NULL, NULL, o.seed,
                      info->profiles[p], TG_STYLE_PLAIN);
    }
    /* and a hostile one of the default profile, where the format has
     * that style */
    if (r == 0 && (info->styles & (1u << TG_STYLE_HOSTILE))) {
        snprintf(rel, sizeof rel, "valid/hostile%s", o.suffix);
        snprintf(path, sizeof path, "%s/%s", o.out, rel);
        r = write_trace(path, o.format, info->profiles[0], TG_STYLE_HOSTILE,
                        o.seed, 0);
        manifest_line(manifest, rel, o.format, NULL, NULL, o.seed,
                      info->profiles[0], TG_STYLE_HOSTILE);
        tally.valid++;
    }
    int parents_valid[TG_CLI_PROFILES];
    memset(parents_valid, -1, sizeof parents_valid);
    for (size_t i = 0; i < tg_rule_count(o.format) && r == 0; i++) {
        const tg_rule *rule = tg_rule_at(o.format, i);
        if (tg_rule_get(rule, TG_RULE_MUTATION))
            r = mutate_rule(&o, info, rule, manifest, &tally, parents_valid);
    }
    snprintf(path, sizeof path, "%s/manifest.jsonl", o.out);
    if (tgCli_close_output(manifest, path) != 0 && r == 0)
        r = TG_IO_ERROR;
    if (r == 0)
        r = write_readme(&o);
    if (r == 0)
        printf("tracegate: wrote %s: %u valid, %u invalid (must reject) of "
               "%u rules, %u warn (legal, may warn) of %u rules; "
               "manifest.jsonl, README.md\n",
               o.out, tally.valid, tally.files[0], tally.rules[0],
               tally.files[1], tally.rules[1]);
    return r;
}
