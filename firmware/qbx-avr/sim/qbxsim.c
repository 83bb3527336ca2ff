/* qbxsim: the QBX/1 firmware (the same build/qbx.elf that is flashed) in a simulated ATmega328P (simavr),
 * its serial line bridged to a pseudo-terminal, its buttons pressed at exact simulated times.
 *
 *   qbxsim FIRMWARE.elf [--pty LINK] [--script FILE|-] [--realtime] [--trace] [--eeprom FILE] [--until US]
 *
 *   --pty LINK     the box's serial line is a new pseudo-terminal; LINK becomes a symlink to it (a host
 *                  opens LINK as it opens /dev/ttyUSB0). Without it the line goes nowhere but the trace.
 *   --script FILE  timed inputs, one per line (below); "-" reads them from stdin as the simulation runs.
 *   --realtime     simulated time keeps pace with the wall clock (a host with its own clock reads the box):
 *                  a simulation held up by a busy machine catches up before it takes or passes on a byte
 *                  or a script line; without it the chip runs as fast as it can.
 *   --trace        print each line the box sends: `RX <us> <line>`.
 *   --eeprom FILE  the chip's EEPROM: loaded at start if the file exists, saved at the end (a power cycle).
 *   --until US     end at this simulated time.
 *
 * Script lines: `[@US | +US] COMMAND`. @US is an absolute simulated time in µs, +US that long after the
 * previous line's time; without either, the previous line's time (stdin: now, or later). Commands:
 *   press N / release N     input N's button closes / opens (inputs 1..8)
 *   bounce N EDGES SPAN     EDGES alternating edges on input N, the first now, spread evenly over SPAN µs
 *   send TEXT               the host writes TEXT and a line end to the box
 *   clock US                the test hook: the box's clock jumps to US rounded down to a multiple of 32768 µs
 *                           (at its next timer overflow, within 32.8 ms), by writing its overflow count in the
 *                           chip's RAM. The firmware has no such command: only a simulator can do this.
 *   hold / flush            the link holds back what the box sends (a stalled USB link) / passes it on
 *   mark LABEL              prints `MARK <us> LABEL`
 *   end                     ends the simulation
 *
 * Printed on stdout, one per line, with the simulated time in µs: `READY <link or ->` once the chip runs,
 * `EV <us> <command>` as each script command takes effect, `PIN <us> <L1..L8|BEEP|LED> <0|1>` as an
 * output pin changes, `RX <us> <line>` (with --trace) as the box's line end leaves its UART,
 * `MARK <us> <label>`, `END <us>`. The pins are those of board.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <avr_eeprom.h>
#include <avr_extint.h>
#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_irq.h>

#define FREQUENCY 16000000UL
#define CYCLES_PER_US 16
#define IO_EVERY_US 250 /* how often the link, stdin and the wall clock are looked at */
#define OUT_LIMIT (1 << 16) /* bytes kept for a host that does not read, as a USB serial port's tty (then lost, counted) */
#define EEPROM_SIZE 1024
#define INPUTS 8

/* board.h: input n's port and bit; the outputs' names. */
static const struct { char port; uint8_t bit; } input_pins[INPUTS] = {
    {'D', 2}, {'D', 3}, {'D', 4}, {'D', 5}, {'D', 6}, {'D', 7}, {'B', 0}, {'B', 1},
};
static const struct { char port; uint8_t bit; const char *name; } output_pins[] = {
    {'C', 0, "L1"}, {'C', 1, "L2"}, {'C', 2, "L3"}, {'C', 3, "L4"}, {'C', 4, "L5"}, {'C', 5, "L6"},
    {'B', 2, "L7"}, {'B', 3, "L8"}, {'B', 4, "BEEP"}, {'B', 5, "LED"},
};
#define OUTPUTS (sizeof output_pins / sizeof output_pins[0])

enum kind { PRESS, RELEASE, EDGE, SEND, CLOCK, HOLD, FLUSH, MARK, END };

struct event {
    uint64_t at; /* cycle */
    uint64_t order; /* ties keep the script's order */
    enum kind kind;
    int input;
    uint64_t value;
    char *text;
    char *source; /* the script line, for EV */
};

