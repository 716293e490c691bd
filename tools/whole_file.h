/* whole_file.h - a file read whole into memory, for the floor walkers
 * (framing_floor.c, afperf_floor.c): its bytes, then `pad` zero bytes, so
 * that a walker may load whole words up to its end. */
#ifndef TOOLS_WHOLE_FILE_H
#define TOOLS_WHOLE_FILE_H

#include <stdio.h>
#include <stdlib.h>

/* The n bytes of the file at path and pad zeros after them, or NULL
 * (said on stderr, as `tool: cannot read path`). */
static unsigned char *whole_file(const char *tool, const char *path,
                                 size_t pad, size_t *n)
{
    FILE *f = fopen(path, "rb");
    long size = f != NULL && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    unsigned char *p = size >= 0 ? calloc((size_t)size + pad, 1) : NULL;
    if (p == NULL || fseek(f, 0, SEEK_SET) != 0 ||
        fread(p, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "%s: cannot read %s\n", tool, path);
        free(p);
        if (f != NULL)
            fclose(f);
        return NULL;
    }
    fclose(f);
    *n = (size_t)size;
    return p;
}

#endif
