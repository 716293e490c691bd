/* command.c - `tracegate show`: a trace's parts as the checker reads
 * them, each finding where it occurs, the statistics, and with --at the
 * part that owns an offset or line and the bytes around it. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "escape.h"
#include "write.h"

/* The depth shown when --depth is not given: the file's parts and the
 * parts they hold. */
#define SHOW_DEFAULT_DEPTH 1

typedef struct show_run {
    FILE *out;
    int json;
    const char *path;
    show_tree tree;
    show_stats stats;
    show_json_state js;
    int at_set;
    show_at at;
    const tg_format_info *format;
} show_run;

static void on_node(void *ctx, const tg_node *n)
{
    show_run *r = ctx;
    show_tree_node(&r->tree, n);
    show_stats_add(&r->stats, n);
    if (r->at_set)
        show_at_node(&r->at, n);
}

static void on_diag(void *ctx, const tg_diag *d)
{
    show_tree_diag(&((show_run *)ctx)->tree, d);
}

static void on_start(void *ctx, const tg_checker *c)
{
    show_run *r = ctx;
    FILE *o = r->out;
    const char *name = tg_checker_format(c);
    r->format = name ? tgCli_format(name) : NULL;
    if (r->json) {
        fprintf(o,
                "{\"schema\":\"tracegate-show\",\"version\":%d,\"tool\":{"
                "\"name\":\"tracegate\",\"version\":\"%s\"},\"path\":",
                SHOW_SCHEMA_VERSION, TG_VERSION);
        tgEscape_json(o, r->path);
        tgEscape_json_member(o, "format", tg_checker_format(c));
        tgEscape_json_member(o, "detected_by", tg_checker_detected(c));
        tgEscape_json_member(o, "profile", tg_checker_profile(c));
        fputs(",\"parts\":[", o);
        return;
    }
    tgEscape_plain(o, r->path);
    if (r->format)
        fprintf(o, ": %s, profile %s, format from ", r->format->name,
                tg_checker_profile(c));
    if (tg_checker_detected(c))
        tgEscape_plain(o, tg_checker_detected(c));
    fputc('\n', o);
}

/* The offset of line `want` of a text file, from a part that starts on
 * line `line` at `offset`: the newlines after it are counted. */
static int line_offset(int fd, uint64_t offset, uint64_t line, uint64_t want,
                       uint64_t *out)
{
    unsigned char buf[1 << 16];
    while (line < want) {
        ssize_t n = pread(fd, buf, sizeof buf, (off_t)offset);
        if (n <= 0)
            return -1;
        ssize_t i = 0;
        while (i < n && line < want)
            if (buf[i++] == '\n')
                line++;
        offset += (uint64_t)i;
    }
    *out = offset;
    return 0;
}

/* --at: the owner, then the bytes around the offset (or the line). */
static void write_at(show_run *r, int fd)
{
    FILE *o = r->out;
    int text = r->format && r->format->text;
    const struct show_owner *w = show_at_owner(&r->at, text);
    uint64_t offset = r->at.want;
    show_dump d;
    int dumped = w->found &&
                 (!text || line_offset(fd, w->offset, w->line, r->at.want,
                                       &offset) == 0) &&
                 show_dump_read(fd, text, offset, text ? 0 : 1, &d) == 0;
    if (r->json) {
        fprintf(o, ",\"at\":{\"%s\":%" PRIu64 ",\"path\":",
                text ? "line" : "offset", r->at.want);
        if (!w->found) {
            fputs("null,\"part\":null,\"bytes\":null}", o);
            return;
        }
        tgEscape_json(o, w->path);
        fputs(",\"part\":{\"kind\":", o);
        tgEscape_json(o, w->kind);
        fprintf(o, ",\"offset\":%" PRIu64 ",\"length\":%" PRIu64, w->offset,
                w->length);
        tgEscape_json_member(o, "label", w->label);
        fputs("},\"bytes\":", o);
        if (dumped)
            show_dump_json(o, &d);
        else
            fputs("null", o);
        fputc('}', o);
        return;
    }
    if (text)
        fprintf(o, "at line %" PRIu64 ": ", r->at.want);
    else
        fprintf(o, "at 0x%" PRIx64 ": ", r->at.want);
    if (!w->found) {
        fputs("no part holds it\n", o);
        return;
    }
    tgEscape_plain(o, w->path);
    fputs(" (", o);
    tgEscape_plain(o, w->kind);
    if (text)
        fprintf(o, " at line %" PRIu64 ")\n", w->line);
    else
        fprintf(o, " at 0x%" PRIx64 ", %" PRIu64 " bytes)\n", w->offset,
                w->length);
    if (dumped)
        show_dump_text(o, &d, "  ");
    else
        fputs("  (the bytes cannot be read back from this input)\n", o);
}

