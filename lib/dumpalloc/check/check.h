/* check.h - the dumpalloc checker's state and what its parts share:
 * records.c reads each record's layout, frame lists, strings, timestamps
 * and allocation pairing; fast.c reads runs of plain records straight
 * from the window; frontend.c walks the records by their Length. */
#ifndef TG_DUMPALLOC_CHECK_H
#define TG_DUMPALLOC_CHECK_H

#include "../../core/idmap.h"
#include "../dumpalloc.h"

typedef struct da_check {
    tgEngine_check *c;
    tgWindow *w;
    uint64_t record;     /* index of the current top-level record      */
    uint64_t frame;      /* 0-based index of the current frame in its list */
    uint64_t frames;     /* frames seen in the current list            */
    int in_list;         /* between an ALOC and its TERM               */
    int is_frame;        /* the current record is a frame in a list    */
    int64_t lost_alloc;  /* finding that lost an ALOC address, or -1   */
    int64_t list_broken; /* finding that interrupted a list, or -1     */
    uint64_t procs;      /* PROC records seen                          */
    int tracking;        /* pairing checks still running               */
    tgIdmap live;        /* live allocation addresses (a set)         */
    /* the current record */
    uint64_t start;   /* offset of its header                       */
    uint32_t type;    /* FOURCC                                      */
    uint32_t subtype; /* frame type, 0 if none (yet)                 */
    uint32_t len;     /* its Length field                            */
    uint64_t rem;     /* payload bytes not consumed yet              */
    int stop;         /* the input ended or framing was lost         */
    int malformed;    /* fields did not fit: the rest is not "extra" */
    int64_t ended;    /* the truncation finding, or -1               */
    char path[160];
} da_check;

/* Whether the FOURCC v is four printable ASCII characters. */
static inline int da_printable(uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        unsigned ch = (v >> (8 * i)) & 0xFF;
        if (ch < 0x20 || ch > 0x7E)
            return 0;
    }
    return 1;
}

/*! da_fourcc_text() : the FOURCC v as text, \xNN for bytes that are not
 *  printable. */
void da_fourcc_text(uint32_t v, char out[17]);
/*! da_path() : the path of field (a "/name" or "") of the current record,
 *  in k->path.  @return k->path. */
const char *da_path(da_check *k, const char *field);
/*! da_show_record() : hand the current record, its header read, to the
 *  caller that wants the input's parts (show.c). */
void da_show_record(da_check *k);
/*! da_report_at() : report `rule` at off (len bytes) of the current
 *  record, its path ending in field.  @return the finding's seq, or -1. */
int64_t da_report_at(da_check *k, size_t rule, uint64_t off, uint64_t len,
                     const char *field, int64_t cause, const char *exp,
                     const char *found);
/*! da_report_record() : a finding about the whole current record. */
int64_t da_report_record(da_check *k, size_t rule, const char *exp,
                         const char *found);
/*! da_fourcc_found() : the FOURCC v as the found text of a finding of
 *  `rule`, or NULL when that finding is only counted. */
const char *da_fourcc_found(const da_check *k, size_t rule, uint32_t v,
                            char out[17]);
/*! da_enter_record() : frame-list bookkeeping before a record is looked
 *  at. */
void da_enter_record(da_check *k);
/*! da_check_payload() : read the current record's payload (its header
 *  read by the front end) and report what breaks a rule. */
void da_check_payload(da_check *k);
/*! da_fast_records() : read the records that follow, held whole in the
 *  window, that would give no finding shown (fast.c says which). */
void da_fast_records(da_check *k, int pcal_ok);

#endif
