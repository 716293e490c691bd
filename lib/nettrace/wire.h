/* wire.h - facts of the NetTrace encodings that the checker and the
 * generators share: the three layouts, their blocks (kinds.c) and their
 * field type codes (types.c). */
#ifndef TG_NT_WIRE_H
#define TG_NT_WIRE_H

#include <stddef.h>
#include <stdint.h>

/* Sizes the .NET runtime keeps to (checks NT-70, NT-71). */
#define NT_OBSERVED_BLOCK (100u * 1024) /* v4/v5 blocks, older runtimes   */
#define NT_OBSERVED_PAYLOAD                                                   \
    65535u /* event payloads: the runtime drops
                                             larger, and an EVENT_RECORD's
                                             u16 UserDataLength holds no more */

/* What TraceEvent's EVENT_RECORD holds of an event's fields, in bits
 * (checks NT-MET-017, NT-MET-018, NT-ROW-013, NT-ROW-014), and the most
 * stack bytes its extended data item holds: a u16 DataSize that also
 * counts the 8-byte MatchId before the stack (NT-STK-005). */
#define NT_TE_EVENT_ID_MAX   0xFFFFu
#define NT_TE_VERSION_MAX    0xFFu
#define NT_TE_THREAD_MAX     0xFFFFFFFFull
#define NT_TE_PROCESSOR_MAX  0xFFu
#define NT_TE_STACK_MAX      (0xFFFFu - 8)
#define NT_PROCESSOR_UNKNOWN 0xFFFFFFFFu /* what the runtime writes */

/* The stream header (NetTraceFormat_v5.md, NetTraceFormat.md).  v4/v5: the magic,
 * int32 20, "!FastSerialization.1".  v6: the magic, u32 Reserved 0,
 * MajorVersion, MinorVersion.  Sizes are plain numbers so that messages
 * can say them (TG_STRINGIFY); the assertions below tie them to their
 * parts. */
#define NT_MAGIC       "Nettrace"
#define NT_MAGIC_LEN   8
#define NT_FASTSER     "!FastSerialization.1"
#define NT_FASTSER_LEN 20
#define NT_V45_STREAM  32 /* bytes of the v4/v5 stream header */
#define NT_V6_MAJOR    12 /* offset of MajorVersion            */
#define NT_V6_MINOR    16 /* of MinorVersion                   */
#define NT_V6_STREAM   20 /* bytes of the v6 stream header     */

/* The Trace object's fields, from the start of the v4/v5 Trace payload or
 * of the v6 Trace block's content (NetTraceFormat_v5.md, NetTraceFormat.md). */
#define NT_TF_SYNCTIME  0  /* SYSTEMTIME: 8 int16, Year, Month, ...  */
#define NT_TF_SYNCQPC   16 /* int64                                  */
#define NT_TF_FREQUENCY 24 /* int64 ticks per second                 */
#define NT_TF_POINTER   32 /* int32 PointerSize                      */
#define NT_TF_V6_COUNT  36 /* v6: u32 count of key-value pairs       */
#define NT_TF_V6_FIXED  40 /* v6: bytes before the key-value pairs   */
#define NT_TF_V45_SIZE  48 /* v4/v5: bytes of the payload, before 06 */

_Static_assert(sizeof NT_MAGIC - 1 == NT_MAGIC_LEN &&
                   sizeof NT_FASTSER - 1 == NT_FASTSER_LEN &&
                   NT_V45_STREAM == NT_MAGIC_LEN + 4 + NT_FASTSER_LEN,
               "v4/v5 stream header: magic, int32 length, the string");
_Static_assert(NT_V6_MAJOR == NT_MAGIC_LEN + 4 &&
                   NT_V6_MINOR == NT_V6_MAJOR + 4 &&
                   NT_V6_STREAM == NT_V6_MINOR + 4,
               "v6 stream header: magic, Reserved, Major, Minor");
_Static_assert(NT_TF_SYNCQPC == NT_TF_SYNCTIME + 8 * 2 &&
                   NT_TF_FREQUENCY == NT_TF_SYNCQPC + 8 &&
                   NT_TF_POINTER == NT_TF_FREQUENCY + 8 &&
                   NT_TF_V6_COUNT == NT_TF_POINTER + 4 &&
                   NT_TF_V6_FIXED == NT_TF_V6_COUNT + 4 &&
                   NT_TF_V45_SIZE == NT_TF_POINTER + 4 + 3 * 4,
               "Trace fields: v4/v5 ends with ProcessId, NumberOfProcessors "
               "and ExpectedCPUSamplingRate, v6 with the pair count");

