/* write.h - the writers of `show` (text.c, json.c), on show.h. */
#ifndef TG_SHOW_WRITE_H
#define TG_SHOW_WRITE_H

#include <stdlib.h>

#include "show.h"

/* The sinks: show_text_sink's ctx is the FILE * written to,
 * show_json_sink's a show_json_state. */
extern const show_sink show_text_sink, show_json_sink;
typedef struct show_json_state {
    FILE *o;
    int any; /* an entry was written */
} show_json_state;

/*! show_summary_text() : what a summary sums, on one line (no newline). */
void show_summary_text(FILE *o, const show_summary *s);
/*! show_stats_text(), show_stats_json() : the statistics; group names
 *  what the format's groups are (tg_format_info.group). */
void show_stats_text(FILE *o, const show_stats *s, const char *group);
void show_stats_json(FILE *o, const show_stats *s);
struct show_outline;
/*! show_outline_json() : an outline's entries, for the browser page. */
void show_outline_json(FILE *o, const struct show_outline *ol);
/*! show_dump_json() : d as the "bytes" object of the schema. */
void show_dump_json(FILE *o, const show_dump *d);

#endif
