/*
 * The stall probe of bench/README.md ("Latency, and the stall spells"): every 100 ms, a fixed piece of work that
 * touches no memory (about 5 ms on the bench machine), timed in wall-clock time and in the thread's own CPU time,
 * one line per piece: "HH:MM:SS wall-ms cpu-ms" (UTC).
 *
 * Run it at real-time priority beside a bench run, so that no process inside the machine can delay it:
 *   gcc -O2 -o /tmp/stall-probe bench/stall-probe.c && chrt -f 50 /tmp/stall-probe > probe.log &
 * A piece that takes several times its usual time then means the whole machine was held up (the hypervisor, or the
 * kernel's own work), not one service.
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS 2000000L
#define PAUSE_US 100000

static double millis(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(void) {
    volatile uint64_t sink = 0;
    for (;;) {
        double wall = millis(CLOCK_MONOTONIC), cpu = millis(CLOCK_THREAD_CPUTIME_ID);
        uint64_t x = 88172645463325252ULL;
        for (long i = 0; i < ROUNDS; i++) { /* xorshift: registers only */
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        sink += x;
        wall = millis(CLOCK_MONOTONIC) - wall;
        cpu = millis(CLOCK_THREAD_CPUTIME_ID) - cpu;
        time_t now = time(NULL);
        struct tm utc;
        gmtime_r(&now, &utc);
        printf("%02d:%02d:%02d %.3f %.3f\n", utc.tm_hour, utc.tm_min, utc.tm_sec, wall, cpu);
        fflush(stdout);
        usleep(PAUSE_US);
    }
}
