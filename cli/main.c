/* main.c - the tracegate command: dispatch to subcommands, and the help
 * of each: `tracegate --help`, `tracegate COMMAND --help` (or -h), and
 * `tracegate help [COMMAND]`; `tracegate help --man` writes the manual
 * page tracegate(1) from the same texts, so the two never differ. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char help_check[] =
    "usage: tracegate check [OPTIONS] FILE...\n"
    "Validate traces against every rule of their format (- reads stdin).\n"
    "\n"
    "  --format auto|NAME          format (auto: from the content alone; "
    "the report says how)\n"
    "  --profile NAME              profile of the format (default: its "
    "first)\n"
    "  --fail-on must|should|compat|info\n"
    "                              lowest level that fails (default must)\n"
    "  --disable ID                never report rule ID (repeatable)\n"
    "  --level ID=LEVEL            report rule ID at LEVEL (repeatable)\n"
    "  --report text|json|sarif|junit|tap|html\n"
    "                              report format (default text); html is one\n"
    "                              self-contained page: findings with the\n"
    "                              bytes around them, each file's parts\n"
    "  -o, --output FILE           write the report to FILE\n"
    "  -q, --quiet                 only the files that fail, and their "
    "findings (text report)\n"
    "  -j, --jobs N                check up to N files at once (the same "
    "report)\n"
    "  --progress                  bytes and MB/s on stderr after a second "
    "(default:\n"
    "                              only when stderr is a terminal)\n"
    "  --sarif-root DIR            SARIF URIs relative to DIR, as "
    "%SRCROOT%\n"
    "  --write-baseline FILE       record the findings of the files "
    "checked\n"
    "  --baseline FILE             only findings not in FILE fail, and are "
    "shown\n"
    "  --max-repeats N             findings per rule before one summary "
    "line (default " TG_STRINGIFY(
        TG_DEFAULT_REPEAT_CAP) ", 0 = all);\n"
                               "                              a failing "
                               "NetTrace block's rows past N "
                               "findings are skipped\n"
                               "resource limits of the checker:\n";

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

static const char help_gen[] =
    "usage: tracegate gen FORMAT --out DIR|- [--seed S] [--count N]\n"
    "           [--size BYTES] [--profile P] [--suffix .EXT]\n"
    "           [--hostile | --typical]\n"
    "Write valid traces of FORMAT: the same seed gives the same bytes.\n"
    "\n"
    "  --out DIR|-                 a folder for the traces, or - for "
    "standard output\n"
    "                              (not a terminal)\n"
    "  --seed S                    the first seed (default 1)\n"
    "  --count N                   how many traces, seeds S to S+N-1 "
    "(default 1)\n"
    "  --size BYTES                at least this long (K, M, G suffixes); "
    "streamed\n"
    "  --profile P                 the profile they are valid under\n"
    "  --hostile                   valid, with text and numbers built to "
    "break\n"
    "                              readers that misuse them (code, format\n"
    "                              specifiers, paths, quotes, line ends, "
    "long\n"
    "                              names, Unicode edges, limits)\n"
    "  --typical                   valid, with records as large as a busy "
    "real\n"
    "                              writer's (deep stacks, several values "
    "a\n"
    "                              record); default: the smallest "
    "realistic\n"
    "                              records\n"
    "  --suffix .EXT               file name ending (default the "
    "format's)\n";

static const char help_mutate[] =
    "usage: tracegate mutate FORMAT --out DIR [--seed S] [--profile P]\n"
    "           [--suffix .EXT] [--force]\n"
    "Write a conformance corpus: DIR/valid/ (a valid trace per profile),\n"
    "DIR/invalid/RULE-ID/ (each file breaks exactly that rule, a MUST: a\n"
    "strict reader rejects it), DIR/warn/RULE-ID/ (the same for a SHOULD,\n"
    "note or compat rule: legal, a strict reader accepts it and may warn),\n"
    "DIR/manifest.jsonl (one line per file: rule, level, expected exit,\n"
    "what a strict reader must do with it, offset of the break, what was\n"
    "done) and DIR/README.md.\n"
    "\n"
    "  --out DIR                   the corpus folder\n"
    "  --seed S                    seed of the valid parents (default 1)\n"
    "  --profile P                 for a reader of profile P: only the\n"
    "                              rules P checks, each mutant made from a\n"
    "                              parent valid under P, labelled as P\n"
    "                              judges it\n"
    "  --suffix .EXT               file name ending (default the "
    "format's)\n"
    "  --force                     write into a folder that holds files "
    "(its\n"
    "                              other files stay)\n";

static const char help_rules[] =
    "usage: tracegate rules [FORMAT] [--report text|json] [--coverage]\n"
    "       tracegate rules FORMAT --dict\n"
    "List the rule tables: id, level, kind, profiles, clause, message.\n"
    "\n"
    "  --report text|json          output form (default text)\n"
    "  --coverage                  only the rules without a mutation, and "
    "why\n"
    "  --dict                      the format's table constants as a "
    "fuzzing dictionary\n"
    "                              (libFuzzer -dict=, AFL++ -x)\n";

static const char help_show[] =
    "usage: tracegate show [--format F] [--profile P] [--depth N] "
    "[--at OFFSET|LINE]\n"
    "                      [--report text|json] [-o FILE] FILE\n"
    "The file's parts as the checker reads them (blocks, objects, rows,\n"
    "records), each finding at the part where it occurs, then statistics.\n"
    "  --depth N         show parts to depth N (default 1); deeper parts are\n"
    "                    summed per part: how many of each kind, their\n"
    "                    threads and time span\n"
    "  --at OFFSET|LINE  the part that owns a byte offset (decimal or 0x\n"
    "                    hex) or, in a text format, a line, and the bytes\n"
    "                    around it (hex and text; the line and a caret)\n"
    "  --report text|json  json follows spec/show.schema.json\n"
    "The exit code is the file's verdict, as for check.\n";

static const char help_events[] =
    "usage: tracegate events [--format F] [--profile P] [-o FILE] FILE\n"
    "A NetTrace file's events as JSON lines (- reads stdin): one an event,\n"
    "in file order, with its provider, id, name, opcode, version, threads,\n"
    "sequence number, processor, timestamp, activity ids, the size and\n"
    "FNV-1a 64 of its payload, whether the payload fits its metadata, and\n"
    "the size and FNV-1a 64 of its stack (spec/events.md); then one line\n"
    "with the outcome: read, rejected (the first finding that fails the\n"
    "file) or failed (a checker limit, an input that cannot be read), and\n"
    "the events the file says were lost.  The exit code is the file's\n"
    "verdict, as for check.\n"
    "  --profile P                 the profile the file is checked under (a\n"
    "                              v6 header is read as the draft under\n"
    "                              nettrace-v6-draft)\n"
    "  -o, --output FILE           write the lines to FILE\n"
    "resource limits of the checker:\n";

static const char help_explain[] =
    "usage: tracegate explain RULE-ID\n"
    "The rule's clause, what a finding of it means, and an example "
    "violation.\n";

static const char help_oracle[] =
    "usage: tracegate oracle --reader 'COMMAND {}' [OPTIONS] CORPUS_DIR...\n"
    "       tracegate oracle --reader 'COMMAND {}' --fuzz S --format F "
    "[OPTIONS]\n"
    "       tracegate oracle --reader 'COMMAND {}' --sweep [--format F] "
    "[DIR...]\n"
    "       tracegate oracle --engine afl --reader 'PROGRAM {}' --fuzz S "
    "--format F\n"
    "Run a reader over labelled traces (folders of gen/mutate, or any\n"
    "folder of traces) and score it against what a strict, correct reader\n"
    "must do: accepts-invalid, rejects-valid, crash, hang, out-of-memory,\n"
    "executes-input, misreads.  One defect per cause (class and message),\n"
    "with the rules it showed under; each gets a shrunk reproducer.  Exit 1\n"
    "if any reader has a defect.\n"
    "\n"
    "  -r, --reader 'COMMAND {}'   the reader; {} is the file (appended if "
    "absent).\n"
    "                              Exit 0: accepted; other exits: rejected.\n"
    "                              Repeat for a differential run\n"
    "  --timeout S                 a run longer than S seconds is a hang "
    "(default 10)\n"
    "  --memory MIB                address-space cap per run (default "
    "2048, 0: none)\n"
    "  -j, --jobs N                N runs at once (default 1)\n"
    "  --profile NAME|manifest     the profile the reader implements: "
    "files are\n"
    "                              judged under it (default: the "
    "format's first;\n"
    "                              manifest: each file under its own)\n"
    "  --reads V,...               the versions the reader reads (NetTrace "
    "v4, v5,\n"
    "                              v6-draft, v6; AFPerf v1): others are "
    "not-read\n"
    "  --crash-exit CODE           this exit code is a crash (repeatable; "
    "128+signal\n"
    "                              of SEGV, BUS, FPE, ILL, ABRT, SYS, TRAP "
    "always are)\n"
    "  --accept-exit CODE          this exit code also means accepted "
    "(repeatable)\n"
    "  --misread-exit CODE         this exit code means the reader read the "
    "file and\n"
    "                              delivered what the bytes do not hold (a "
    "harness\n"
    "                              that compares its output says so): "
    "misreads\n"
    "  --serve                     start each reader once per job: it reads "
    "one path\n"
    "                              a line on stdin and answers with its exit "
    "code a\n"
    "                              line on stdout (spec/oracle.md, O12)\n"
    "  --crash-pattern RE          stderr that means a crash (PCRE2; "
    "default: Python\n"
    "                              tracebacks, sanitizers, panics, "
    "uncaught exceptions)\n"
    "  --oom-pattern RE            stderr that means out of memory (PCRE2)\n"
    "  --report text|json|junit|markdown   scorecard format (default "
    "text)\n"
    "  -o, --output FILE           write the scorecard to FILE\n"
    "  --keep DIR                  where shrunk reproducers go (default "
    "tracegate-oracle)\n"
    "  --shrink-runs N             reader runs per shrink (default 200, 0: "
    "no shrink)\n"
    "  --shrink-time S             seconds per shrink (default 60); a hang "
    "is shrunk\n"
    "                              under a quarter of --timeout, then "
    "confirmed\n"
    "  --sweep                     set each field of each valid file to "
    "each\n"
    "                              boundary value (0, 1, -1, 2^31, own+1, "
    "...);\n"
    "                              the ones that show a defect kept in "
    "KEEP/sweep/\n"
    "  --fuzz S                    then S seconds of new inputs of --format "
    "F: valid,\n"
    "                              hostile, rules' mutants, a few bytes "
    "changed; the\n"
    "                              ones that show a defect kept in "
    "KEEP/fuzz/;\n"
    "                              a sweep first.  Mutants are scored "
    "masked when\n"
    "                              their valid parent was turned down too\n"
    "  --format F                  the format --fuzz writes (and --sweep "
    "with no\n"
    "                              folder: a valid trace of each profile)\n"
    "  --seed S                    the first seed of --fuzz (default 0)\n"
    "  --engine afl                AFL++ makes the --fuzz inputs, guided by "
    "the\n"
    "                              reader's coverage (built with afl-cc, or "
    "a\n"
    "                              SharpFuzz harness), with tracegate's "
    "mutations;\n"
    "                              every input it kept is judged; one "
    "reader, run\n"
    "                              without a shell (spec/oracle.md, O15)\n"
    "  --mutations tracegate|havoc|black-box   AFL++'s inputs: with "
    "tracegate's\n"
    "                              mutations (default), its havoc alone, or "
    "only\n"
    "                              new traces and mutants, as the black-box "
    "oracle\n"
    "  --progress                  runs and defects on stderr (shown on a "
    "terminal)\n"
    "SIGINT or SIGTERM stops the run: the scorecard of what ran is written,\n"
    "marked interrupted, and the exit code is 128 + the signal.\n";

static const char help_help[] =
    "usage: tracegate help [COMMAND]\n"
    "       tracegate help --man\n"
    "This text for COMMAND (the same as tracegate COMMAND --help), or the\n"
    "list of commands; --man: the manual page tracegate(1), in roff, made\n"
    "of every command's help.\n";

static const char help_commands[] =
    "usage: tracegate COMMAND [OPTIONS] ...\n"
    "\n"
    "Commands:\n"
    "  check [OPTIONS] FILE...     validate traces (- reads stdin)\n"
    "  show [OPTIONS] FILE         a trace's parts, its findings in place, "
    "statistics\n"
    "  events [OPTIONS] FILE       a NetTrace file's events as JSON lines\n"
    "  gen FORMAT --out DIR|- ...  write valid traces (same seed, same "
    "bytes)\n"
    "  mutate FORMAT --out DIR ... write a corpus: valid traces, and one "
    "per broken rule\n"
    "  rules [FORMAT] ...          list rule tables\n"
    "  explain RULE-ID             clause, meaning and an example "
    "violation\n"
    "  oracle --reader CMD DIR...  score a reader of traces over a "
    "labelled corpus\n"
    "  help [COMMAND]              a command's options\n"
    "\n"
    "  -h, --help                  this list\n"
    "  --version                   the version of tracegate, and the vector\n"
    "                              instructions it checks with\n"
    "\n"
    "tracegate COMMAND --help (or -h) gives the options of COMMAND.\n";

static int help(int argc, char **argv);

static const struct command {
    const char *name;
    int (*run)(int, char **);
    const char *usage;
} commands[] = {
    {"check", tgCli_check, help_check},
    {"gen", tgCli_gen, help_gen},
    {"mutate", tgCli_mutate, help_mutate},
    {"rules", tgCli_rules, help_rules},
    {"explain", tgCli_explain, help_explain},
    {"show", tgCli_show, help_show},
    {"events", tgCli_events, help_events},
    {"oracle", tgCli_oracle, help_oracle},
    {"help", help, help_help},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const struct command *command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

/* A command's help; check's and events' have the limits, from the
 * library's table of limits, and check's (with exit_codes) the exit
 * codes. */