static avr_t *avr;
static struct event *events;
static size_t event_count, event_room;
static uint64_t event_order, last_at;
static int realtime, trace, stdin_script, stdin_closed, ended;
static volatile sig_atomic_t stopping;
static const char *eeprom_path;
static uint64_t until_cycle;
static uint16_t clock_overflows_at; /* the firmware's clock_overflows in data space, 0 if unknown */

static uint8_t levels[INPUTS]; /* 1 = open (pulled up) */
static int output_levels[OUTPUTS];

static int master = -1;
static char *link_path;
static uint8_t *out_buf;
static size_t out_len;
static uint64_t out_lost;
static int holding;
static char rx_line[256];
static size_t rx_len;

static uint8_t *in_buf; /* host → box bytes not yet in the UART */
static size_t in_len, in_room;
static int uart_full = 1; /* XOFF until the firmware enables its receiver */

static char stdin_buf[4096];
static size_t stdin_len;
static struct timespec started;

static uint64_t now_us(void) {
    return avr->cycle / CYCLES_PER_US;
}

static void say(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *format, ...) {
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    fflush(stdout);
}

static void fail(const char *what) {
    fprintf(stderr, "qbxsim: %s\n", what);
    exit(2);
}

/* --- the schedule ----------------------------------------------------------------------------------------- */

static avr_cycle_count_t run_events(avr_t *chip, avr_cycle_count_t when, void *param);

/* The schedule is a binary heap, the earliest (at, order) on top: a long script goes in in O(n log n). */
static int earlier(const struct event *a, const struct event *b) {
    return a->at < b->at || (a->at == b->at && a->order < b->order);
}

static struct event *next_event(void) {
    return event_count ? &events[0] : NULL;
}

static void schedule(struct event event) {
    if (event_count == event_room) {
        event_room = event_room ? event_room * 2 : 256;
        events = realloc(events, event_room * sizeof *events);
        if (!events) {
            fail("out of memory");
        }
    }
    event.order = event_order++;
    size_t i = event_count++;
    while (i > 0 && earlier(&event, &events[(i - 1) / 2])) {
        events[i] = events[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    events[i] = event;
    uint64_t next = events[0].at;
    avr_cycle_timer_register(avr, next > avr->cycle ? next - avr->cycle : 1, run_events, NULL);
}

static struct event take_event(void) {
    struct event top = events[0];
    struct event last = events[--event_count];
    size_t i = 0;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= event_count) {
            break;
        }
        if (child + 1 < event_count && earlier(&events[child + 1], &events[child])) {
            child++;
        }
        if (!earlier(&events[child], &last)) {
            break;
        }
        events[i] = events[child];
        i = child;
    }
    if (event_count) {
        events[i] = last;
    }
    return top;
}

static int parse_input(const char *text) {
    char *end;
    long n = strtol(text, &end, 10);
    return (*end == 0 && n >= 1 && n <= INPUTS) ? (int)n : 0;
}