/* The FastSerialization tags of v4/v5 (NetTraceFormat_v5.md). */
#define NT_TAG_NULL_REF                                                       \
    0x01                  /* NullReference: an object's type has none, and
                                the stream ends with one               */
#define NT_TAG_BEGIN 0x05 /* BeginPrivateObject                     */
#define NT_TAG_END   0x06 /* EndObject                              */
/* How every object opens: BeginPrivateObject twice (the object, then its
 * type), then the type's NullReference. */
#define NT_OBJECT_OPEN     "\x05\x05\x01"
#define NT_OBJECT_OPEN_LEN 3
_Static_assert(NT_TAG_BEGIN == 0x05 && NT_TAG_NULL_REF == 0x01,
               "NT_OBJECT_OPEN spells the tags");

/* The kinds of a v6 label (NetTraceFormat.md, LabelList block): u8 Kind,
 * bit 7 set on a list's last label, then the value its kind gives. */
#define NT_LABEL_LAST  0x80u
#define NT_LABEL_KINDS 10 /* kinds 1 to 10 */
enum nt_label_value {
    NT_LV_FIXED,     /* `size` bytes                                 */
    NT_LV_STRINGS,   /* kind 5: a string key and a string value      */
    NT_LV_STRING_VAR /* kind 6: a string key and a varint64 value    */
};
typedef struct nt_label_kind {
    const char *name;
    uint8_t value; /* enum nt_label_value */
    uint8_t size;  /* NT_LV_FIXED: its bytes */
} nt_label_kind;
/* the kinds that stand in for an event header's fields (the rest are
 * data: trace and span ids, key-value pairs) */
enum {
    NT_LABEL_ACTIVITY = 1,
    NT_LABEL_RELATED = 2,
    NT_LABEL_OPCODE = 7,
    NT_LABEL_KEYWORDS = 8,
    NT_LABEL_LEVEL = 9,
    NT_LABEL_VERSION = 10
};
/* indexed by kind, 1 to NT_LABEL_KINDS (labels.c) */
extern const nt_label_kind nt_label_kinds[NT_LABEL_KINDS + 1];

/* OptionalMetadata kinds of a metadata row that stand in for header
 * fields (NetTraceFormat.md; the draft has OpCode too, and its kind 3,
 * KeywordLevelVersion, holds u64 Keywords, u8 Level and u8 Version). */
enum {
    NT_OPT_OPCODE = 1,
    NT_OPT_DRAFT_KEYWORD_LEVEL_VERSION = 3, /* final v6: Keyword alone */
    NT_OPT_VERSION = 9                      /* final v6 */
};

/* A v4/v5 FastSerialization object header, from its first byte
 * (NetTraceFormat_v5.md): 05 05 01, int32 version, int32 minimum reader version, int32 name
 * length, the name, 06; a block object then has an int32 BlockSize. */
#define NT_O45_VERSION 3  /* offset of the version                  */
#define NT_O45_MINVER  7  /* of the minimum reader version          */
#define NT_O45_NAMELEN 11 /* of the name length                     */
#define NT_O45_NAME    15 /* of the name; its 06 and BlockSize follow */
/* bytes of an object header with a name of n bytes, BlockSize included
 * (padding follows) */
#define NT_O45_HEADER(n) (NT_O45_NAME + (n) + 1 + 4)
/* v4/v5 block names are shorter than this, so that one is compared as a
 * block of this many bytes (nt_object_block()) */
#define NT_O45_NAME_BLOCK 16

/*! nt_pad4() : the zero bytes that bring file offset off to a multiple
 *  of 4 ("Aligns to 4 byte file offset": v4/v5 block content and
 *  uncompressed event rows). */
static inline size_t nt_pad4(uint64_t off)
{
    return (size_t)((4 - off % 4) % 4);
}

/* The header of an event, metadata (v4/v5, v6) or stack-free block: int16
 * HeaderSize, int16 Flags, int64 minimum and maximum timestamps; rows
 * follow (NetTraceFormat_v5.md, NetTraceFormat.md). */
#define NT_BLOCK_HEADER 20