static void usage_text(const struct command *c, FILE *f, int exit_codes)
{
    fputs(c->usage, f);
    if (c->run != tgCli_check && c->run != tgCli_events)
        return;
    const tg_limit_info *l;
    for (int i = 0; (l = tg_limit_about(i)) != NULL; i++) {
        char option[40];
        snprintf(option, sizeof option, "%s N", l->option);
        fprintf(f,
                "  %-27s %s (default %" PRIu64 ", %" PRIu64 " to %" PRIu64
                "); reaching it is exit 5\n",
                option, l->meaning, l->value, l->min, l->max);
    }
    if (exit_codes && c->run == tgCli_check)
        fputs(help_exit, f);
}

static int print_usage(const struct command *c)
{
    usage_text(c, stdout, 1);
    return 0;
}

/* Text as roff: a backslash is \e, a minus \-, and a line that starts
 * with a dot or a quote is not taken for a request. */
static void roff(const char *text)
{
    int line_start = 1;
    for (const char *p = text; *p; p++) {
        if (line_start && (*p == '.' || *p == '\''))
            fputs("\\&", stdout);
        if (*p == '\\')
            fputs("\\e", stdout);
        else if (*p == '-')
            fputs("\\-", stdout);
        else
            putchar(*p);
        line_start = *p == '\n';
    }
}

