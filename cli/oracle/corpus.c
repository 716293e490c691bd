/* corpus.c - the cases of `tracegate oracle`: the files of corpus folders.
 * A folder written by `tracegate mutate` has a manifest.jsonl, whose
 * lines give each file's format, profile and broken rule; those are
 * used.  Any other folder is taken file by file, in name order, and
 * tracegate detects what each file is. */
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "oracle.h"

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

static void free_case(or_case *c)
{
    free(c->path);
    free(c->format);
    free(c->profile);
    free(c->rule);
    free(c->parent);
}

int or_cases_add(or_cases *cs, const char *path, const char *format,
                 const char *profile, const char *rule, const char *parent)
{
    if (or_grow((void **)&cs->at, cs->n, &cs->cap, sizeof *cs->at) != 0)
        return -1;
    or_case *c = &cs->at[cs->n];
    c->path = strdup(path);
    c->format = dup_or_null(format);
    c->profile = dup_or_null(profile);
    c->rule = dup_or_null(rule);
    c->parent = dup_or_null(parent);
    c->parent_at = OR_NO_PARENT;
    if (c->path == NULL || (format && !c->format) ||
        (profile && !c->profile) || (rule && !c->rule) ||
        (parent && !c->parent)) {
        free_case(c);
        return -1;
    }
    cs->n++;
    return 0;
}

/* Whether a manifest's file name stays inside its folder. */
static int relative(const char *file)
{
    return file && file[0] != '/' && strstr(file, "..") == NULL;
}

static const char *text_of(json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

/* The lines of dir/manifest.jsonl.  @return 0, 1 if there is none, or an
 * exit code after saying why. */
static int read_manifest(or_cases *cs, const char *dir)
{
    char path[TG_CLI_PATH];
    if (tgCli_path(path, "%s/manifest.jsonl", dir) != 0)
        return TG_CLI_USAGE;
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return errno == ENOENT ? 1 : (perror(path), TG_IO_ERROR);
    char *line = NULL;
    size_t cap = 0;
    unsigned long number = 0;
    int r = 0;
    while (r == 0 && getline(&line, &cap, f) != -1) {
        number++;
        json_error_t err;
        json_t *o = json_loads(line, 0, &err);
        const char *file = o ? text_of(o, "file") : NULL;
        const char *parent = o ? text_of(o, "parent") : NULL;
        if (!relative(file) || (parent && !relative(parent))) {
            fprintf(stderr,
                    "tracegate: %s:%lu: not a manifest line (a JSON object "
                    "with a relative \"file\" and \"parent\"): %s\n",
                    path, number,
                    o ? "no usable \"file\" or \"parent\"" : err.text);
            r = TG_CLI_USAGE;
        } else {
            char full[8192], from[8192];
            snprintf(full, sizeof full, "%s/%s", dir, file);
            snprintf(from, sizeof from, "%s/%s", dir, parent ? parent : "");
            if (or_cases_add(cs, full, text_of(o, "format"),
                             text_of(o, "profile"), text_of(o, "rule"),
                             parent ? from : NULL) != 0) {
                fputs("tracegate: out of memory\n", stderr);
                r = TG_INTERNAL;
            }
        }
        json_decref(o);
    }
    if (r == 0 && ferror(f)) {
        perror(path);
        r = TG_IO_ERROR;
    }
    free(line);
    fclose(f);
    return r;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* Every regular file under dir, in name order, depth first. */
static int walk(or_cases *cs, const char *dir, int depth)
{
    if (depth > 32) {
        fprintf(stderr, "tracegate: %s: folders nested too deep\n", dir);
        return TG_CLI_USAGE;
    }
    struct dirent **names;
    int n = scandir(dir, &names, NULL, by_name);
    if (n < 0) {
        perror(dir);
        return TG_IO_ERROR;
    }
    int r = 0;
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        char full[8192];
        struct stat st;
        snprintf(full, sizeof full, "%s/%s", dir, name);
        if (r == 0 && name[0] != '.' && stat(full, &st) == 0) {
            if (S_ISDIR(st.st_mode))
                r = walk(cs, full, depth + 1);
            else if (S_ISREG(st.st_mode) && strcmp(name, "README.md") != 0 &&
                     or_cases_add(cs, full, NULL, NULL, NULL, NULL) != 0) {
                fputs("tracegate: out of memory\n", stderr);
                r = TG_INTERNAL;
            }
        }
        free(names[i]);
    }
    free(names);
    return r;
}

int or_cases_add_folder(or_cases *cs, const char *dir)
{
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "tracegate: %s: not a corpus folder\n", dir);
        return TG_CLI_USAGE;
    }
    int r = read_manifest(cs, dir);
    return r == 1 ? walk(cs, dir, 0) : r;
}

void or_cases_free(or_cases *cs)
{
    for (size_t i = 0; i < cs->n; i++)
        free_case(&cs->at[i]);
    free(cs->at);
    memset(cs, 0, sizeof *cs);
}

static int by_path(const void *a, const void *b)
{
    return strcmp((*(or_case *const *)a)->path, (*(or_case *const *)b)->path);
}

int or_cases_link_parents(or_cases *cs)
{
    or_case **order = malloc((cs->n ? cs->n : 1) * sizeof *order);
    if (order == NULL)
        return -1;
    for (size_t i = 0; i < cs->n; i++)
        order[i] = &cs->at[i];
    qsort(order, cs->n, sizeof *order, by_path);
    for (size_t i = 0; i < cs->n; i++) {
        or_case *c = &cs->at[i], key = {.path = c->parent}, *k = &key;
        or_case **p = c->parent
                          ? bsearch(&k, order, cs->n, sizeof *order, by_path)
                          : NULL;
        c->parent_at = p ? (size_t)(*p - cs->at) : OR_NO_PARENT;
    }
    free(order);
    return 0;
}
