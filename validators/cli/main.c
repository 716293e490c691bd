/* main.c - the tracegate command: dispatch to subcommands, --help. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char help_commands[] =
    "usage: tracegate COMMAND [OPTIONS] ...\n"
    "\n"
    "Commands:\n"
    "  check [OPTIONS] FILE...     validate traces (- reads stdin)\n"
    "  gen FORMAT --out DIR|- [--seed S] [--count N] [--size BYTES]\n"
    "      [--profile P] [--suffix .EXT]\n"
    "                              write valid traces (same seed, same "
    "bytes)\n"
    "  mutate FORMAT --out DIR [--seed S] [--suffix .EXT]\n"
    "                              write DIR/valid, DIR/invalid/RULE/ and\n"
    "                              DIR/manifest.jsonl: one broken rule per "
    "file\n"
    "  rules [FORMAT] [--report text|json] [--coverage]\n"
    "                              list rule tables; --coverage lists rules "
    "without a mutation\n"
    "  explain RULE-ID             clause, meaning and an example "
    "violation\n"
    "\n"
    "check options:\n"
    "  --format auto|NAME          format (auto: content, then file name; "
    "the report says how)\n"
    "  --profile NAME              profile of the format (default: its "
    "first)\n"
    "  --fail-on must|should|compat|info\n"
    "                              lowest level that fails (default must)\n"
    "  --disable ID                never report rule ID (repeatable)\n"
    "  --level ID=LEVEL            report rule ID at LEVEL (repeatable)\n"
    "  --report text|json|sarif|junit|tap   report format (default text)\n"
    "  -o, --output FILE           write the report to FILE\n"
    "  --max-repeats N             findings per rule before one summary "
    "line (default 100, 0 = all)\n"
    "resource limits of the checker (check options):\n";

static const char help_exit[] =
    "\n"
    "Exit codes:\n"
    "  0 conformant   1 violations at or above --fail-on   2 usage error\n"
    "  3 I/O error    4 unknown format or unsupported version\n"
    "  5 resource limit hit   6 internal error\n"
    "  7 truncated (input stops early and nothing before reaches "
    "--fail-on)\n"
    "  With several files the most severe wins: 6 > 3 > 5 > 4 > 1 > 7 > "
    "0.\n";

/* The limit options come from the library's table of limits. */
static void print_help(void)
{
    fputs(help_commands, stdout);
    for (int i = 0; i < TG_NLIMITS; i++) {
        const tg_limit_info *l = tg_limit_about(i);
        printf("  %-26s %s (default %" PRIu64 "); reaching it is exit 5\n",
               l->option, l->meaning, l->value);
    }
    fputs(help_exit, stdout);
}

/* A failed write of standard output is an I/O error, whatever the
 * command found: a gate must never pass on a truncated report. */
static int finish(int code)
{
    if (tgC_close_output(stdout, "standard output") != 0 &&
        tg_verdict_rank(TG_IO_ERROR) > tg_verdict_rank((tg_verdict)code))
        return TG_IO_ERROR;
    return code;
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } commands[] = {
        {"check", tgC_check}, {"gen", tgC_gen},         {"mutate", tgC_mutate},
        {"rules", tgC_rules}, {"explain", tgC_explain},
    };
    if (argc < 2)
        return tgC_usage("no command given");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        print_help();
        return finish(0);
    }
    if (strcmp(argv[1], "--version") == 0) {
        puts("tracegate " TG_VERSION);
        return finish(0);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return finish(commands[i].run(argc - 1, argv + 1));
    return tgC_usage("unknown command '%s'", argv[1]);
}