/* tracegate(1): the list of commands, then each command's help as
 * tracegate COMMAND --help prints it, then the exit codes. */
static int manual_page(void)
{
    printf(".TH TRACEGATE 1 \"\" \"tracegate %s\" \"User Commands\"\n"
           ".\\\" SPDX-License-Identifier: MIT\n"
           ".\\\" made by tracegate help --man from the texts of --help\n"
           ".SH NAME\n"
           "tracegate \\- conformance validator, corpus generator and "
           "reader oracle for NetTrace, AFPerf v1, CoreProfiler TraceLog "
           "and dumpalloc traces\n"
           ".SH SYNOPSIS\n.nf\n",
           TG_VERSION);
    roff(help_commands);
    puts(".fi\n.SH COMMANDS");
    for (size_t i = 0; i < NCOMMANDS; i++) {
        char *text = NULL;
        size_t size = 0;
        FILE *f = open_memstream(&text, &size);
        if (f == NULL)
            return TG_LIMIT;
        usage_text(&commands[i], f, 0); /* the exit codes come last */
        fclose(f);
        printf(".SS %s\n.nf\n", commands[i].name);
        roff(text);
        puts(".fi");
        free(text);
    }
    puts(".SH EXIT STATUS\n.nf");
    roff(help_exit + 1); /* its leading blank line */
    puts(".fi\n.SH SEE ALSO\n"
         "README.md, docs/ and spec/ in tracegate's source tree: the "
         "guides, the rules, their clauses and the decisions taken where "
         "the specifications are silent or disagree.");
    return 0;
}

