/* rules.c - `tracegate rules` and `tracegate explain`: the rule tables for
 * people (text) and programs (json, schema "tracegate-rules" v1). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "../core/escape.h"
#include "cli.h"

static const char *const kinds[] = {"check", "truncated", "limit",
                                    "unsupported"};

static void json_field(const char *key, const char *v, int comma)
{
    printf("%s\"%s\":", comma ? "," : "", key);
    if (v)
        tgJ_str(stdout, v);
    else
        fputs("null", stdout);
}

static void rules_json(const tg_format_info *info, int first)
{
    size_t n;
    const tg_rule *r = tg_rules(info->name, &n);
    printf("%s{\"name\":\"%s\",\"seed\":\"%s\",\"profiles\":[",
           first ? "" : ",", info->name, info->seed);
    for (const char *const *p = info->profiles; *p; p++)
        printf("%s\"%s\"", p == info->profiles ? "" : ",", *p);
    fputs("],\"rules\":[", stdout);
    for (size_t i = 0; i < n; i++) {
        printf("%s{\"id\":\"%s\",\"level\":\"%s\",\"kind\":\"%s\"",
               i ? "," : "", r[i].id, tg_level_name(r[i].level),
               kinds[r[i].kind]);
        json_field("applies", r[i].applies, 1);
        json_field("document", r[i].document, 1);
        json_field("section", r[i].section, 1);
        json_field("quote", r[i].quote, 1);
        json_field("message", r[i].message, 1);
        json_field("mutation", r[i].mutation, 1);
        json_field("no_mutation", r[i].no_mutation, 1);
        json_field("example", r[i].example, 1);
        fputc('}', stdout);
    }
    fputs("]}", stdout);
}

static void rules_text(const tg_format_info *info, int coverage)
{
    size_t n, with = 0;
    const tg_rule *r = tg_rules(info->name, &n);
    for (size_t i = 0; i < n; i++)
        with += r[i].mutation != NULL;
    if (coverage) {
        printf("%s: %zu of %zu rules have a mutation\n", info->name, with,
               n);
        for (size_t i = 0; i < n; i++)
            if (r[i].mutation == NULL)
                printf("  %-14s no mutation: %s\n", r[i].id,
                       r[i].no_mutation);
        return;
    }
    printf("%s (%s; profiles:", info->name, info->seed);
    for (const char *const *p = info->profiles; *p; p++)
        printf(" %s", *p);
    puts(")");
    for (size_t i = 0; i < n; i++)
        printf("  %-14s %-6s %-9s %-13s %s\n", r[i].id,
               tg_level_name(r[i].level), kinds[r[i].kind], r[i].applies,
               r[i].message);
}

int tgC_rules(int argc, char **argv)
{
    static const struct option longs[] = {
        {"report", required_argument, NULL, 'r'},
        {"coverage", no_argument, NULL, 'c'},
        {NULL, 0, NULL, 0}};
    const char *report = "text";
    int coverage = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        if (c == 'r')
            report = optarg;
        else if (c == 'c')
            coverage = 1;
        else
            return tgC_usage("rules: bad option");
    }
    int json = strcmp(report, "json") == 0;
    if (!json && strcmp(report, "text") != 0)
        return tgC_usage("rules: --report wants text or json");
    if (optind < argc - 1)
        return tgC_usage("rules: at most one format");
    const char *only = optind < argc ? argv[optind] : NULL;
    size_t n;
    if (only && tg_rules(only, &n) == NULL)
        return tgC_usage("rules: unknown format '%s'", only);
    if (json)
        fputs("{\"schema\":\"tracegate-rules\",\"version\":1,\"formats\":[",
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

int tgC_explain(int argc, char **argv)
{
    if (argc != 2)
        return tgC_usage("explain: name one rule id, e.g. DA-REC-002");
    const char *format;
    const tg_rule *r = tg_rule_find(argv[1], &format);
    if (r == NULL)
        return tgC_usage("explain: no rule %s (see 'tracegate rules')",
                         argv[1]);
    printf("%s  (%s, %s, %s)\n", r->id, format, tg_level_name(r->level),
           kinds[r->kind]);
    printf("  says:       %s\n", r->message);
    printf("  clause:     %s, section \"%s\":\n              \"%s\"\n",
           r->document, r->section, r->quote);
    printf("  applies to: %s\n", strcmp(r->applies, "all") == 0
                                     ? "every profile"
                                     : r->applies);
    if (r->example)
        printf("  example:    %s\n", r->example);
    if (r->mutation)
        printf("  mutation:   %s\n", r->mutation);
    else
        printf("  mutation:   none: %s\n", r->no_mutation);
    printf("  verdict:    %s\n",
           r->kind == TG_KIND_TRUNCATED ? "truncated (exit 7) unless a "
                                          "violation comes first"
           : r->kind == TG_KIND_LIMIT   ? "resource limit (exit 5)"
           : r->kind == TG_KIND_UNSUPPORTED
               ? "unsupported (exit 4): checking stops"
           : r->level == TG_MUST ? "violation (exit 1) by default"
                                 : "reported; fails only with a lower "
                                   "--fail-on");
    return 0;
}
