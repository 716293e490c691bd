/* rules.c - `tracegate rules` and `tracegate explain`: the rule tables for
 * people (text) and programs (json, schema "tracegate-rules" v3: v2 gave
 * every variant of a rule's mutation as "mutations", where v1 had one
 * "mutation" text; v3 names a format's "document", where v2 had "seed";
 * since 0.7.0 a rule's "must_under" names the compat profile that counts
 * it as MUST, or is null). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "cli.h"

static const char *const kinds[] = {"check", "truncated", "limit",
                                    "unsupported"};

static void json_field(const char *key, const char *v, int comma)
{
    printf("%s\"%s\":", comma ? "," : "", key);
    if (v)
        tgEscape_json(stdout, v);
    else
        fputs("null", stdout);
}

#define TEXT(r, col) tg_rule_get(r, TG_RULE_##col)

static void rules_json(const tg_format_info *info, int first)
{
    size_t n = tg_rule_count(info->name);
    printf("%s{\"name\":\"%s\",\"document\":", first ? "" : ",", info->name);
    tgEscape_json(stdout, info->document);
    fputs(",\"profiles\":[", stdout);
    for (const char *const *p = info->profiles; *p; p++)
        printf("%s\"%s\"", p == info->profiles ? "" : ",", *p);
    fputs("],\"rules\":[", stdout);
    for (size_t i = 0; i < n; i++) {
        const tg_rule *r = tg_rule_at(info->name, i);
        printf("%s{\"id\":\"%s\",\"level\":\"%s\",\"kind\":\"%s\"",
               i ? "," : "", tg_rule_id(r), tg_level_name(tg_rule_level(r)),
               kinds[tg_rule_kind_of(r)]);
        json_field("applies", TEXT(r, APPLIES), 1);
        json_field("document", TEXT(r, DOCUMENT), 1);
        json_field("section", TEXT(r, SECTION), 1);
        json_field("quote", TEXT(r, QUOTE), 1);
        json_field("message", TEXT(r, MESSAGE), 1);
        fputs(",\"mutations\":", stdout);
        if (tg_rule_mutation(r, 0) == NULL)
            fputs("null", stdout);
        for (unsigned v = 0; tg_rule_mutation(r, v); v++) {
            fputc(v ? ',' : '[', stdout);
            tgEscape_json(stdout, tg_rule_mutation(r, v));
            if (tg_rule_mutation(r, v + 1) == NULL)
                fputc(']', stdout);
        }
        json_field("no_mutation", TEXT(r, NO_MUTATION), 1);
        json_field("example", TEXT(r, EXAMPLE), 1);
        json_field("must_under", TEXT(r, MUST_UNDER), 1);
        fputc('}', stdout);
    }
    fputs("]}", stdout);
}

static void rules_text(const tg_format_info *info, int coverage)
{
    size_t n = tg_rule_count(info->name), with = 0;
    for (size_t i = 0; i < n; i++)
        with += TEXT(tg_rule_at(info->name, i), MUTATION) != NULL;
    if (coverage) {
        printf("%s: %zu of %zu rules have a mutation\n", info->name, with, n);
        for (size_t i = 0; i < n; i++) {
            const tg_rule *r = tg_rule_at(info->name, i);
            if (TEXT(r, MUTATION) == NULL)
                printf("  %-14s no mutation: %s\n", tg_rule_id(r),
                       TEXT(r, NO_MUTATION));
        }
        return;
    }
    printf("%s (%s; profiles:", info->name, info->document);
    for (const char *const *p = info->profiles; *p; p++)
        printf(" %s", *p);
    puts(")");
    for (size_t i = 0; i < n; i++) {
        const tg_rule *r = tg_rule_at(info->name, i);
        printf("  %-14s %-6s %-9s %-13s %s\n", tg_rule_id(r),
               tg_level_name(tg_rule_level(r)), kinds[tg_rule_kind_of(r)],
               TEXT(r, APPLIES), TEXT(r, MESSAGE));
    }
}

/* A dictionary line for libFuzzer and AFL++ (-dict=, -x): the token in
 * double quotes, every byte that is not printable ASCII, a quote or a
 * backslash as \xNN. */
static void dict_token(void *ctx, const void *p, size_t n)
{
    (void)ctx;
    const unsigned char *b = p;
    putchar('"');
    for (size_t i = 0; i < n; i++)
        if (b[i] >= 0x20 && b[i] < 0x7F && b[i] != '"' && b[i] != '\\')
            putchar(b[i]);
        else
            printf("\\x%02x", b[i]);
    puts("\"");
}