static int help(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--man") == 0)
        return manual_page();
    if (argc < 2) {
        fputs(help_commands, stdout);
        fputs(help_exit, stdout);
        return 0;
    }
    const struct command *c = command(argv[1]);
    if (c == NULL || argc > 2)
        return tgCli_usage("help: %s", argc > 2 ? "one command at most"
                                                : "no such command");
    return print_usage(c);
}

/* Whether the arguments of a command ask for its help (before any "--",
 * after which they are operands). */
static int wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return 1;
    return 0;
}

/* A failed write of standard output is an I/O error, whatever the
 * command found: a gate must never pass on a truncated report. */
static int finish(int code)
{
    if (tgCli_close_output(stdout, "standard output") != 0 &&
        tg_verdict_rank(TG_IO_ERROR) > tg_verdict_rank((tg_verdict)code))
        return TG_IO_ERROR;
    return code;
}

/* A TRACEGATE_SIMD the library cannot follow (a path the processor
 * lacks, or no path's name) is said, with the path it takes instead. */
static void simd_note(void)
{
    const char *want = getenv("TRACEGATE_SIMD");
    if (want && strcmp(want, tg_simd_path()) != 0)
        fprintf(stderr,
                "tracegate: TRACEGATE_SIMD is '%s', not a path this processor "
                "has (scalar, sse2, avx2): checking with %s\n",
                want, tg_simd_path());
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return tgCli_usage("no command given");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
        return finish(help(1, argv));
    simd_note();
    if (strcmp(argv[1], "--version") == 0) {
        printf("tracegate " TG_VERSION "\nsimd: %s\n", tg_simd_path());
        return finish(0);
    }
    const struct command *c = command(argv[1]);
    if (c == NULL)
        return tgCli_usage("unknown command '%s'", argv[1]);
    if (wants_help(argc - 1, argv + 1))
        return finish(print_usage(c));
    return finish(c->run(argc - 1, argv + 1));
}
