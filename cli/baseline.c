/* baseline.c - `check --baseline FILE` and `--write-baseline FILE`:
 * adopting the gate on old traces.  A baseline records, per file (as named
 * on the command line), the findings it had: each by its fingerprint
 * (tgReport_fingerprint(): rule, structural path without its indices, expected
 * and found; the one SARIF's partialFingerprints carry), with a count, so
 * that records inserted, deleted or moved elsewhere in a file keep old
 * findings matched.  A finding matches while its (file, fingerprint) has count
 * left.  Findings of a checker limit are never baselined: they say what
 * tracegate could not check, not what the file is.
 *
 * Format (JSON, read and written with Jansson):
 *   {"schema": "tracegate-baseline", "version": 2,
 *    "tool": "tracegate 0.3.0",
 *    "files": {"PATH": {"FINGERPRINT": {"rule": "RULE-ID", "count": N}}}}
 * FINGERPRINT is 16 lowercase hexadecimal digits. */
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "cli.h"

#define SCHEMA  "tracegate-baseline"
#define VERSION 2 /* 1: fingerprints of rule and path with its indices */

struct tgCli_baseline {
    json_t *files; /* PATH -> FINGERPRINT -> {rule, count} */
};

static void fingerprint(const tg_diag *d, char out[17])
{
    snprintf(out, 17, "%016" PRIx64, tgReport_fingerprint(d));
}

/* Whether a finding can be in a baseline: not a limit of the checker, nor
 * the line that stands for findings left out by the repeat cap. */
static int recordable(const tg_diag *d)
{
    return tg_rule_kind_of(d->rule) != TG_KIND_LIMIT && d->suppressed == 0;
}

tgCli_baseline *tgCli_baseline_new(void)
{
    tgCli_baseline *b = calloc(1, sizeof *b);
    if (b && (b->files = json_object()) == NULL) {
        free(b);
        return NULL;
    }
    return b;
}

void tgCli_baseline_free(tgCli_baseline *b)
{
    if (b) {
        json_decref(b->files);
        free(b);
    }
}

tgCli_baseline *tgCli_baseline_read(const char *path, char *why, size_t size)
{
    json_error_t err;
    json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &err);
    if (root == NULL) {
        snprintf(why, size, "%s: %s (line %d, column %d)", path, err.text,
                 err.line, err.column);
        return NULL;
    }
    json_t *files = json_object_get(root, "files");
    const char *schema = json_string_value(json_object_get(root, "schema"));
    json_t *version = json_object_get(root, "version");
    const char *bad =
        !schema || strcmp(schema, SCHEMA) != 0 ? "no tracegate baseline"
        : !json_is_integer(version) || json_integer_value(version) != VERSION
            ? "a baseline of another version (this tracegate reads version "
              "2: write it again with --write-baseline)"
        : !json_is_object(files) ? "no \"files\" object"
                                 : NULL;
    /* every entry: an object of fingerprints, each {rule, count >= 1} */
    const char *file;
    json_t *fps;
    json_object_foreach(files, file, fps)
    {
        const char *fp;
        json_t *e;
        if (bad || !json_is_object(fps)) {
            bad = bad ? bad : "a file entry that is no object";
            break;
        }
        json_object_foreach(fps, fp, e)
        {
            json_t *count = json_object_get(e, "count");
            if (strlen(fp) != 16 || strspn(fp, "0123456789abcdef") != 16 ||
                !json_is_string(json_object_get(e, "rule")) ||
                !json_is_integer(count) || json_integer_value(count) < 1) {
                bad = "an entry that is not a fingerprint with a rule and "
                      "a count";
                break;
            }
        }
    }
    if (bad) {
        snprintf(why, size, "%s: %s", path, bad);
        json_decref(root);
        return NULL;
    }
    tgCli_baseline *b = calloc(1, sizeof *b);
    if (b == NULL) {
        snprintf(why, size, "%s: out of memory", path);
        json_decref(root);
        return NULL;
    }
    b->files = json_incref(files);
    json_decref(root);
    return b;
}

int tgCli_baseline_take(tgCli_baseline *b, const char *file, const tg_diag *d)
{
    char fp[17];
    if (!recordable(d))
        return 0;
    fingerprint(d, fp);
    json_t *e = json_object_get(json_object_get(b->files, file), fp);
    json_t *count = json_object_get(e, "count");
    if (json_integer_value(count) < 1)
        return 0;
    json_integer_set(count, json_integer_value(count) - 1);
    return 1;
}

int tgCli_baseline_add(tgCli_baseline *b, const char *file, const tg_diag *d)
{
    char fp[17];
    if (!recordable(d))
        return 0;
    fingerprint(d, fp);
    json_t *fps = json_object_get(b->files, file);
    if (fps == NULL && (fps = json_object()) != NULL &&
        json_object_set_new(b->files, file, fps) != 0)
        return -1;
    json_t *e = json_object_get(fps, fp);
    if (e)
        return json_integer_set(
            json_object_get(e, "count"),
            json_integer_value(json_object_get(e, "count")) + 1);
    e = json_pack("{s:s, s:i}", "rule", tg_rule_id(d->rule), "count", 1);
    return e && json_object_set_new(fps, fp, e) == 0 ? 0 : -1;
}

int tgCli_baseline_write(const tgCli_baseline *b, const char *path)
{
    json_t *root =
        json_pack("{s:s, s:i, s:s, s:O}", "schema", SCHEMA, "version", VERSION,
                  "tool", "tracegate " TG_VERSION, "files", b->files);
    /* sorted keys and two-space indents: the same findings, the same
     * bytes, and a diff that shows what changed */
    char *text =
        root ? json_dumps(root, JSON_INDENT(2) | JSON_SORT_KEYS) : NULL;
    json_decref(root);
    FILE *f = text ? fopen(path, "w") : NULL;
    if (f == NULL) {
        fprintf(stderr, "tracegate: cannot write %s\n", path);
        free(text);
        return -1;
    }
    fputs(text, f);
    fputc('\n', f);
    free(text);
    return tgCli_close_output(f, path);
}