static void write_end(show_run *r, const tg_checker *k, tg_verdict v, int fd)
{
    FILE *o = r->out;
    const char *group = r->format ? r->format->group : "";
    if (r->json) {
        fputc(']', o);
        tgEscape_json_member(o, "layout", tg_checker_layout(k));
        tgEscape_json_member(o, "version_name", tg_checker_version(k));
        tgEscape_json_member(o, "problem", tg_checker_problem(k));
        fprintf(o,
                ",\"bytes\":%" PRIu64 ",\"verdict\":\"%s\",\"exit_code\":%d"
                ",\"group\":",
                tg_checker_bytes(k), tg_verdict_name(v), (int)v);
        tgEscape_json(o, group);
        fputs(",\"statistics\":", o);
        show_stats_json(o, &r->stats);
        if (r->at_set)
            write_at(r, fd);
        fputs("}\n", o);
        return;
    }
    show_stats_text(o, &r->stats, *group ? group : "group");
    if (tg_checker_layout(k)) {
        fputs("layout: ", o);
        tgEscape_plain(o, tg_checker_layout(k));
        fputc('\n', o);
    }
    if (r->at_set)
        write_at(r, fd);
    fprintf(o, "verdict: %s (exit %d), %" PRIu64 " bytes", tg_verdict_name(v),
            (int)v, tg_checker_bytes(k));
    if (tg_checker_problem(k)) {
        fputs(": ", o);
        tgEscape_plain(o, tg_checker_problem(k));
    }
    fputc('\n', o);
}

enum { O_FORMAT = 256, O_PROFILE, O_DEPTH, O_AT, O_REPORT };

typedef struct show_opts {
    const char *format, *profile, *report, *output;
    uint64_t depth, at;
    int at_set;
} show_opts;

static int parse(int argc, char **argv, show_opts *o)
{
    static const struct option longs[] = {
        {"format", required_argument, NULL, O_FORMAT},
        {"profile", required_argument, NULL, O_PROFILE},
        {"depth", required_argument, NULL, O_DEPTH},
        {"at", required_argument, NULL, O_AT},
        {"report", required_argument, NULL, O_REPORT},
        {"output", required_argument, NULL, 'o'},
        {NULL, 0, NULL, 0}};
    int c;
    char *end;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:", longs, NULL)) != -1) {
        switch (c) {
        case O_FORMAT: o->format = optarg; break;
        case O_PROFILE: o->profile = optarg; break;
        case O_REPORT: o->report = optarg; break;
        case 'o': o->output = optarg; break;
        case O_DEPTH:
            if (tgCli_number(optarg, &o->depth) != 0 ||
                o->depth > SHOW_MAX_DEPTH)
                return tgCli_usage("--depth wants a number from 0 to %d",
                                   SHOW_MAX_DEPTH);
            break;
        case O_AT:
            errno = 0;
            o->at = strtoull(optarg, &end, 0);
            if (errno || end == optarg || *end || *optarg == '-')
                return tgCli_usage("--at wants an offset (decimal or 0x hex) "
                                   "or, in a text format, a line number, "
                                   "not '%s'",
                                   optarg);
            o->at_set = 1;
            break;
        default: return tgCli_usage("show: bad option");
        }
    }
    if (strcmp(o->report, "text") != 0 && strcmp(o->report, "json") != 0)
        return tgCli_usage("show: --report wants text or json, not '%s'",
                           o->report);
    if (optind != argc - 1)
        return tgCli_usage("show: name one file (or - for stdin)");
    return 0;
}

static int configure(tg_checker *k, const show_opts *o)
{
    if (o->format && strcmp(o->format, "auto") != 0 &&
        tg_checker_set_format(k, o->format) != TG_OK)
        return tgCli_usage("--format: unknown format '%s'", o->format);
    if (o->profile && tg_checker_set_profile(k, o->profile) != TG_OK)
        return tgCli_usage("--profile: no format has a profile '%s'",
                           o->profile);
    return 0;
}

int tgCli_show(int argc, char **argv)
{
    show_opts o = {NULL, NULL, "text", NULL, SHOW_DEFAULT_DEPTH, 0, 0};
    int r = parse(argc, argv, &o);
    if (r != 0)
        return r;
    const char *path = argv[optind];
    tg_checker *k;
    if (tg_checker_open(&k) != TG_OK)
        return TG_INTERNAL;
    if ((r = configure(k, &o)) != 0) {
        tg_checker_free(k);
        return r;
    }
    int is_stdin = strcmp(path, "-") == 0;
    int fd = tgCli_open_input(path);
    if (fd < 0) {
        tg_checker_free(k);
        return TG_IO_ERROR;
    }
    FILE *out = o.output ? fopen(o.output, "w") : stdout;
    if (out == NULL) {
        fprintf(stderr, "tracegate: cannot write %s: %s\n", o.output,
                strerror(errno));
        close(fd);
        tg_checker_free(k);
        return TG_IO_ERROR;
    }
    show_run run;
    memset(&run, 0, sizeof run);
    run.out = out;
    run.json = strcmp(o.report, "json") == 0;
    run.path = path;
    run.js.o = out;
    show_sink sink = run.json ? show_json_sink : show_text_sink;
    sink.ctx = run.json ? (void *)&run.js : (void *)out;
    show_tree_init(&run.tree, (unsigned)o.depth, &sink);
    show_stats_init(&run.stats);
    run.at_set = o.at_set;
    show_at_init(&run.at, o.at);
    tg_checker_set_node_fn(k, on_node, &run);
    tg_verdict v = tg_checker_check(k, tg_read_fd, &fd, is_stdin ? NULL : path,
                                    on_start, on_diag, &run);
    show_tree_end(&run.tree);
    write_end(&run, k, v, fd);
    show_stats_free(&run.stats);
    tg_checker_free(k);
    if (!is_stdin)
        close(fd);
    if (tgCli_close_output(out, o.output ? o.output : "stdout") != 0)
        return TG_IO_ERROR;
    return (int)v;
}