/* `rules FORMAT --dict`: the format's table constants as a dictionary. */
static int rules_dict(const char *format)
{
    const tg_format_info *f = tgCli_format(format);
    printf(
        "# %s.dict - a fuzzing dictionary for libFuzzer (-dict=) and AFL++\n"
        "# (-x): %s, made from\n"
        "# tracegate's tables by `tracegate rules %s --dict`\n",
        f->name, f->title, f->name);
    return tg_format_tokens(f->name, dict_token, NULL) == TG_OK ? 0
                                                                : TG_INTERNAL;
}

int tgCli_rules(int argc, char **argv)
{
    static const struct option longs[] = {
        {"report", required_argument, NULL, 'r'},
        {"coverage", no_argument, NULL, 'c'},
        {"dict", no_argument, NULL, 'd'},
        {NULL, 0, NULL, 0}};
    const char *report = "text";
    int coverage = 0, dict = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        if (c == 'r')
            report = optarg;
        else if (c == 'c')
            coverage = 1;
        else if (c == 'd')
            dict = 1;
        else
            return tgCli_usage("rules: bad option");
    }
    int json = strcmp(report, "json") == 0;
    if (!json && strcmp(report, "text") != 0)
        return tgCli_usage("rules: --report wants text or json");
    if (optind < argc - 1)
        return tgCli_usage("rules: at most one format");
    const char *only = optind < argc ? argv[optind] : NULL;
    if (only && tg_rule_count(only) == 0)
        return tgCli_usage("rules: unknown format '%s'", only);
    if (dict)
        return only ? rules_dict(only)
                    : tgCli_usage("rules: --dict wants one format");
    if (json)
        fputs("{\"schema\":\"tracegate-rules\",\"version\":3,\"formats\":[",
              stdout);
    int first = 1;
    for (size_t i = 0; i < tg_format_count(); i++) {
        const tg_format_info *info = tg_format_at(i);
        if (only && strcmp(only, info->name) != 0)
            continue;
        if (json)
            rules_json(info, first);
        else
            rules_text(info, coverage);
        first = 0;
    }
    if (json)
        puts("]}");
    return 0;
}

int tgCli_explain(int argc, char **argv)
{
    if (argc != 2)
        return tgCli_usage("explain: name one rule id, e.g. DA-REC-002");
    const char *format;
    const tg_rule *r = tg_rule_find(argv[1], &format);
    if (r == NULL)
        return tgCli_usage("explain: no rule %s (see 'tracegate rules')",
                           argv[1]);
    printf("%s  (%s, %s, %s)\n", tg_rule_id(r), format,
           tg_level_name(tg_rule_level(r)), kinds[tg_rule_kind_of(r)]);
    printf("  says:       %s\n", TEXT(r, MESSAGE));
    printf("  clause:     %s, section \"%s\":\n              \"%s\"\n",
           TEXT(r, DOCUMENT), TEXT(r, SECTION), TEXT(r, QUOTE));
    printf("  applies to: %s\n", strcmp(TEXT(r, APPLIES), "all") == 0
                                     ? "every profile"
                                     : TEXT(r, APPLIES));
    if (TEXT(r, MUST_UNDER))
        printf("  MUST under: %s (the reader it is named for fails on it)\n",
               TEXT(r, MUST_UNDER));
    if (TEXT(r, EXAMPLE))
        printf("  example:    %s\n", TEXT(r, EXAMPLE));
    for (unsigned v = 0; tg_rule_mutation(r, v); v++)
        printf("  %-12s%u: %s\n", v ? "" : "mutations:", v,
               tg_rule_mutation(r, v));
    if (tg_rule_mutation(r, 0) == NULL)
        printf("  mutations:  none: %s\n", TEXT(r, NO_MUTATION));
    tg_verdict verdict = tg_rule_verdict(r);
    printf("  verdict:    %s (exit %d) by default%s\n",
           tg_verdict_name(verdict), (int)verdict,
           tg_rule_kind_of(r) == TG_KIND_TRUNCATED
               ? ", unless a violation comes first"
           : verdict == TG_CONFORMANT ? "; fails only with a lower --fail-on"
                                      : "");
    return 0;
}
