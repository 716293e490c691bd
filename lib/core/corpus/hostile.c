/* hostile.c - the table of hostile strings, and picking one a field can
 * hold.  What each string holds is worked out from its bytes
 * (tgHostile_traits), not written next to it, so the table cannot lie. */
#include "hostile.h"

#include <string.h>

#define X4(s)  s s s s
#define X16(s) X4(X4(s))
#define CANARY "$TRACEGATE_CANARY"

static const char *const table[] = {
    /* a plain word: what a field that can hold nothing else gets */
    "hostile",
    /* code that makes the canary if a reader runs it */
    "'+__import__('os').system('touch " CANARY "')+'",
    "\"+__import__('os').system('touch " CANARY "')+\"",
    "__import__('os').system('touch${IFS}'+__import__('os').environ['"
    "TRACEGATE_CANARY'])",
    "{__import__('os').system('touch " CANARY "')}",
    "$(touch " CANARY ")",
    "`touch " CANARY "`",
    "x; touch \"" CANARY "\" #",
    "x && touch " CANARY,
    "require('fs').writeFileSync(process.env.TRACEGATE_CANARY,'')",
    "${jndi:ldap://127.0.0.1/x}",
    /* format strings */
    "%s%s%s%s%n%x%p%08x%%",
    "{0}{1}{}{{}}{name}",
    "%(name)s %1$s",
    /* paths */
    "../../../../../../etc/passwd",
    "..\\..\\..\\Windows\\System32\\config\\SAM",
    "/dev/zero",
    "C:\\con\\aux\\nul",
    /* markup, queries */
    "<script>alert(1)</script>&amp;&#0;",
    "'; DROP TABLE events; --",
    "Robert\"); DROP TABLE runs; --",
    /* quotes, separators, line ends, blanks */
    "\"\"\"",
    "a,b;c=d",
    "line one\nline two\r\nline three\r",
    "tab\tand\x0bvertical\x0c",
    "\x1b[31mred\x1b[0m\x07",
    "   ",
    "",
    /* Unicode edges that are still valid */
    "\xef\xbb\xbf"
    "BOM inside",
    "\xe2\x80\xae"
    "desrever"
    "\xe2\x80\xac",
    "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f"
    "\x91\xa7",
    "last \xf4\x8f\xbf\xbf nonchar \xef\xbf\xbf \xef\xbf\xbe",
    "replacement \xef\xbf\xbd",
    "Z" X16("\xcc\x81\xcc\xb6") "algo",
    "next line \xc2\x85 separator \xe2\x80\xa8 paragraph \xe2\x80\xa9",
    "\xe2\x80\x8b\xe2\x80\x8c\xe2\x80\x8d",
    /* long */
    X16(X16("0123456789abcdef")),
    X16(X16(X16("long-name-"))),
};

#define NTABLE (sizeof table / sizeof table[0])

size_t tgHostile_count(void) { return NTABLE; }

const char *tgHostile_at(size_t i) { return i < NTABLE ? table[i] : NULL; }

unsigned tgHostile_traits(const char *s)
{
    unsigned t = s[0] ? 0 : TG_HOSTILE_NO_EMPTY;
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    if (n > 255)
        t |= TG_HOSTILE_NO_LONG;
    if (n > 4096)
        t |= TG_HOSTILE_NO_HUGE;
    for (size_t i = 0; i < n; i++) {
        unsigned c = p[i];
        if (c == '"')
            t |= TG_HOSTILE_NO_QUOTE;
        else if (c == '\n' || c == '\r')
            t |= TG_HOSTILE_NO_LINE_END;
        else if (c == ' ' || c == '\t')
            t |= TG_HOSTILE_NO_SPACE;
        else if (c == ',' || c == ';' || c == '=')
            t |= TG_HOSTILE_NO_SEPARATOR;
        else if (c < 0x20 || c == 0x7f)
            t |= TG_HOSTILE_NO_CONTROL;
        if (c > 0x7f)
            t |= TG_HOSTILE_ASCII;
        if (c == 0xc2 && i + 1 < n && p[i + 1] >= 0x80 && p[i + 1] < 0xa0)
            t |= p[i + 1] == 0x85 ? TG_HOSTILE_NO_LINE_END
                                  : TG_HOSTILE_NO_CONTROL;
        if (c == 0xe2 && i + 2 < n && p[i + 1] == 0x80 &&
            (p[i + 2] == 0xa8 || p[i + 2] == 0xa9))
            t |= TG_HOSTILE_NO_LINE_END;
    }
    return t;
}

const char *tgHostile_next(unsigned *turn, unsigned forbid)
{
    for (size_t tries = 0; tries < NTABLE; tries++) {
        const char *s = table[1 + *turn % (NTABLE - 1)];
        ++*turn;
        if ((tgHostile_traits(s) & forbid) == 0)
            return s;
    }
    return table[0];
}
