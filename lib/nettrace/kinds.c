/* kinds.c - the blocks of each NetTrace layout: v4/v5 object names and v6
 * kind numbers (NetTraceFormat_v5.md, NetTraceFormat.md and the v6 draft).  The
 * checker's dispatch, its messages, the generators and the mutator all
 * read this one table. */
#include <stdio.h>
#include <string.h>

#include "../core/scan16.h"
#include "nettrace.h"

/* What each kind number is, by layout: the wire fact, read once per
 * block.  v4/v5 has no kind numbers. */
const uint8_t nt_kind_blocks[NT_NLAYOUTS][NT_NKINDS] = {
    [NT_V45] = {NT_B_NONE, NT_B_NONE, NT_B_NONE, NT_B_NONE, NT_B_NONE,
                NT_B_NONE, NT_B_NONE, NT_B_NONE, NT_B_NONE},
    [NT_V6] = {NT_B_END, NT_B_TRACE, NT_B_EVENT, NT_B_METADATA, NT_B_SP,
               NT_B_STACK, NT_B_THREAD, NT_B_REMOVE_THREAD, NT_B_LABELS},
    /* the seed's draft swaps Stack and SequencePoint and stops at Thread */
    [NT_V6D] = {NT_B_END, NT_B_TRACE, NT_B_EVENT, NT_B_METADATA, NT_B_STACK,
                NT_B_SP, NT_B_THREAD, NT_B_NONE, NT_B_NONE},
};

typedef struct nt_block_fact {
    /* v4/v5 FastSerialization object name, or "", zeros after it to be
     * compared whole (nt_object_block()) */
    char object[NT_O45_NAME_BLOCK];
    size_t object_len; /* its length (0: none)                        */
    const char *name;  /* v6 name of the kind                           */
    int differs;       /* its content is laid out otherwise in the draft */
} nt_block_fact;

/* an object name and its length, from the one literal */
#define OBJECT(s) s, sizeof(s) - 1
#define NO_OBJECT "", 0
static const nt_block_fact blocks[NT_NBLOCKS] = {
    [NT_B_END] = {NO_OBJECT, "EndOfStream", 0},
    [NT_B_TRACE] = {OBJECT("Trace"), "Trace", 0},
    [NT_B_EVENT] = {OBJECT("EventBlock"), "Event", 0},
    [NT_B_METADATA] = {OBJECT("MetadataBlock"), "Metadata", 1},
    [NT_B_STACK] = {OBJECT("StackBlock"), "Stack", 1},
    [NT_B_SP] = {OBJECT("SPBlock"), "SequencePoint", 1},
    [NT_B_THREAD] = {NO_OBJECT, "Thread", 1},
    [NT_B_REMOVE_THREAD] = {NO_OBJECT, "RemoveThread", 0},
    [NT_B_LABELS] = {NO_OBJECT, "LabelList", 0},
};
#undef OBJECT
#undef NO_OBJECT

int nt_block_kind(enum nt_layout layout, enum nt_block b)
{
    for (unsigned kind = 0; kind < NT_NKINDS; kind++)
        if (nt_kind_blocks[layout][kind] == b && b != NT_B_NONE)
            return (int)kind;
    return -1;
}

int nt_block_differs(enum nt_block b)
{
    return b < NT_NBLOCKS && blocks[b].differs;
}

const char *nt_block_name(enum nt_layout layout, enum nt_block b)
{
    if (b >= NT_NBLOCKS)
        return NULL;
    if (layout != NT_V45)
        return blocks[b].name;
    return blocks[b].object_len ? blocks[b].object : NULL;
}

enum nt_block nt_object_block(const unsigned char *p, size_t len,
                              size_t readable)
{
    if (len == 0 || len >= NT_O45_NAME_BLOCK)
        return NT_B_NONE;
    unsigned want = (1u << len) - 1; /* the name's bytes, as lanes */
    for (unsigned b = 0; b < NT_NBLOCKS; b++) {
        if (blocks[b].object_len != len)
            continue;
        const unsigned char *name = (const unsigned char *)blocks[b].object;
        if (readable >= NT_O45_NAME_BLOCK
                ? (tgScan16_same(tgScan16_load(p), tgScan16_load(name)) &
                   want) == want
                : memcmp(name, p, len) == 0)
            return (enum nt_block)b;
    }
    return NT_B_NONE;
}

const char *nt_block_kinds(enum nt_layout layout, char *buf, size_t size)
{
    /* the kinds of a layout run from 0 without a gap */
    unsigned n = 0;
    while (n < NT_NKINDS && nt_kind_blocks[layout][n] != NT_B_NONE)
        n++;
    snprintf(buf, size, "kinds 0-%u", n ? n - 1 : 0);
    return buf;
}
