/* report.h - report sinks: text, json, sarif, junit, tap.
 *
 * The CLI hands a sink each file, each finding and each verdict as they
 * happen; text, json, sarif and tap stream, junit keeps per-rule tallies
 * of the current file only.  JSON output follows spec/report.schema.json
 * (schema "tracegate-report", version 1). */
#ifndef TG_REPORT_H
#define TG_REPORT_H

#include <stdio.h>

#include "tracegate.h"

#define TGR_SCHEMA_VERSION 1

typedef struct tgR_file {
    const char *path;     /* as named on the command line; "-" = stdin  */
    const char *format;   /* format name, NULL if none was found        */
    const char *detected; /* how the format was decided                 */
    const char *profile;  /* profile applied, NULL if none              */
    const char *layout;   /* layout found (tg_layout), NULL if none     */
    const char *problem;  /* sentence for I/O or format failures        */
    tg_verdict verdict;
    uint64_t bytes;      /* bytes read                                 */
    uint64_t counts[4];  /* findings reported, per tg_level            */
    uint64_t suppressed; /* findings left out by the repeat cap        */
    uint64_t baselined;  /* findings left out as in the baseline       */
    int64_t mtime;       /* Unix seconds: when the input was last written
                            (a stream's: when it was read); JUnit's time */
} tgR_file;

typedef struct tgR_sink tgR_sink;

typedef struct tgR_ops {
    void (*begin)(tgR_sink *s);
    void (*file_begin)(tgR_sink *s, const tgR_file *f);
    void (*diag)(tgR_sink *s, const tgR_file *f, const tg_diag *d);
    void (*file_end)(tgR_sink *s, const tgR_file *f);
    void (*end)(tgR_sink *s, int exit_code);
    void (*destroy)(tgR_sink *s);
} tgR_ops;

struct tgR_sink {
    const tgR_ops *ops;
    FILE *out;
    tg_level fail_on;
    unsigned long files; /* files begun so far                 */
    unsigned long diags; /* findings written in the current file */
    unsigned long total; /* findings written in all files        */
    int quiet;           /* only files that fail (text): tgR_set_quiet() */
    void *state;         /* the sink's own     */
};

/*! tgR_open() : a sink of kind (text|json|sarif|junit|tap) writing to out.
 *  @return NULL for an unknown kind or no memory. */
tgR_sink *tgR_open(const char *kind, FILE *out, tg_level fail_on);
/*! tgR_quiet_kind() : whether a report of kind can be quiet: only the
 *  files that fail, with their findings (a file's findings are held until
 *  its verdict is known): 1, 0 if not, -1 for no such kind.  Only text
 *  can: a machine-read report holds every file. */
int tgR_quiet_kind(const char *kind);
/*! tgR_set_quiet() : make a sink quiet; 0, or -1 if its kind cannot be. */
int tgR_set_quiet(tgR_sink *s);
/*! tgR_set_sarif_root() : a SARIF report's artifacts below abs_dir
 *  (absolute) are given relative to %SRCROOT%, which the run says is
 *  abs_dir.  @return 0, or -1 if the sink is no SARIF one (or no
 *  memory). */
int tgR_set_sarif_root(tgR_sink *s, const char *abs_dir);
void tgR_file_begin(tgR_sink *s, const tgR_file *f);
void tgR_diag(tgR_sink *s, const tgR_file *f, const tg_diag *d);
void tgR_file_end(tgR_sink *s, const tgR_file *f);
/*! tgR_close() : finish the report and free the sink. */
void tgR_close(tgR_sink *s, int exit_code);

/* Helpers the sinks share. */
const char *tgR_severity(tg_level level); /* error|warning|note */
/*! tgR_rule_index() : position of rule r among every format's rules, the
 *  order SARIF's rules[] lists them in. */
size_t tgR_rule_index(const tg_rule *r);
/*! tgR_fingerprint() : what identifies a finding across edits of its
 *  file, for baselines and SARIF's partialFingerprints: FNV-1a 64 of the
 *  rule id, the structural path with its indices left out ("/record[122]
 *  {ALOC}/time" as "/record{ALOC}/time"), the expected and the found text.
 *  A record inserted or deleted elsewhere moves the indices but not these;
 *  the same break twice has the same fingerprint, so users count them. */
uint64_t tgR_fingerprint(const tg_diag *d);
/*! tgR_message() : the finding as one sentence into buf. */
const char *tgR_message(const tg_diag *d, char *buf, size_t size);

extern const tgR_ops tgR_text_ops, tgR_json_ops, tgR_sarif_ops, tgR_junit_ops,
    tgR_tap_ops;

#endif