/* One script line → events. `now`: the earliest time it may take effect. */
static void script_line(char *line, uint64_t now) {
    line[strcspn(line, "\r\n")] = 0;
    char *source = strdup(line);
    char *at = line;
    while (*at == ' ') {
        at++;
    }
    if (!*at || *at == '#') {
        free(source);
        return;
    }
    uint64_t when = last_at > now ? last_at : now;
    if (*at == '@' || *at == '+') {
        char *end;
        uint64_t us = strtoull(at + 1, &end, 10);
        uint64_t cycles = us * CYCLES_PER_US;
        when = *at == '@' ? cycles : last_at + cycles;
        if (when < now) {
            when = now;
        }
        at = end;
        while (*at == ' ') {
            at++;
        }
    }
    last_at = when;
    char *word = strsep(&at, " ");
    struct event event = {.at = when, .source = source};
    if (!strcmp(word, "press") || !strcmp(word, "release")) {
        event.kind = word[0] == 'p' ? PRESS : RELEASE;
        event.input = at ? parse_input(at) : 0;
        if (!event.input) {
            fprintf(stderr, "qbxsim: no such input: %s\n", source);
            free(source);
            return;
        }
    } else if (!strcmp(word, "bounce")) {
        int input = 0, edges = 0;
        unsigned long long span = 0;
        char name[16];
        if (!at || sscanf(at, "%15s %d %llu", name, &edges, &span) != 3 || !(input = parse_input(name)) || edges < 1) {
            fprintf(stderr, "qbxsim: bounce N EDGES SPAN_US: %s\n", source);
            free(source);
            return;
        }
        for (int k = 0; k < edges; k++) {
            struct event edge = {.at = when + (uint64_t)k * span * CYCLES_PER_US / (uint64_t)edges, .kind = EDGE,
                                 .input = input, .source = k == 0 ? source : NULL};
            schedule(edge);
        }
        return;
    } else if (!strcmp(word, "send")) {
        event.kind = SEND;
        event.text = strdup(at ? at : "");
    } else if (!strcmp(word, "clock")) {
        event.kind = CLOCK;
        event.value = at ? strtoull(at, NULL, 10) : 0;
    } else if (!strcmp(word, "hold")) {
        event.kind = HOLD;
    } else if (!strcmp(word, "flush")) {
        event.kind = FLUSH;
    } else if (!strcmp(word, "mark")) {
        event.kind = MARK;
        event.text = strdup(at ? at : "");
    } else if (!strcmp(word, "end")) {
        event.kind = END;
    } else {
        fprintf(stderr, "qbxsim: unknown command: %s\n", source);
        free(source);
        return;
    }
    schedule(event);
}

/* --- the chip's pins and line ------------------------------------------------------------------------------ */

static void set_input(int input, uint8_t level) {
    char port = input_pins[input - 1].port;
    levels[input - 1] = level;
    /* The pin's level held from outside, so the firmware's own writes to the port (its pull-ups) keep it. */
    avr_ioport_external_t external = {.name = port, .mask = 0, .value = 0};
    for (int i = 0; i < INPUTS; i++) {
        if (input_pins[i].port == port) {
            external.mask |= (uint8_t)(1 << input_pins[i].bit);
            external.value |= (uint8_t)(levels[i] << input_pins[i].bit);
        }
    }
    avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(port), &external);
    avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), input_pins[input - 1].bit), level);
}

static void output_changed(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    size_t i = (size_t)(uintptr_t)param;
    int level = value ? 1 : 0;
    if (output_levels[i] != level) {
        output_levels[i] = level;
        say("PIN %llu %s %d\n", (unsigned long long)now_us(), output_pins[i].name, level);
    }
}

static void feed_uart(void) {
    size_t fed = 0;
    while (fed < in_len && !uart_full) {
        avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT), in_buf[fed++]);
    }
    memmove(in_buf, in_buf + fed, in_len - fed);
    in_len -= fed;
}

static void host_writes(const char *data, size_t length) {
    if (in_len + length > in_room) {
        in_room = (in_len + length) * 2;
        in_buf = realloc(in_buf, in_room);
        if (!in_buf) {
            fail("out of memory");
        }
    }
    memcpy(in_buf + in_len, data, length);
    in_len += length;
    feed_uart();
}

static void uart_xoff(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    uart_full = value != 0;
}

static void uart_xon(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    if (value) {
        uart_full = 0;
        feed_uart();
    }
}

static void uart_output(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    uint8_t byte = (uint8_t)value;
    if (master >= 0) {
        if (out_len < OUT_LIMIT) {
            out_buf[out_len++] = byte;
        } else {
            out_lost++;
        }
    }
    if (!trace) {
        return;
    }
    if (byte == '\n') {
        rx_line[rx_len] = 0;
        say("RX %llu %s\n", (unsigned long long)now_us(), rx_line);
        rx_len = 0;
    } else if (rx_len < sizeof rx_line - 1) {
        rx_line[rx_len++] = (char)byte;
    }
}

/* The test hook behind `clock`: the firmware's overflow count is written just after an overflow (Timer1's
 * count is then a few µs), while the CPU sleeps (never while the firmware reads it), so the box's clock
 * reads t_us rounded down to a multiple of 32768 µs, plus the µs since. Returns 0 to be tried again. */
