/* events.c - `tracegate events`: a trace's events as JSON lines, one an
 * event in file order, then one line with the outcome (spec/events.md).
 * The lines are the ones TraceEvent's reader program writes
 * (interop/traceevent), key for key, so that the two can be compared. */
#include <getopt.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* The JSON string of p[0..n): quote and backslash escaped, every control
 * character (and U+007F) as \u00xx, the rest as it is, where it is UTF-8;
 * a byte that is not becomes U+FFFD, one for each maximal subpart of a
 * sequence that does not complete, as .NET's UTF-8 decoder (and the
 * WHATWG Encoding Standard) replace them. */
static void text(FILE *f, const char *s, size_t n)
{
    static const char fffd[] = "\xEF\xBF\xBD";
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', f);
    for (size_t i = 0; i < n;) {
        unsigned c = p[i];
        if (c < 0x80) {
            if (c == '"' || c == '\\')
                fprintf(f, "\\%c", c);
            else if (c < 0x20 || c == 0x7F)
                fprintf(f, "\\u%04x", c);
            else
                fputc((int)c, f);
            i++;
            continue;
        }
        /* the length of the sequence c opens, and its second byte's range */
        size_t len = c >= 0xC2 && c <= 0xDF   ? 2
                     : c >= 0xE0 && c <= 0xEF ? 3
                     : c >= 0xF0 && c <= 0xF4 ? 4
                                              : 0;
        unsigned lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
        unsigned hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
        size_t j = 1;
        while (j < len && i + j < n && p[i + j] >= (j == 1 ? lo : 0x80) &&
               p[i + j] <= (j == 1 ? hi : 0xBF))
            j++;
        if (len != 0 && j == len)
            fwrite(p + i, 1, len, f);
        else
            fputs(fffd, f);
        i += j;
    }
    fputc('"', f);
}

/* A Guid as .NET writes it ("D"): its first three fields little-endian. */
static void guid(FILE *f, const unsigned char *g)
{
    fprintf(f,
            "\"%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
            "%02x%02x%02x%02x%02x%02x\"",
            g[3], g[2], g[1], g[0], g[5], g[4], g[7], g[6], g[8], g[9], g[10],
            g[11], g[12], g[13], g[14], g[15]);
}

typedef struct events_run {
    FILE *out;
    uint64_t count;     /* events written                          */
    const tg_rule *why; /* the first finding that fails the file   */
    uint64_t why_at;
    tg_level fail_on;
    int has_events; /* the format has events (tg_format_info)     */
} events_run;

/* ,"key":value, or ,"key":null when the event has no such value. */
static void maybe(FILE *o, const char *key, int has, uint64_t value)
{
    if (has)
        fprintf(o, ",\"%s\":%" PRIu64, key, value);
    else
        fprintf(o, ",\"%s\":null", key);
}

static void on_event(void *ctx, const tg_event *e)
{
    events_run *r = ctx;
    FILE *o = r->out;
    fprintf(o, "{\"offset\":%" PRIu64 ",\"provider\":", e->offset);
    text(o, e->provider, e->provider_size);
    fprintf(o, ",\"id\":%" PRId64 ",\"name\":", e->id);
    if (e->name_size)
        text(o, e->name, e->name_size);
    else
        fputs("null", o);
    maybe(o, "opcode", e->opcode >= 0, (uint64_t)e->opcode);
    fprintf(o, ",\"version\":%" PRId64, e->version);
    maybe(o, "thread", e->has & TG_EVENT_THREAD, e->thread);
    maybe(o, "capture_thread", e->has & TG_EVENT_CAPTURE_THREAD,
          e->capture_thread);
    fprintf(o, ",\"sequence\":%" PRIu32, e->sequence);
    maybe(o, "processor", e->has & TG_EVENT_PROCESSOR, e->processor);
    if (e->has & TG_EVENT_SIGNED_TIME)
        fprintf(o, ",\"timestamp\":%" PRId64, (int64_t)e->timestamp);
    else
        fprintf(o, ",\"timestamp\":%" PRIu64, e->timestamp);
    fputs(",\"activity\":", o);
    guid(o, e->activity);
    fputs(",\"related_activity\":", o);
    guid(o, e->related_activity);
    fprintf(o,
            ",\"payload_bytes\":%" PRIu32 ",\"payload_fnv1a64\":\"%016" PRIx64
            "\",\"payload_fits\":%s,\"stack_bytes\":%" PRIu32
            ",\"stack_fnv1a64\":",
            e->payload_size, e->payload_fnv1a64,
            e->payload_fits < 0 ? "null"
            : e->payload_fits   ? "true"
                                : "false",
            e->stack_size);
    if (e->stack_size)
        fprintf(o, "\"%016" PRIx64 "\"}\n", e->stack_fnv1a64);
    else
        fputs("null}\n", o);
    r->count++;
}

