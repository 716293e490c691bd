/* tokens.c - the constants of NetTrace's tables as fuzzing tokens: the
 * magic and FastSerialization header, the v4/v5 object names and tags,
 * each v6 block header of size 0, block and row headers, varint extremes. */
#include "../core/bytes.h"
#include "nettrace.h"

void tgNettrace_tokens(tg_token_fn emit, void *ctx)
{
    unsigned char b[8];
    tgFormat_token_text(emit, ctx, NT_MAGIC);
    tgBytes_put32(b, NT_FASTSER_LEN);
    emit(ctx, b, 4);
    tgFormat_token_text(emit, ctx, NT_FASTSER);
    /* v4/v5: object openings, names, EndObject, the end tag, versions */
    emit(ctx, NT_OBJECT_OPEN, NT_OBJECT_OPEN_LEN);
    for (enum nt_block k = 0; k < NT_NBLOCKS; k++)
        if (nt_block_name(NT_V45, k))
            tgFormat_token_text(emit, ctx, nt_block_name(NT_V45, k));
    emit(ctx, (const unsigned char[]){NT_TAG_END}, 1);
    emit(ctx, (const unsigned char[]){NT_TAG_NULL_REF}, 1);
    for (uint32_t v = 2; v <= 4; v += 2) { /* blocks 2, Trace 4 */
        tgBytes_put32(b, v);
        tgBytes_put32(b + 4, v);
        emit(ctx, b, 8);
    }
    /* v6: each kind's block header, size 0, in both v6 layouts */
    for (uint32_t kind = 0; kind < NT_NKINDS; kind++) {
        tgBytes_put32(b, kind << 24);
        emit(ctx, b, 4);
    }
    tgBytes_put32(b, 0);     /* Reserved */
    tgBytes_put32(b + 4, 6); /* Major */
    emit(ctx, b, 8);
    /* a compressed row's flags: every field present, without and with
     * IsSorted (0x40) and v6's LabelListId (0x10) */
    emit(ctx, "\x8f", 1);
    emit(ctx, "\xcf", 1);
    emit(ctx, "\xdf", 1);
    /* an event or metadata block header: HeaderSize 20, compressed */
    b[0] = NT_BLOCK_HEADER, b[1] = 0, b[2] = 1, b[3] = 0;
    emit(ctx, b, 4);
    /* varints: the largest u32, a 10-byte one, and one byte past it */
    emit(ctx, "\xff\xff\xff\xff\x0f", 5);
    emit(ctx, "\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01", 10);
    emit(ctx, "\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01", 11);
    /* block sizes: the v4/v5 size older runtimes kept to, negative */
    tgBytes_put32(b, NT_OBSERVED_BLOCK + 4);
    emit(ctx, b, 4);
    tgBytes_put32(b, UINT32_MAX);
    emit(ctx, b, 4);
}