static uint32_t overflows_seen;
static int overflows_looked;

static uint32_t read_overflows(void) {
    uint32_t value;
    memcpy(&value, &avr->data[clock_overflows_at], 4); /* the AVR is little-endian, as this host */
    return value;
}

static int set_clock(uint64_t t_us) {
    if (!clock_overflows_at) {
        fail("the firmware has no clock_overflows symbol: cannot set its clock");
    }
    if (!overflows_looked) {
        overflows_seen = read_overflows();
        overflows_looked = 1;
        return 0;
    }
    if (read_overflows() == overflows_seen || avr->state != cpu_Sleeping) {
        return 0;
    }
    overflows_looked = 0;
    uint32_t overflows = (uint32_t)((t_us & 0xFFFFFFFFULL) >> 15);
    memcpy(&avr->data[clock_overflows_at], &overflows, 4);
    return 1;
}

static avr_cycle_count_t run_events(avr_t *chip, avr_cycle_count_t when, void *param) {
    (void)param;
    (void)when;
    while (event_count && next_event()->at <= chip->cycle) {
        struct event event = take_event();
        int done = 1;
        switch (event.kind) {
        case PRESS:
        case RELEASE:
            set_input(event.input, event.kind == RELEASE);
            break;
        case EDGE:
            set_input(event.input, !levels[event.input - 1]);
            break;
        case SEND: {
            size_t length = strlen(event.text);
            event.text[length] = '\n'; /* strdup left room for the NUL: the line end takes its place */
            host_writes(event.text, length + 1);
            event.text[length] = 0;
            break;
        }
        case CLOCK:
            done = set_clock(event.value);
            break;
        case HOLD:
            holding = 1;
            break;
        case FLUSH:
            holding = 0;
            break;
        case MARK:
            say("MARK %llu %s\n", (unsigned long long)now_us(), event.text);
            break;
        case END:
            ended = 1;
            break;
        }
        if (!done) {
            event.at = chip->cycle + CYCLES_PER_US;
            schedule(event); /* `schedule` re-arms this timer */
            return 0;
        }
        if (event.source) {
            say("EV %llu %s\n", (unsigned long long)now_us(), event.source);
            free(event.source);
        }
        free(event.text);
    }
    return event_count ? next_event()->at : 0;
}

/* --- the link, stdin and the wall clock --------------------------------------------------------------- */

static void open_link(const char *path) {
    master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) || unlockpt(master)) {
        fail("cannot make a pseudo-terminal");
    }
    const char *name = ptsname(master);
    /* The box's end stays open (a host opening and closing the port never hangs it up), raw: a plain
     * byte pipe, as a USB serial port is. */
    int slave = open(name, O_RDWR | O_NOCTTY);
    struct termios raw;
    if (slave < 0 || tcgetattr(slave, &raw)) {
        fail("cannot open the pseudo-terminal");
    }
    cfmakeraw(&raw);
    tcsetattr(slave, TCSANOW, &raw);
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
    link_path = strdup(path);
    char temporary[4096];
    snprintf(temporary, sizeof temporary, "%s.new", path);
    unlink(temporary);
    if (symlink(name, temporary) || rename(temporary, path)) {
        fail("cannot make the link to the pseudo-terminal");
    }
    out_buf = malloc(OUT_LIMIT);
}

static void pump_link(void) {
    if (master < 0) {
        return;
    }
    if (!holding && out_len) {
        ssize_t written = write(master, out_buf, out_len);
        if (written > 0) {
            memmove(out_buf, out_buf + written, out_len - (size_t)written);
            out_len -= (size_t)written;
        }
    }
    char data[512];
    ssize_t got = read(master, data, sizeof data);
    if (got > 0) {
        host_writes(data, (size_t)got);
    }
}