static void on_diag(void *ctx, const tg_diag *d)
{
    events_run *r = ctx;
    if (r->why == NULL &&
        tg_finding_verdict(d->rule, d->level, r->fail_on) != TG_CONFORMANT) {
        r->why = d->rule;
        r->why_at = d->offset;
    }
}

static void on_start(void *ctx, const tg_checker *c)
{
    events_run *r = ctx;
    const tg_format_info *f =
        tg_checker_format(c) ? tgCli_format(tg_checker_format(c)) : NULL;
    r->has_events = f && f->events;
}

/* The last line: read (nothing fails the file), rejected (a finding
 * does: its rule and message), or failed (tracegate could not say: a
 * limit of the checker, an input that cannot be read). */
static void outcome(events_run *r, const tg_checker *k, tg_verdict v)
{
    FILE *o = r->out;
    const char *what =
        v == TG_CONFORMANT ? "read"
        : v == TG_VIOLATIONS || v == TG_TRUNCATED || v == TG_UNSUPPORTED
            ? "rejected"
            : "failed";
    fprintf(o,
            "{\"outcome\":\"%s\",\"events\":%" PRIu64
            ",\"events_lost\":%" PRIu64,
            what, r->count, tg_checker_events_lost(k));
    if (v != TG_CONFORMANT) {
        char message[512];
        const char *problem = tg_checker_problem(k);
        if (r->why)
            snprintf(message, sizeof message, "%s, at byte %" PRIu64,
                     tg_rule_get(r->why, TG_RULE_MESSAGE), r->why_at);
        else
            snprintf(message, sizeof message, "%s",
                     problem ? problem : tg_verdict_name(v));
        fputs(",\"type\":", o);
        const char *type = r->why ? tg_rule_id(r->why) : tg_verdict_name(v);
        text(o, type, strlen(type));
        fputs(",\"message\":", o);
        text(o, message, strlen(message));
    }
    fputs("}\n", o);
}

enum { O_FORMAT = 256, O_PROFILE, O_LIMIT };

static int parse(int argc, char **argv, tg_checker *k, const char **output)
{
    struct option longs[3 + TG_CLI_LIMITS + 1] = {
        {"format", required_argument, NULL, O_FORMAT},
        {"profile", required_argument, NULL, O_PROFILE},
        {"output", required_argument, NULL, 'o'}};
    tgCli_limit_options(longs + 3, O_LIMIT);
    int c, r;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:", longs, NULL)) != -1) {
        switch (c) {
        case O_FORMAT:
            if (strcmp(optarg, "auto") != 0 &&
                tg_checker_set_format(k, optarg) != TG_OK)
                return tgCli_usage("--format: unknown format '%s'", optarg);
            break;
        case O_PROFILE:
            if (tg_checker_set_profile(k, optarg) != TG_OK)
                return tgCli_usage("--profile: no format has a profile '%s'",
                                   optarg);
            break;
        case 'o': *output = optarg; break;
        default:
            if (c >= O_LIMIT && c < O_LIMIT + TG_CLI_LIMITS) {
                if ((r = tgCli_limit_option(k, c - O_LIMIT, optarg)) != 0)
                    return r;
                break;
            }
            return tgCli_usage("events: bad option");
        }
    }
    if (optind != argc - 1)
        return tgCli_usage("events: name one file (or - for stdin)");
    return 0;
}

int tgCli_events(int argc, char **argv)
{
    tg_checker *k;
    if (tg_checker_open(&k) != TG_OK)
        return TG_INTERNAL;
    const char *output = NULL;
    int r = parse(argc, argv, k, &output);
    if (r != 0) {
        tg_checker_free(k);
        return r;
    }
    const char *path = argv[optind];
    int fd = tgCli_open_input(path);
    FILE *out = fd < 0 ? NULL : output ? fopen(output, "w") : stdout;
    if (out == NULL) {
        if (fd >= 0)
            fprintf(stderr, "tracegate: cannot write %s\n", output);
        if (fd > 0)
            close(fd);
        tg_checker_free(k);
        return TG_IO_ERROR;
    }
    events_run run = {out, 0, NULL, 0, TG_MUST, 0};
    tg_checker_set_event_fn(k, on_event, &run);
    tg_verdict v =
        tg_checker_check(k, tg_read_fd, &fd, strcmp(path, "-") ? path : NULL,
                         on_start, on_diag, &run);
    if (fd > 0)
        close(fd);
    if (!run.has_events && tg_checker_format(k)) {
        fprintf(stderr,
                "tracegate: events: %s is a %s trace, and only NetTrace "
                "traces hold events\n",
                path, tg_checker_format(k));
        v = TG_CLI_USAGE;
    } else {
        outcome(&run, k, v);
    }
    tg_checker_free(k);
    if (tgCli_close_output(out, output ? output : "stdout") != 0)
        return TG_IO_ERROR;
    return (int)v;
}