/* An uncompressed row (NetTraceFormat_v5.md, NetTraceFormat.md): int32 EventSize,
 * then a header of fixed fields, the payload and (v4/v5) padding.  v4/v5:
 * MetadataId, SequenceNumber, ThreadId, CaptureThreadId, ProcessorNumber,
 * StackId, TimeStamp, ActivityId, RelatedActivityId, PayloadSize.  v6:
 * the same up to TimeStamp, then LabelListId and PayloadSize.  Offsets
 * count from the header's first byte, after EventSize. */
#define NT_ROW45_ACTIVITY     40 /* ActivityId, a Guid          */
#define NT_ROW45_RELATED      56 /* RelatedActivityId           */
#define NT_ROW45_PAYLOAD_SIZE 72 /* after the two Guids         */
#define NT_ROW45_HEADER       76 /* bytes of the v4/v5 header   */
#define NT_ROW6_LABELS        40
#define NT_ROW6_PAYLOAD_SIZE  44
#define NT_ROW6_HEADER        48
_Static_assert(NT_ROW45_RELATED == NT_ROW45_ACTIVITY + 16 &&
                   NT_ROW45_PAYLOAD_SIZE == NT_ROW45_RELATED + 16 &&
                   NT_ROW45_HEADER == NT_ROW45_PAYLOAD_SIZE + 4 &&
                   NT_ROW6_HEADER == NT_ROW6_PAYLOAD_SIZE + 4 &&
                   NT_ROW6_PAYLOAD_SIZE == NT_ROW6_LABELS + 4,
               "PayloadSize ends each uncompressed row header");

/* The flags byte that opens a compressed row header (every layout): which
 * of the header's fields follow it, each omitted one being the previous
 * row's (NetTraceFormat_v5.md, NetTraceFormat.md; TraceEvent names them
 * CompressedHeaderFlags).  0x10 and 0x20 are the two Guids in v4/v5 and
 * the draft; final v6 reads 0x10 as a LabelListId and defines no 0x20. */
enum nt_header_flag {
    NT_HF_METADATA_ID = 0x01,
    NT_HF_CAPTURE = 0x02, /* SequenceNumber delta, CaptureThreadId,
                             ProcessorNumber                          */
    NT_HF_THREAD_ID = 0x04,
    NT_HF_STACK_ID = 0x08,
    NT_HF_ACTIVITY_ID = 0x10,
    NT_HF_LABEL_LIST_ID = 0x10, /* final v6                            */
    NT_HF_RELATED_ACTIVITY_ID = 0x20,
    NT_HF_SORTED = 0x40,
    NT_HF_PAYLOAD_SIZE = 0x80
};

/* The three layouts (NetTraceFormat_v5.md, NetTraceFormat.md and the v6 draft). */
enum nt_layout {
    NT_V45 = 0, /* FastSerialization objects (v4/v5)          */
    NT_V6 = 1,  /* the final published v6 blocks               */
    NT_V6D = 2, /* the seed's February 2025 draft of v6        */
    NT_NLAYOUTS
};

/* What a block is, in every layout: a v4/v5 FastSerialization object is
 * known by its name, a v6 block by its kind number, and the seed's draft
 * numbers Stack and SequencePoint the other way round and stops at
 * Thread.  nt_block_kind() and nt_block_of() translate; kinds.c holds the
 * table and the names. */
enum nt_block {
    NT_B_END,           /* EndOfStream (v6 kind 0)                 */
    NT_B_TRACE,         /* Trace                                   */
    NT_B_EVENT,         /* EventBlock / Event                      */
    NT_B_METADATA,      /* MetadataBlock / Metadata                */
    NT_B_STACK,         /* StackBlock / Stack                      */
    NT_B_SP,            /* SPBlock / SequencePoint                 */
    NT_B_THREAD,        /* Thread (v6 and the draft)               */
    NT_B_REMOVE_THREAD, /* RemoveThread (final v6)                 */
    NT_B_LABELS,        /* LabelList (final v6)                    */
    NT_NBLOCKS,
    NT_B_NONE = NT_NBLOCKS /* not a block of the layout            */
};

/*! nt_block_kind() : the kind number of block b in a v6 layout, or -1 if
 *  the layout has no such block. */
int nt_block_kind(enum nt_layout layout, enum nt_block b);
/* Kind numbers of the v6 layouts are below this (kinds.c). */
#define NT_NKINDS 9
extern const uint8_t nt_kind_blocks[NT_NLAYOUTS][NT_NKINDS];

