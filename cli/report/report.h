/* report.h - report sinks: text, json, sarif, junit, tap, html.
 *
 * The CLI hands a sink each file, each finding and each verdict as they
 * happen; text, json, sarif and tap stream, junit keeps per-rule tallies
 * of the current file only.  JSON output follows spec/report.schema.json
 * (schema "tracegate-report", version 1). */
#ifndef TG_REPORT_H
#define TG_REPORT_H

#include <stdio.h>

#include "finding.h"
#include "tracegate.h"

#define TG_REPORT_SCHEMA_VERSION 1

struct show_outline; /* view/outline.h */

typedef struct tgReport_file {
    const char *path;     /* as named on the command line; "-" = stdin  */
    const char *format;   /* format name, NULL if none was found        */
    const char *detected; /* how the format was decided                 */
    const char *profile;  /* profile applied, NULL if none              */
    const char *layout;   /* layout found (tg_checker_layout()), or NULL     */
    const char *problem;  /* sentence for I/O or format failures        */
    tg_verdict verdict;
    uint64_t bytes;      /* bytes read                                 */
    uint64_t counts[4];  /* findings reported, per tg_level            */
    uint64_t suppressed; /* findings left out by the repeat cap        */
    uint64_t baselined;  /* findings left out as in the baseline       */
    int64_t mtime;       /* Unix seconds: when the input was last written
                            (a stream's: when it was read); JUnit's time */
} tgReport_file;

typedef struct tgReport_sink tgReport_sink;

typedef struct tgReport_ops {
    void (*begin)(tgReport_sink *s);
    void (*file_begin)(tgReport_sink *s, const tgReport_file *f);
    void (*diag)(tgReport_sink *s, const tgReport_file *f, const tg_diag *d);
    void (*file_end)(tgReport_sink *s, const tgReport_file *f);
    void (*end)(tgReport_sink *s, int exit_code);
    void (*destroy)(tgReport_sink *s);
    /* the file's parts, before file_end; NULL: the sink shows none, and
     * the check need not name them (the outline stays the caller's) */
    void (*parts)(tgReport_sink *s, const tgReport_file *f,
                  struct show_outline *o);
} tgReport_ops;

struct tgReport_sink {
    const tgReport_ops *ops;
    FILE *out;
    tg_level fail_on;
    unsigned long files; /* files begun so far                 */
    unsigned long diags; /* findings written in the current file */
    unsigned long total; /* findings written in all files        */
    int quiet;   /* only files that fail (text): tgReport_set_quiet() */
    void *state; /* the sink's own     */
};

/*! tgReport_open() : a sink of kind (text|json|sarif|junit|tap) writing to out.
 *  @return NULL for an unknown kind or no memory. */
tgReport_sink *tgReport_open(const char *kind, FILE *out, tg_level fail_on);
/*! tgReport_quiet_kind() : whether a report of kind can be quiet: only the
 *  files that fail, with their findings (a file's findings are held until
 *  its verdict is known): 1, 0 if not, -1 for no such kind.  Only text
 *  can: a machine-read report holds every file. */
int tgReport_quiet_kind(const char *kind);
/*! tgReport_set_quiet() : make a sink quiet; 0, or -1 if its kind cannot be. */
int tgReport_set_quiet(tgReport_sink *s);
/*! tgReport_set_sarif_root() : a SARIF report's artifacts below abs_dir
 *  (absolute) are given relative to %SRCROOT%, which the run says is
 *  abs_dir.  @return 0, or -1 if the sink is no SARIF one (or no
 *  memory). */
int tgReport_set_sarif_root(tgReport_sink *s, const char *abs_dir);
void tgReport_file_begin(tgReport_sink *s, const tgReport_file *f);
void tgReport_diag(tgReport_sink *s, const tgReport_file *f, const tg_diag *d);
void tgReport_file_end(tgReport_sink *s, const tgReport_file *f);
/*! tgReport_wants_parts() : whether the sink shows a file's parts: then
 *  the caller names them (tg_checker_set_node_fn()) into an outline of
 *  depth TG_REPORT_PARTS_DEPTH (outline.h) and hands it over before file_end. */
int tgReport_wants_parts(const tgReport_sink *s);
void tgReport_file_parts(tgReport_sink *s, const tgReport_file *f,
                         struct show_outline *o);
/*! tgReport_close() : finish the report and free the sink. */
void tgReport_close(tgReport_sink *s, int exit_code);

/* A finding kept past its callback, its texts its own. */
typedef struct tgReport_kept {
    tg_diag d;
    char *path, *expected, *found;
} tgReport_kept;
/*! tgReport_keep() : keep d in *k.  @return 0, or -1 (no memory; nothing
 *  is kept). */
int tgReport_keep(tgReport_kept *k, const tg_diag *d);
void tgReport_kept_free(tgReport_kept *k);

/* Helpers the sinks share. */
/*! tgReport_rule_index() : position of rule r among every format's rules, the
 *  order SARIF's rules[] lists them in. */
size_t tgReport_rule_index(const tg_rule *r);
/*! tgReport_fingerprint() : what identifies a finding across edits of its
 *  file, for baselines and SARIF's partialFingerprints: FNV-1a 64 of the
 *  rule id, the structural path with its indices left out ("/record[122]
 *  {ALOC}/time" as "/record{ALOC}/time"), the expected and the found text.
 *  A record inserted or deleted elsewhere moves the indices but not these;
 *  the same break twice has the same fingerprint, so users count them. */
uint64_t tgReport_fingerprint(const tg_diag *d);
extern const tgReport_ops tgReport_text_ops, tgReport_json_ops,
    tgReport_sarif_ops, tgReport_junit_ops, tgReport_tap_ops,
    tgReport_html_ops;

#endif