static void pump_stdin(void) {
    for (;;) {
        ssize_t got = read(0, stdin_buf + stdin_len, sizeof stdin_buf - 1 - stdin_len);
        if (got == 0) {
            stdin_script = 0; /* whoever drives the box has gone: it ends once the script has run */
            stdin_closed = 1;
            return;
        }
        if (got < 0) {
            return;
        }
        stdin_len += (size_t)got;
        stdin_buf[stdin_len] = 0;
        char *line;
        while ((line = memchr(stdin_buf, '\n', stdin_len))) {
            *line = 0;
            script_line(stdin_buf, avr->cycle);
            size_t used = (size_t)(line + 1 - stdin_buf);
            memmove(stdin_buf, line + 1, stdin_len - used);
            stdin_len -= used;
        }
        if (stdin_len == sizeof stdin_buf - 1) {
            stdin_len = 0; /* a line longer than the buffer: dropped */
        }
    }
}

/* How far the simulated time is ahead of the wall clock (negative: behind). */
static int64_t ahead_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t wall_ns = (int64_t)(now.tv_sec - started.tv_sec) * 1000000000LL + (now.tv_nsec - started.tv_nsec);
    return (int64_t)(avr->cycle * 1000 / CYCLES_PER_US) - wall_ns;
}

static void keep_pace(void) {
    int64_t ahead = ahead_ns();
    if (ahead > 0) {
        struct timespec pause = {.tv_sec = ahead / 1000000000LL, .tv_nsec = ahead % 1000000000LL};
        nanosleep(&pause, NULL);
    }
}

static avr_cycle_count_t io_tick(avr_t *chip, avr_cycle_count_t when, void *param) {
    (void)param;
    if (realtime && ahead_ns() < -(int64_t)IO_EVERY_US * 1000) {
        /* Behind the wall clock (this process waited for a core): the chip catches up before it hears or
         * says anything, so whatever it takes in or sends carries the wall clock's time, as a real box's
         * steady clock would, and the wait looks like a slow link instead of a clock that stalls. */
        return when + IO_EVERY_US * CYCLES_PER_US;
    }
    pump_link();
    if (stdin_script) {
        pump_stdin();
    }
    feed_uart();
    if (stdin_closed && !event_count) {
        ended = 1;
    }
    if (realtime) {
        keep_pace();
    }
    (void)chip;
    return when + IO_EVERY_US * CYCLES_PER_US;
}

static void no_sleep(avr_t *chip, avr_cycle_count_t how_long) {
    (void)chip; /* simavr's own sleep would tie the chip to the wall clock: keep_pace decides that */
    (void)how_long;
}

/* simavr's messages go to stderr, errors only: stdout carries this program's own lines. */
static void log_errors(avr_t *chip, const int level, const char *format, va_list args) {
    (void)chip;
    if (level <= LOG_ERROR) {
        vfprintf(stderr, format, args);
    }
}

static void on_signal(int number) {
    (void)number;
    stopping = 1;
}

/* --- start and end ------------------------------------------------------------------------------------- */

static void eeprom_load(void) {
    FILE *file = eeprom_path ? fopen(eeprom_path, "rb") : NULL;
    if (!file) {
        return;
    }
    static uint8_t content[EEPROM_SIZE];
    size_t got = fread(content, 1, sizeof content, file);
    fclose(file);
    avr_eeprom_desc_t desc = {.ee = content, .offset = 0, .size = (uint32_t)got};
    avr_ioctl(avr, AVR_IOCTL_EEPROM_SET, &desc);
}

static void eeprom_save(void) {
    if (!eeprom_path) {
        return;
    }
    avr_eeprom_desc_t desc = {.ee = NULL, .offset = 0, .size = EEPROM_SIZE};
    avr_ioctl(avr, AVR_IOCTL_EEPROM_GET, &desc);
    FILE *file = fopen(eeprom_path, "wb");
    if (!file || !desc.ee || fwrite(desc.ee, 1, EEPROM_SIZE, file) != EEPROM_SIZE) {
        fail("cannot save the EEPROM");
    }
    fclose(file);
}

