/* floor_input.h - the input of a floor walker (framing_floor.c,
 * afperf_floor.c): the file its first argument names, read whole into
 * memory, with `pad` zero bytes after it so that the walker may load
 * whole words up to its end. */
#ifndef TOOLS_FLOOR_INPUT_H
#define TOOLS_FLOOR_INPUT_H

#include <stdio.h>
#include <stdlib.h>

/* The n bytes of argv[1] and pad zeros after them.  Without a file
 * argument, the usage of `tool` (its `modes` after FILE) is said and the
 * walker exits 2; a file that cannot be read is said and it exits 3. */
static unsigned char *floor_input(int argc, char **argv, const char *tool,
                                  const char *modes, size_t pad, size_t *n)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE %s\n", tool, modes);
        exit(2);
    }
    FILE *f = fopen(argv[1], "rb");
    long size = f != NULL && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    unsigned char *p = size >= 0 ? calloc((size_t)size + pad, 1) : NULL;
    if (p == NULL || fseek(f, 0, SEEK_SET) != 0 ||
        fread(p, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "%s: cannot read %s\n", tool, argv[1]);
        exit(3);
    }
    fclose(f);
    *n = (size_t)size;
    return p;
}

#endif
