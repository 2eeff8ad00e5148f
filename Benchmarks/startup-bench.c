/*
 * startup-bench: the wall time of whole short processes, for the start-up rows of `make bench`
 * (Benchmarks/startup-bench.sh). Each command runs once unmeasured (so every file it maps is in the page cache),
 * then ROUNDS times, the commands alternating (each round starts one command later than the one before, so that no
 * command always follows the same one), each process spawned directly (posix_spawn, no shell), its standard output
 * and error sent to /dev/null, timed from spawn to the end of waitpid on CLOCK_MONOTONIC. A command that exits
 * other than 0 fails the run: a start-up figure of a command that did not do its work means nothing.
 *
 * Prints one line per command: NAME MEDIAN_MS MIN_MS.
 *
 * Usage: startup-bench ROUNDS -- NAME PROGRAM [ARGUMENTS…] [-- NAME PROGRAM [ARGUMENTS…]]…
 * Build: make bench        (gcc -O2 Benchmarks/startup-bench.c)
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

typedef struct {
    const char *name;
    char **argv;   /* NULL-terminated, in place in the program's own argv */
    double *times; /* milliseconds, one per round */
} command;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Runs one command to its end; its time in milliseconds, or a negative number if it could not run or failed. */
static double run_once(const command *c) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    pid_t pid;
    double start = now_ms();
    int spawned = posix_spawnp(&pid, c->argv[0], &actions, NULL, c->argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) return -1;
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) return -1;
    double end = now_ms();
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
    return end - start;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 5 || strcmp(argv[2], "--") != 0) {
        fprintf(stderr, "usage: startup-bench ROUNDS -- NAME PROGRAM [ARGUMENTS…] [-- NAME PROGRAM …]…\n");
        return 2;
    }
    int rounds = atoi(argv[1]);
    if (rounds < 1) {
        fprintf(stderr, "startup-bench: ROUNDS must be a positive number\n");
        return 2;
    }
    /* Split the rest at "--": each group is a name and a command. The separators become the argv terminators. */
    command commands[64];
    int count = 0;
    for (int index = 3; index < argc;) {
        if (count == 64 || index + 1 >= argc || strcmp(argv[index + 1], "--") == 0) {
            fprintf(stderr, "startup-bench: each group needs a NAME and a PROGRAM (64 groups at most)\n");
            return 2;
        }
        commands[count].name = argv[index];
        commands[count].argv = &argv[index + 1];
        int end = index + 1;
        while (end < argc && strcmp(argv[end], "--") != 0) end++;
        argv[end] = NULL; /* argv[argc] is NULL already */
        commands[count].times = calloc((size_t)rounds, sizeof(double));
        if (commands[count].times == NULL) return 1;
        count++;
        index = end + 1;
    }
    for (int c = 0; c < count; c++) {
        if (run_once(&commands[c]) < 0) {
            fprintf(stderr, "startup-bench: %s failed (%s)\n", commands[c].name, commands[c].argv[0]);
            return 1;
        }
    }
    for (int round = 0; round < rounds; round++) {
        for (int step = 0; step < count; step++) {
            const command *c = &commands[(round + step) % count];
            double time = run_once(c);
            if (time < 0) {
                fprintf(stderr, "startup-bench: %s failed in round %d\n", c->name, round + 1);
                return 1;
            }
            c->times[round] = time;
        }
    }
    for (int c = 0; c < count; c++) {
        qsort(commands[c].times, (size_t)rounds, sizeof(double), compare_doubles);
        double median = rounds % 2 ? commands[c].times[rounds / 2]
                                   : (commands[c].times[rounds / 2 - 1] + commands[c].times[rounds / 2]) / 2;
        printf("%s %.3f %.3f\n", commands[c].name, median, commands[c].times[0]);
        free(commands[c].times);
    }
    return 0;
}
