/* regression_driver.c - main() for replaying files (or folders of files,
 * recursively) through a fuzz target without libFuzzer, so CTest and
 * tests/fuzz-replay.t can run the corpus and past crashers under the
 * sanitizers.  Exit 0 when every file ran; any failure aborts. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned long replayed;

static int replay(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        if (d == NULL) {
            perror(path);
            return 1;
        }
        int bad = 0;
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            char sub[4096];
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            bad |= replay(sub);
        }
        closedir(d);
        return bad;
    }
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    size_t size = (size_t)st.st_size;
    uint8_t *buf = malloc(size ? size : 1);
    int bad = buf == NULL || fread(buf, 1, size, f) != size;
    fclose(f);
    if (!bad) {
        LLVMFuzzerTestOneInput(buf, size);
        replayed++;
    }
    free(buf);
    return bad;
}

int main(int argc, char **argv)
{
    int bad = 0;
    for (int i = 1; i < argc; i++)
        bad |= replay(argv[i]);
    printf("replayed %lu inputs\n", replayed);
    return bad;
}