/*! nt_block_of() : the block a v6 layout numbers `kind`, or NT_B_NONE. */
static inline enum nt_block nt_block_of(enum nt_layout layout, uint32_t kind)
{
    return kind < NT_NKINDS ? (enum nt_block)nt_kind_blocks[layout][kind]
                            : NT_B_NONE;
}
/*! nt_block_differs() : whether block b's content is laid out otherwise
 *  in the draft than in final v6 (the blocks that decide NT-A28). */
int nt_block_differs(enum nt_block b);
/*! nt_block_name() : the name of block b in `layout`: the object name in
 *  v4/v5 (NULL where v4/v5 has no such object), the kind's name in v6 and
 *  the draft; NULL for NT_B_NONE. */
const char *nt_block_name(enum nt_layout layout, enum nt_block b);
/*! nt_object_block() : the block whose v4/v5 object name is p[0..len),
 *  or NT_B_NONE; `readable` bytes from p may be read (16 or more: the
 *  name is compared as one block). */
enum nt_block nt_object_block(const unsigned char *p, size_t len,
                              size_t readable);
/*! nt_block_kinds() : the kinds of a v6 layout, as a range for messages
 *  ("kinds 0-8"), written to buf. */
const char *nt_block_kinds(enum nt_layout layout, char *buf, size_t size);

/* How a field of a type code is held in an event payload. */
enum nt_shape {
    NT_T_UNKNOWN = 0, /* not a type code of the layout               */
    NT_T_FIXED,       /* `size` bytes                                 */
    NT_T_STR16Z,      /* UTF-16 code units up to a 2-byte NUL         */
    NT_T_VARINT,      /* a LEB128 of up to 64 bits (zig-zag or not)   */
    NT_T_STR8_U16,    /* u16 byte count, then UTF-8                   */
    NT_T_STR16_U16,   /* u16 code-unit count, then UTF-16             */
    NT_T_STR8_VAR,    /* varuint byte count, then UTF-8               */
    NT_T_OBJECT,      /* its nested fields, one after the other       */
    NT_T_ARRAY,       /* u16 count, then that many ElementType values */
    NT_T_FIXED_ARRAY, /* ElementCount ElementType values              */
    NT_T_RELLOC,      /* u32: size << 16 | offset from its own end    */
    NT_T_DATALOC      /* u32: size << 16 | offset from payload start  */
};

#define NT_NCODES 27 /* type codes are below this in every layout */
/* codes the checks and the generators name: the same in every layout */
#define NT_TYPE_OBJECT   1
#define NT_TYPE_BOOLEAN  3
#define NT_TYPE_CHAR     4
#define NT_TYPE_SINGLE   13
#define NT_TYPE_DOUBLE   14
#define NT_TYPE_DATETIME 16
#define NT_TYPE_ARRAY    19
/* final v6 only (another layout has no such code) */
#define NT_TYPE_BOOLEAN8 26

typedef struct nt_type {
    const char *name; /* as its layout's spec names it            */
    uint8_t shape;    /* enum nt_shape                             */
    uint8_t size;     /* NT_T_FIXED: its bytes                     */
    uint8_t compat;   /* read by TraceEvent, in no spec (Decimal)  */
    uint8_t boolean;  /* a Boolean: 0 or 1 (NT-PAY-004)            */
    uint8_t date;     /* a DateTime: a date .NET holds (NT-PAY-005) */
} nt_type;

extern const nt_type nt_types[NT_NLAYOUTS][NT_NCODES];
extern const nt_type nt_type_unknown;

/*! nt_type_at() : what type code `code` is in `layout`. */
static inline const nt_type *nt_type_at(enum nt_layout layout, unsigned code)
{
    return code < NT_NCODES ? &nt_types[layout][code] : &nt_type_unknown;
}

/*! nt_type_fixed() : whether a scalar of this shape has a fixed size by
 *  the letter of the spec: FIXED, and VarInt/VarUInt (NT-A13). */
static inline int nt_type_fixed(const nt_type *t)
{
    return t->shape == NT_T_FIXED || t->shape == NT_T_VARINT;
}

/*! nt_type_codes() : the codes `layout` defines, as ranges for messages
 *  ("1, 3-14, 16-26"), into buf.  @return buf. */
const char *nt_type_codes(enum nt_layout layout, char *buf, size_t size);

#endif
