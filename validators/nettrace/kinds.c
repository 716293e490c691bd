/* kinds.c - the blocks of each NetTrace layout: v4/v5 object names and v6
 * kind numbers (formats/nettrace.md sections 4.2, 5.2 and 6).  The
 * checker's dispatch, its messages, the generators and the mutator all
 * read this one table. */
#include <stdio.h>

#include "nettrace.h"

typedef struct nt_block_fact {
    const char *object;    /* v4/v5 FastSerialization object name, or NULL */
    const char *name;      /* v6 name of the kind                           */
    int kind[NT_NLAYOUTS]; /* kind number in v6 and the draft, or -1     */
    int differs;           /* its content is laid out otherwise in the draft */
} nt_block_fact;

static const nt_block_fact blocks[NT_NBLOCKS] = {
    [NT_B_END] = {NULL, "EndOfStream", {-1, 0, 0}, 0},
    [NT_B_TRACE] = {"Trace", "Trace", {-1, 1, 1}, 0},
    [NT_B_EVENT] = {"EventBlock", "Event", {-1, 2, 2}, 0},
    [NT_B_METADATA] = {"MetadataBlock", "Metadata", {-1, 3, 3}, 1},
    [NT_B_STACK] = {"StackBlock", "Stack", {-1, 5, 4}, 1},
    [NT_B_SP] = {"SPBlock", "SequencePoint", {-1, 4, 5}, 1},
    [NT_B_THREAD] = {NULL, "Thread", {-1, 6, 6}, 1},
    [NT_B_REMOVE_THREAD] = {NULL, "RemoveThread", {-1, 7, -1}, 0},
    [NT_B_LABELS] = {NULL, "LabelList", {-1, 8, -1}, 0},
};

int nt_block_kind(enum nt_layout layout, enum nt_block b)
{
    return b < NT_NBLOCKS ? blocks[b].kind[layout] : -1;
}

enum nt_block nt_block_of(enum nt_layout layout, uint32_t kind)
{
    for (unsigned b = 0; b < NT_NBLOCKS; b++)
        if (blocks[b].kind[layout] >= 0 &&
            (uint32_t)blocks[b].kind[layout] == kind)
            return (enum nt_block)b;
    return NT_B_NONE;
}

int nt_block_differs(enum nt_block b)
{
    return b < NT_NBLOCKS && blocks[b].differs;
}

const char *nt_block_name(enum nt_layout layout, enum nt_block b)
{
    if (b >= NT_NBLOCKS)
        return NULL;
    if (layout == NT_V45)
        return blocks[b].object;
    return blocks[b].kind[layout] >= 0 ? blocks[b].name : NULL;
}

const char *nt_block_kinds(enum nt_layout layout, char *buf, size_t size)
{
    /* the kinds of a layout run from 0 without a gap */
    int top = 0;
    for (unsigned b = 0; b < NT_NBLOCKS; b++)
        if (blocks[b].kind[layout] > top)
            top = blocks[b].kind[layout];
    snprintf(buf, size, "kinds 0-%d", top);
    return buf;
}