int main(int argc, char **argv) {
    const char *elf = NULL, *pty = NULL, *script = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--pty") && i + 1 < argc) {
            pty = argv[++i];
        } else if (!strcmp(argv[i], "--script") && i + 1 < argc) {
            script = argv[++i];
        } else if (!strcmp(argv[i], "--eeprom") && i + 1 < argc) {
            eeprom_path = argv[++i];
        } else if (!strcmp(argv[i], "--until") && i + 1 < argc) {
            until_cycle = strtoull(argv[++i], NULL, 10) * CYCLES_PER_US;
        } else if (!strcmp(argv[i], "--realtime")) {
            realtime = 1;
        } else if (!strcmp(argv[i], "--trace")) {
            trace = 1;
        } else if (argv[i][0] != '-' && !elf) {
            elf = argv[i];
        } else {
            fprintf(stderr, "usage: qbxsim FIRMWARE.elf [--pty LINK] [--script FILE|-] [--realtime] [--trace] "
                            "[--eeprom FILE] [--until US]\n");
            return 2;
        }
    }
    if (!elf) {
        fail("which firmware? qbxsim FIRMWARE.elf …");
    }
    avr_global_logger_set(log_errors);
    static elf_firmware_t firmware;
    if (elf_read_firmware(elf, &firmware)) {
        fail("cannot read the firmware");
    }
    avr = avr_make_mcu_by_name("atmega328p");
    if (!avr) {
        fail("simavr has no atmega328p");
    }
    avr_init(avr);
    avr->log = LOG_ERROR;
    firmware.frequency = FREQUENCY;
    avr_load_firmware(avr, &firmware);
    avr->sleep = no_sleep;
    /* Inputs 1 and 2 are the INT0/INT1 pins: simavr polls a low INT pin every cycle (its level-triggered
     * mode), which made a held button cost the simulation 10x. The firmware does not use INT0/INT1. */
    avr_extint_set_strict_lvl_trig(avr, 0, 0);
    avr_extint_set_strict_lvl_trig(avr, 1, 0);
    for (uint32_t i = 0; i < firmware.symbolcount; i++) {
        if (!strcmp(firmware.symbol[i]->symbol, "clock_overflows")) {
            clock_overflows_at = (uint16_t)(firmware.symbol[i]->addr & 0xFFFF);
        }
    }
    eeprom_load();

    for (int i = 0; i < INPUTS; i++) {
        levels[i] = 1;
    }
    set_input(1, 1);
    set_input(INPUTS, 1);
    for (size_t i = 0; i < OUTPUTS; i++) {
        avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(output_pins[i].port), output_pins[i].bit),
                                output_changed, (void *)(uintptr_t)i);
    }
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), uart_output, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), uart_xoff, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), uart_xon, NULL);
    uint32_t uart_flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &uart_flags);
    uart_flags &= ~(uint32_t)(AVR_UART_FLAG_POLL_SLEEP | AVR_UART_FLAG_STDIO);
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &uart_flags);

    if (pty) {
        open_link(pty);
    }
    if (script && !strcmp(script, "-")) {
        stdin_script = 1;
        fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
    } else if (script) {
        FILE *file = fopen(script, "r");
        if (!file) {
            fail("cannot read the script");
        }
        char *line = NULL;
        size_t room = 0;
        while (getline(&line, &room, file) >= 0) {
            script_line(line, 0);
        }
        free(line);
        fclose(file);
    }
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    signal(SIGPIPE, SIG_IGN);
    avr_cycle_timer_register(avr, IO_EVERY_US * CYCLES_PER_US, io_tick, NULL);
    clock_gettime(CLOCK_MONOTONIC, &started);
    say("READY %s\n", pty ? pty : "-");

    while (!ended && !stopping && (!until_cycle || avr->cycle < until_cycle)) {
        int state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed) {
            fprintf(stderr, "qbxsim: the chip stopped (%s)\n", state == cpu_Crashed ? "crashed" : "done");
            break;
        }
    }
    pump_link();
    if (out_lost) {
        fprintf(stderr, "qbxsim: %llu bytes the host did not read were lost\n", (unsigned long long)out_lost);
    }
    say("END %llu\n", (unsigned long long)now_us());
    eeprom_save();
    if (link_path) {
        unlink(link_path);
    }
    return 0;
}
