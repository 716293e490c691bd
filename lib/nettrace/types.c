/* types.c - the field type codes of each NetTrace layout, and how an
 * event payload holds a value of each (NetTraceFormat_v5.md, NetTraceFormat.md and
 * section 6).  The metadata checks, the payload decoder and the
 * generators all read this one table.
 *
 * Booleans are 0 or 1 ("Boolean32: 4 bytes, 0/1"), and a DateTime a date
 * .NET's DateTime holds, which the payload decoder checks (NT-PAY-004,
 * NT-PAY-005).  The layouts agree on 1-14, 17 and 18; they differ in DateTime (8 bytes
 * in v4/v5, NT-A10; 16 in v6 and the draft), in Decimal (read by
 * TraceEvent, in no spec, NT-A22; not a draft code) and in 19-26. */
#include <stdio.h>

#include "nettrace.h"

#define SCALARS                                                               \
    [NT_TYPE_BOOLEAN] = {"Boolean", NT_T_FIXED, 4, 0, 1, 0},                  \
    [NT_TYPE_CHAR] = {"Char", NT_T_FIXED, 2, 0, 0, 0}, [5] = {"SByte",        \
                                                              NT_T_FIXED,     \
                                                              1,              \
                                                              0,              \
                                                              0,              \
                                                              0},             \
    [6] = {"Byte", NT_T_FIXED, 1, 0, 0, 0}, [7] = {"Int16", NT_T_FIXED, 2,    \
                                                   0,       0,          0},   \
    [8] = {"UInt16", NT_T_FIXED, 2, 0, 0, 0}, [9] = {"Int32", NT_T_FIXED, 4,  \
                                                     0,       0,          0}, \
    [10] = {"UInt32", NT_T_FIXED, 4, 0, 0, 0},                                \
    [11] = {"Int64", NT_T_FIXED, 8, 0, 0, 0},                                 \
    [12] = {"UInt64", NT_T_FIXED, 8, 0, 0, 0},                                \
    [NT_TYPE_SINGLE] = {"Single", NT_T_FIXED, 4, 0, 0, 0},                    \
    [NT_TYPE_DOUBLE] = {"Double", NT_T_FIXED, 8, 0, 0, 0},                    \
    [17] = {"Guid", NT_T_FIXED, 16, 0, 0, 0}

const nt_type nt_types[NT_NLAYOUTS][NT_NCODES] = {
    [NT_V45] = {[1] = {"Object", NT_T_OBJECT, 0, 0, 0, 0},
                SCALARS,
                [15] = {"Decimal", NT_T_FIXED, 16, 1, 0, 0},
                [16] = {"DateTime", NT_T_FIXED, 8, 0, 0, 1},
                [18] = {"String", NT_T_STR16Z, 0, 0, 0, 0},
                [19] = {"Array", NT_T_ARRAY, 0, 0, 0, 0}},
    [NT_V6] = {[1] = {"Object", NT_T_OBJECT, 0, 0, 0, 0},
               SCALARS,
               [15] = {"Decimal", NT_T_FIXED, 16, 1, 0, 0},
               [16] = {"DateTime", NT_T_FIXED, 16, 0, 0, 1},
               [18] = {"NullTerminatedUTF16String", NT_T_STR16Z, 0, 0, 0, 0},
               [19] = {"Array", NT_T_ARRAY, 0, 0, 0, 0},
               [20] = {"VarInt", NT_T_VARINT, 0, 0, 0, 0},
               [21] = {"VarUInt", NT_T_VARINT, 0, 0, 0, 0},
               [22] = {"FixedLengthArray", NT_T_FIXED_ARRAY, 0, 0, 0, 0},
               [23] = {"UTF8CodeUnit", NT_T_FIXED, 1, 0, 0, 0},
               [24] = {"RelLoc", NT_T_RELLOC, 0, 0, 0, 0},
               [25] = {"DataLoc", NT_T_DATALOC, 0, 0, 0, 0},
               [NT_TYPE_BOOLEAN8] = {"Boolean8", NT_T_FIXED, 1, 0, 1, 0}},
    [NT_V6D] = {[1] = {"Object", NT_T_OBJECT, 0, 0, 0, 0},
                SCALARS,
                [16] = {"DateTime", NT_T_FIXED, 16, 0, 0, 1},
                [18] = {"NullTerminatedUTF16String", NT_T_STR16Z, 0, 0, 0, 0},
                [19] = {"Array", NT_T_ARRAY, 0, 0, 0, 0},
                [20] = {"VarInt", NT_T_VARINT, 0, 0, 0, 0},
                [21] = {"VarUInt", NT_T_VARINT, 0, 0, 0, 0},
                [22] = {"LengthPrefixedUTF16String", NT_T_STR16_U16, 0, 0, 0,
                        0},
                [23] = {"LengthPrefixedUTF8String", NT_T_STR8_U16, 0, 0, 0, 0},
                [24] = {"VarLengthPrefixedUtf8String", NT_T_STR8_VAR, 0, 0, 0,
                        0}},
};

const nt_type nt_type_unknown = {NULL, NT_T_UNKNOWN, 0, 0, 0, 0};

const char *nt_type_codes(enum nt_layout layout, char *buf, size_t size)
{
    /* ranges of the codes the spec knows ("1, 3-14, 16-26") */
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned c = 0; c < NT_NCODES; c++) {
        const nt_type *t = &nt_types[layout][c];
        if (t->shape == NT_T_UNKNOWN || t->compat)
            continue;
        unsigned last = c;
        while (last + 1 < NT_NCODES &&
               nt_types[layout][last + 1].shape != NT_T_UNKNOWN &&
               !nt_types[layout][last + 1].compat)
            last++;
        int w = last > c
                    ? snprintf(buf + n, size - n, "%s%u-%u", n ? ", " : "", c,
                               last)
                    : snprintf(buf + n, size - n, "%s%u", n ? ", " : "", c);
        if (w < 0 || (size_t)w >= size - n)
            break;
        n += (size_t)w;
        c = last;
    }
    return buf;
}
