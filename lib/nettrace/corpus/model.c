/* model.c - see model.h. */
#include "model.h"

#include <stdlib.h>
#include <string.h>

#include "../../core/bytes.h"
#include "../../core/mem.h"

/* The header of a v4/v5 object: 05 05 01, versions, the name (any
 * length), 06, BlockSize and its padding (pad_extra bytes off, as a
 * mutator asks).  @return its size. */
static size_t object_header(const nt_item *it, uint64_t size, uint64_t at,
                            tgOut *out)
{
    size_t len = strlen(it->name);
    unsigned char h[15], tail[4 + 3 + 3];
    memcpy(h, NT_OBJECT_OPEN, NT_OBJECT_OPEN_LEN);
    tgBytes_put32(h + 3, (uint32_t)it->version);
    tgBytes_put32(h + 7, (uint32_t)it->min_version);
    tgBytes_put32(h + 11, (uint32_t)len);
    tgOut_put(out, h, sizeof h);
    tgOut_put(out, it->name, len);
    tgOut_put(out, (const unsigned char[]){NT_TAG_END}, 1);
    size_t n = sizeof h + len + 1;
    tgBytes_put32(tail, (uint32_t)size);
    /* at most 3 bytes of padding, and up to 3 more or fewer */
    long pad = (long)((4 - (at + n + 4) % 4) % 4) + it->pad_extra;
    pad = pad < 0 ? 0 : pad > 6 ? 6 : pad;
    memset(tail + 4, it->pad_byte, (size_t)pad);
    tgOut_put(out, tail, 4 + (size_t)pad);
    return n + 4 + (size_t)pad;
}

static void out_item(nt_item *it, int v6, tgOut *out, uint64_t *total)
{
    it->at = *total;
    if (it->raw) {
        tgOut_put(out, it->content.p, it->content.n);
        it->content_at = it->at;
        *total += it->content.n;
        return;
    }
    uint64_t size =
        it->size != NT_NO_SIZE ? (uint64_t)it->size : it->content.n;
    size_t n;
    if (v6) {
        unsigned char h[4];
        tgBytes_put32(h, (uint32_t)size | (uint32_t)it->kind << 24);
        tgOut_put(out, h, sizeof h);
        n = sizeof h;
    } else {
        n = object_header(it, size, *total, out);
    }
    it->content_at = *total + n;
    tgOut_put(out, it->content.p, it->content.n);
    *total += n + it->content.n;
    if (!v6) {
        unsigned char tag =
            (unsigned char)(it->end_tag >= 0 ? it->end_tag : NT_TAG_END);
        tgOut_put(out, &tag, 1);
        *total += 1;
    }
}

static nt_item *append(nt_model *m) { return nt_model_insert(m, m->n); }

void nt_sink_raw(nt_sink *s, const void *p, size_t n)
{
    if (s->model) {
        nt_item *it = append(s->model);
        if (it == NULL)
            return;
        it->raw = 1;
        tgMembuf_write(&it->content, p, n);
    } else {
        tgOut_put(s->out, p, n);
    }
    s->total += n;
}

void nt_sink_block(nt_sink *s, enum nt_block b, const tgMembuf *content)
{
    int v6 = s->layout != NT_V45;
    const char *name = nt_block_name(s->layout, b);
    int kind = nt_block_kind(s->layout, b);
    nt_item tmp;
    memset(&tmp, 0, sizeof tmp);
    nt_item *it = s->model ? append(s->model) : &tmp;
    if (it == NULL)
        return;
    it->kind = v6 ? (unsigned)kind : 0;
    it->name = v6 ? NULL : name;
    it->version = it->min_version = 2;
    it->size = NT_NO_SIZE;
    it->end_tag = -1;
    if (s->model) {
        tgMembuf_write(&it->content, content->p, content->n);
        uint64_t t = s->total;
        /* count its serialised size now, so --size and padding agree */
        size_t hdr = v6 ? 4 : NT_O45_HEADER(strlen(name));
        size_t pad = v6 ? 0 : (size_t)((4 - (t + hdr) % 4) % 4);
        s->total += hdr + pad + content->n + (v6 ? 0 : 1);
    } else {
        it->content = *content; /* borrowed: written at once */
        out_item(it, v6, s->out, &s->total);
    }
}

int nt_sink_failed(const nt_sink *s)
{
    return s->model ? s->model->failed : s->out->failed;
}

nt_item *nt_model_insert(nt_model *m, size_t at)
{
    if (m->n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 32;
        nt_item *p = tgMem_realloc(m->items, cap * sizeof *p);
        if (p == NULL) {
            m->failed = 1;
            return NULL;
        }
        m->items = p;
        m->cap = cap;
    }
    memmove(m->items + at + 1, m->items + at, (m->n - at) * sizeof *m->items);
    m->n++;
    nt_item *it = &m->items[at];
    memset(it, 0, sizeof *it);
    it->size = NT_NO_SIZE;
    it->end_tag = -1;
    it->version = it->min_version = 2;
    return it;
}

void nt_model_remove(nt_model *m, size_t at)
{
    tgMembuf_free(&m->items[at].content);
    memmove(m->items + at, m->items + at + 1,
            (m->n - at - 1) * sizeof *m->items);
    m->n--;
}

void nt_model_free(nt_model *m)
{
    for (size_t i = 0; i < m->n; i++)
        tgMembuf_free(&m->items[i].content);
    tgMem_free(m->items);
    m->items = NULL;
    m->n = m->cap = 0;
}

void nt_serialise(nt_model *m, tgOut *out)
{
    uint64_t total = 0;
    for (size_t i = 0; i < m->n; i++)
        out_item(&m->items[i], m->layout != NT_V45, out, &total);
}
