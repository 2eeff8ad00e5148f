/*
 * What the C harnesses of `make bench` share: reading the corpus (bench/corpus.tsv: KIND<TAB>WIDTH<TAB>TEXT, with
 * "\n", "\r", "\t" and "\\" escaped) and the hit points (bench/points.tsv: LABEL<TAB>X<TAB>Y), timing each kind
 * separately, the median of REPETITIONS passes after one warm-up pass — exactly as LabelKitBench does. C and C++
 * alike (qt-bench.cpp includes it too): allocations are cast, no compound literals.
 */
#ifndef LABELKIT_BENCH_COMMON_H
#define LABELKIT_BENCH_COMMON_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "../Tests/Oracles/field-escape.h"

#define REPETITIONS 5
/* LabelKitCorpus's kinds in CorpusKind's order: the classic five, then the world's other scripts. "total" is the
 * classic five's (comparable with earlier runs), "world" the nine others'. */
#define KIND_COUNT 14
#define CLASSIC_KIND_COUNT 5
static const char *const kind_names[KIND_COUNT] = {
    "latin", "japanese", "vietnamese", "emoji", "mixed", "arabic", "hebrew",
    "devanagari", "bengali", "thai", "khmer", "korean", "chinese", "bidi"};

typedef struct {
    int kind;
    double width;
    char *text;   /* UTF-8, unescaped, NUL-terminated */
    int length;   /* bytes */
} bench_label;

typedef struct {
    int label;
    double x, y;
} bench_point;

static void bench_fail(const char *message, const char *detail) {
    fprintf(stderr, "bench: %s %s\n", message, detail ? detail : "");
    exit(1);
}


static bench_label *bench_read_corpus(const char *directory, int *count) {
    char path[4096];
    snprintf(path, sizeof path, "%s/corpus.tsv", directory);
    FILE *file = fopen(path, "r");
    if (!file) bench_fail("cannot read", path);
    int capacity = 1024;
    bench_label *labels = (bench_label *)malloc(sizeof *labels * capacity);
    *count = 0;
    char *line = NULL;
    size_t line_capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &line_capacity, file)) >= 0) {
        if (length > 0 && line[length - 1] == '\n') line[--length] = '\0';
        if (length == 0) continue;
        char *kind = line;
        char *tab1 = strchr(kind, '\t');
        if (!tab1) bench_fail("malformed corpus line:", line);
        *tab1 = '\0';
        char *width = tab1 + 1;
        char *tab2 = strchr(width, '\t');
        if (!tab2) bench_fail("malformed corpus line:", line);
        *tab2 = '\0';
        char *text = strdup(tab2 + 1);
        unescape_field(text);
        int kind_index = -1;
        for (int k = 0; k < KIND_COUNT; k++) if (strcmp(kind, kind_names[k]) == 0) kind_index = k;
        if (kind_index < 0) bench_fail("unknown kind", kind);
        if (*count == capacity) labels = (bench_label *)realloc(labels, sizeof *labels * (capacity *= 2));
        bench_label *label = &labels[(*count)++];
        label->kind = kind_index;
        label->width = strtod(width, NULL);
        label->text = text;
        label->length = (int)strlen(text);
    }
    free(line);
    fclose(file);
    return labels;
}

__attribute__((unused)) static bench_point *bench_read_points(const char *directory, int *count) {
    char path[4096];
    snprintf(path, sizeof path, "%s/points.tsv", directory);
    FILE *file = fopen(path, "r");
    if (!file) bench_fail("cannot read", path);
    int capacity = 1024;
    bench_point *points = (bench_point *)malloc(sizeof *points * capacity);
    *count = 0;
    bench_point point;
    while (fscanf(file, "%d\t%lf\t%lf\n", &point.label, &point.x, &point.y) == 3) {
        if (*count == capacity) points = (bench_point *)realloc(points, sizeof *points * (capacity *= 2));
        points[(*count)++] = point;
    }
    fclose(file);
    return points;
}

static double bench_now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec * 1e-9;
}

static int bench_compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double bench_median(double *values, int count) {
    qsort(values, (size_t)count, sizeof *values, bench_compare_doubles);
    return values[count / 2];
}

/*
 * Labels per second for each kind, and for the classic kinds ("total") and the world's kinds ("world") together (their
 * labels / the sum of their kinds' median times): `body` is called for every label of a kind, the kinds timed
 * separately, one warm-up pass, then REPETITIONS timed passes. A kind with no labels has no rate (NAN).
 */
static void bench_rates_per_kind(const bench_label *labels, int count, void (*body)(const bench_label *, void *),
                                 void *context, double rates[KIND_COUNT + 2]) {
    for (int i = 0; i < count; i++) body(&labels[i], context);
    double times[KIND_COUNT][REPETITIONS];
    for (int repetition = 0; repetition < REPETITIONS; repetition++) {
        for (int kind = 0; kind < KIND_COUNT; kind++) {
            double start = bench_now();
            for (int i = 0; i < count; i++) if (labels[i].kind == kind) body(&labels[i], context);
            times[kind][repetition] = bench_now() - start;
        }
    }
    double group_time[2] = {0, 0};
    int group_count[2] = {0, 0};
    for (int kind = 0; kind < KIND_COUNT; kind++) {
        int kind_count = 0;
        for (int i = 0; i < count; i++) kind_count += labels[i].kind == kind;
        double time = bench_median(times[kind], REPETITIONS);
        rates[kind] = kind_count > 0 ? kind_count / time : NAN;
        group_time[kind >= CLASSIC_KIND_COUNT] += time;
        group_count[kind >= CLASSIC_KIND_COUNT] += kind_count;
    }
    rates[KIND_COUNT] = group_count[0] > 0 ? group_count[0] / group_time[0] : NAN;
    rates[KIND_COUNT + 1] = group_count[1] > 0 ? group_count[1] / group_time[1] : NAN;
}

static void bench_write_rates(FILE *file, const char *prefix, const double rates[KIND_COUNT + 2]) {
    for (int kind = 0; kind < KIND_COUNT; kind++) {
        if (!isnan(rates[kind])) fprintf(file, "%s.%s %.1f\n", prefix, kind_names[kind], rates[kind]);
    }
    if (!isnan(rates[KIND_COUNT])) fprintf(file, "%s.total %.1f\n", prefix, rates[KIND_COUNT]);
    if (!isnan(rates[KIND_COUNT + 1])) fprintf(file, "%s.world %.1f\n", prefix, rates[KIND_COUNT + 1]);
}

__attribute__((unused)) static double bench_peak_rss_mb(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (double)usage.ru_maxrss * 1024 / 1e6;   /* ru_maxrss is in kB on Linux */
}

static FILE *bench_open_output(const char *directory, const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", directory, name);
    FILE *file = fopen(path, "w");
    if (!file) bench_fail("cannot write", path);
    return file;
}

#endif
