/* util.c - small helpers of the command line. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base.h"

int tgCli_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("tracegate: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\nTry 'tracegate --help'.\n", stderr);
    return TG_CLI_USAGE;
}

int64_t tgCli_now(void)
{
    const char *fixed = getenv("SOURCE_DATE_EPOCH");
    char *end;
    long long t = fixed && *fixed ? strtoll(fixed, &end, 10) : -1;
    return t >= 0 && *end == '\0' ? (int64_t)t : (int64_t)time(NULL);
}

int tgCli_number(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    const char *p = s;
    if (*p < '0' || *p > '9')
        return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (UINT64_MAX - 9) / 10)
            return -1;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    unsigned shift = 0;
    switch (*p) {
    case 'K':
    case 'k':
        shift = 10;
        p++;
        break;
    case 'M':
    case 'm':
        shift = 20;
        p++;
        break;
    case 'G':
    case 'g':
        shift = 30;
        p++;
        break;
    default: break;
    }
    if (shift && strcmp(p, "iB") == 0)
        p += 2;
    if (*p || (shift && v > (UINT64_MAX >> shift)))
        return -1;
    *out = v << shift;
    return 0;
}

int tgCli_path(char out[TG_CLI_PATH], const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(out, TG_CLI_PATH, format, ap);
    va_end(ap);
    if (n >= 0 && n < TG_CLI_PATH)
        return 0;
    fprintf(stderr, "tracegate: a path longer than %d bytes: %.60s...\n",
            TG_CLI_PATH - 1, out);
    return -1;
}

int tgCli_limit_count(void)
{
    int n = 0;
    while (tg_limit_about(n) != NULL)
        n++;
    if (n > TG_CLI_LIMITS) {
        fprintf(stderr,
                "tracegate: the library has %d limits, the command "
                "line room for %d: a bug\n",
                n, TG_CLI_LIMITS);
        exit(TG_INTERNAL);
    }
    return n;
}

void tgCli_limit_options(struct option *out, int base)
{
    int n = tgCli_limit_count();
    for (int i = 0; i < n; i++) {
        struct option l = {tg_limit_about(i)->option + 2, required_argument,
                           NULL, base + i};
        out[i] = l;
    }
    memset(&out[n], 0, sizeof *out);
}

int tgCli_limit_option(tg_checker *k, int which, const char *arg)
{
    const tg_limit_info *l = tg_limit_about(which);
    uint64_t n;
    if (tgCli_number(arg, &n) != 0 ||
        tg_checker_set_limit(k, (tg_limit)which, n) != TG_OK)
        return tgCli_usage("%s wants a number from %" PRIu64 " to %" PRIu64
                           " (%s; default %" PRIu64 ")",
                           l->option, l->min, l->max, l->meaning, l->value);
    return 0;
}

int tgCli_open_input(const char *path)
{
    int fd = strcmp(path, "-") == 0 ? 0 : open(path, O_RDONLY);
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode))
        return fd;
    fprintf(stderr, "tracegate: cannot read %s: %s\n", path,
            fd < 0 || !S_ISDIR(st.st_mode) ? strerror(errno)
                                           : "it is a directory");
    if (fd > 0)
        close(fd);
    return -1;
}

int tgCli_mkdirs(const char *path)
{
    char buf[TG_CLI_PATH];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(buf, path, n + 1);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    if (mkdir(buf, 0777) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

int tgCli_write_file(void *ctx, const void *data, size_t size)
{
    return fwrite(data, 1, size, ctx) == size ? 0 : -1;
}

int tgCli_close_output(FILE *f, const char *name)
{
    /* after a failed buffered write, errno most likely still says why */
    int failed = ferror(f), err = failed ? errno : 0;
    if (fflush(f) != 0) {
        failed = 1;
        err = errno;
    }
    if ((f == stdout ? 0 : fclose(f)) != 0 && !failed) {
        failed = 1;
        err = errno;
    }
    if (failed)
        fprintf(stderr, "tracegate: cannot write %s: %s\n", name,
                err ? strerror(err) : "a write failed");
    return failed ? -1 : 0;
}

const tg_format_info *tgCli_format(const char *name)
{
    for (size_t i = 0; i < tg_format_count(); i++)
        if (strcmp(tg_format_at(i)->name, name) == 0)
            return tg_format_at(i);
    return NULL;
}
