/* tracegate_web.c - the checker in the browser page (web/): what the page's
 * worker calls, compiled to WebAssembly by Emscripten.  One call checks
 * one input, pulled chunk by chunk through Module.tgwRead() (the worker
 * reads the user's file a slice at a time, so a large trace is never held
 * whole), and hands its results to Module.tgwEmit(kind, json) as they
 * come: "start", each "finding" (the object `check --report json` writes
 * for it, from the same code), then "end" with the verdict, the outline
 * of the file's parts and the statistics. */
#define _GNU_SOURCE /* open_memstream */
#include <emscripten.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "finding.h"
#include "outline.h"
#include "write.h"
#include "tracegate.h"

/* the command line's exit code of a usage error, which the page shows so */
#define TGW_USAGE 2

/* The depth the page's structure view shows, as the HTML report does. */
#define WEB_DEPTH TG_REPORT_PARTS_DEPTH

EM_JS(long, web_read, (void *buf, size_t cap),
      { return Module.tgwRead(buf, cap); });
EM_JS(void, web_emit, (const char *kind, const char *json, size_t n),
      { Module.tgwEmit(UTF8ToString(kind), UTF8ToString(json, n)); });

/* A JSON text made by write(o, ctx), handed to the page as `kind`. */
static void emit(const char *kind, void (*write)(FILE *o, void *ctx),
                 void *ctx)
{
    char *json = NULL;
    size_t n = 0;
    FILE *o = open_memstream(&json, &n);
    if (o == NULL)
        return;
    write(o, ctx);
    if (fclose(o) == 0)
        web_emit(kind, json, n);
    free(json);
}

static long read_page(void *ctx, void *buf, size_t cap)
{
    (void)ctx;
    return web_read(buf, cap);
}

static void write_start(FILE *o, void *ctx)
{
    const tg_checker *c = ctx;
    fputs("{\"schema\":\"tracegate-web\"", o);
    tgEscape_json_member(o, "format", tg_checker_format(c));
    tgEscape_json_member(o, "detected_by", tg_checker_detected(c));
    tgEscape_json_member(o, "profile", tg_checker_profile(c));
    fputc('}', o);
}

static void on_start(void *ctx, const tg_checker *c)
{
    (void)ctx;
    emit("start", write_start, (void *)c);
}

static void write_finding(FILE *o, void *ctx)
{
    tgReport_json_finding(o, ctx);
}

static void on_diag(void *ctx, const tg_diag *d)
{
    show_outline_diag(ctx, d);
    emit("finding", write_finding, (void *)d);
}

static void on_node(void *ctx, const tg_node *n) { show_outline_node(ctx, n); }

typedef struct web_end {
    const tg_checker *c;
    tg_verdict verdict;
    const show_outline *outline;
} web_end;

static void write_end(FILE *o, void *ctx)
{
    const web_end *e = ctx;
    const char *name = tg_checker_format(e->c);
    const tg_format_info *f = NULL;
    for (size_t i = 0; name && i < tg_format_count(); i++)
        if (strcmp(tg_format_at(i)->name, name) == 0)
            f = tg_format_at(i);
    fprintf(o, "{\"verdict\":\"%s\",\"exit_code\":%d,\"bytes\":%llu",
            tg_verdict_name(e->verdict), (int)e->verdict,
            (unsigned long long)tg_checker_bytes(e->c));
    tgEscape_json_member(o, "layout", tg_checker_layout(e->c));
    tgEscape_json_member(o, "version_name", tg_checker_version(e->c));
    tgEscape_json_member(o, "problem", tg_checker_problem(e->c));
    tgEscape_json_member(o, "group", f ? f->group : "");
    fputs(",\"text\":", o);
    fputs(f && f->text ? "true" : "false", o);
    fputs(",\"statistics\":", o);
    show_stats_json(o, &e->outline->stats);
    fputs(",\"outline\":", o);
    show_outline_json(o, e->outline);
    fputc('}', o);
}

/* Check the page's input as format (NULL or "": by its content) and
 * profile (NULL or "": the format's default).  @return the verdict, or
 * TGW_USAGE for a format or profile that does not exist. */
EMSCRIPTEN_KEEPALIVE int tgw_check(const char *format, const char *profile)
{
    tg_checker *c;
    if (tg_checker_open(&c) != TG_OK)
        return TG_INTERNAL;
    if ((format && *format && tg_checker_set_format(c, format) != TG_OK) ||
        (profile && *profile && tg_checker_set_profile(c, profile) != TG_OK)) {
        tg_checker_free(c);
        return TGW_USAGE;
    }
    show_outline *outline = show_outline_new(WEB_DEPTH);
    if (outline == NULL) {
        tg_checker_free(c);
        return TG_INTERNAL;
    }
    tg_checker_set_node_fn(c, on_node, outline);
    tg_verdict v =
        tg_checker_check(c, read_page, NULL, NULL, on_start, on_diag, outline);
    show_outline_end(outline);
    web_end e = {c, v, outline};
    emit("end", write_end, &e);
    show_outline_free(outline);
    tg_checker_free(c);
    return (int)v;
}

/* The formats and their profiles, for the page's menus. */
static void write_formats(FILE *o, void *ctx)
{
    (void)ctx;
    fputs("[", o);
    for (size_t i = 0; i < tg_format_count(); i++) {
        const tg_format_info *f = tg_format_at(i);
        fputs(i ? ",{\"name\":" : "{\"name\":", o);
        tgEscape_json(o, f->name);
        tgEscape_json_member(o, "title", f->title);
        fputs(",\"profiles\":[", o);
        for (size_t p = 0; f->profiles[p]; p++) {
            fputs(p ? "," : "", o);
            tgEscape_json(o, f->profiles[p]);
        }
        fputs("]}", o);
    }
    fprintf(o, "]");
}

EMSCRIPTEN_KEEPALIVE void tgw_formats(void)
{
    emit("formats", write_formats, NULL);
}

EMSCRIPTEN_KEEPALIVE const char *tgw_version(void) { return tg_version(); }
