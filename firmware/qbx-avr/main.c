/* QBX/1 buzzer-box firmware for the ATmega328P (Arduino Nano/Uno): docs/hardware.md, shared/spec/serial.md.
 *
 * The interrupts stamp and queue; this loop only formats and answers, and never waits for the line: a
 * press line goes out when it fits whole in the output ring, a reply when it fits (commands wait
 * meanwhile in the input ring), the status line every HEARTBEAT_MS. Presses go first. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <stdint.h>

#include "board.h"
#include "boxid.h"
#include "clock.h"
#include "inputs.h"
#include "lamps.h"
#include "uart.h"

#define FIRMWARE "avr-1.0"
#define HEARTBEAT_MS 250 /* QBX/1: at least every 500 ms */
#define COMMAND_MAX 64 /* a longer command line is refused whole */
#define PRESS_LINE_MAX 22 /* "65535 P 8 4294967295\n" */
#define REPLY_MAX 96

static char command[COMMAND_MAX + 1];
static uint8_t command_length;
static uint8_t command_too_long;
static char reply[REPLY_MAX];
static uint8_t reply_length; /* a reply waiting for room in the output */
static uint8_t hello_wanted = 1; /* on power-up, on WHO, after a new id */

/* --- building lines ------------------------------------------------------------------------------------ */

static char *put_text(char *at, const char *text) {
    while (*text) {
        *at++ = *text++;
    }
    return at;
}

static char *put_u32(char *at, uint32_t value) {
    char digits[10];
    uint8_t n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    while (n) {
        *at++ = digits[--n];
    }
    return at;
}

static char *put_hex(char *at, uint8_t value) {
    static const char hex[] = "0123456789abcdef";
    if (value >= 16) {
        *at++ = hex[value >> 4];
    }
    *at++ = hex[value & 15];
    return at;
}

/* Printable ASCII only, at most `limit` bytes: an echoed command never breaks the host's line parser. */
static char *put_echo(char *at, const char *text, uint8_t limit) {
    for (uint8_t i = 0; text[i] && i < limit; i++) {
        char c = text[i];
        *at++ = (c > ' ' && c < 127) || c == ' ' ? c : '?';
    }
    return at;
}

static void set_reply(char *end) {
    *end++ = '\n';
    reply_length = (uint8_t)(end - reply);
}

static void send_event(const struct event *event) {
    char line[PRESS_LINE_MAX];
    char *at = put_u32(line, event->seq);
    at = put_text(at, event->input & EVENT_RELEASE ? " R " : " P ");
    at = put_u32(at, event->input & (uint8_t)~EVENT_RELEASE);
    *at++ = ' ';
    at = put_u32(at, event->t_us);
    *at++ = '\n';
    uart_put(line, (uint8_t)(at - line));
}

static void send_status(void) {
    char line[24];
    char *at = put_text(line, "S armed=1 down=");
    at = put_hex(at, inputs_down());
    *at++ = '\n';
    uart_put(line, (uint8_t)(at - line));
}

static void make_hello(void) {
    char id[BOXID_MAX + 1];
    boxid_read(id);
    char *at = put_text(reply, "HELLO QBX/1 id=");
    at = put_text(at, id);
    at = put_text(at, " inputs=");
    at = put_u32(at, INPUTS);
    at = put_text(at, " fw=" FIRMWARE);
    set_reply(at);
}

/* --- commands -------------------------------------------------------------------------------------------- */

static uint8_t same(const char *a, const char *b) {
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

/* A whole decimal number of 1..5 digits, or -1. */
static int32_t number(const char *text) {
    int32_t value = 0;
    uint8_t digits = 0;
    for (; *text; text++, digits++) {
        if (*text < '0' || *text > '9' || digits == 5) {
            return -1;
        }
        value = value * 10 + (*text - '0');
    }
    return digits ? value : -1;
}

static void ok(void) {
    char *at = put_text(reply, "OK ");
    set_reply(put_echo(at, command, COMMAND_MAX));
}

static void error(const char *word, const char *reason) {
    char *at = put_text(reply, "ERR ");
    at = put_echo(at, word, 16);
    *at++ = ' ';
    set_reply(put_text(at, reason));
}

static void run_command(uint32_t received_us) {
    if (command_too_long) {
        error("LINE", "too long");
        return;
    }
    if (command_length && command[command_length - 1] == '\r') {
        command[--command_length] = 0;
    }
    if (!command_length) {
        return; /* a lone line end: the host ending a half-sent line */
    }
    /* Split into at most three words (single spaces), keeping `command` whole for the OK echo. */
    char words[COMMAND_MAX + 1];
    char *word[3] = {words, "", ""};
    uint8_t count = 1;
    for (uint8_t i = 0; i <= command_length; i++) {
        char c = command[i];
        if (c == ' ' && count < 3) {
            words[i] = 0;
            word[count++] = &words[i + 1];
        } else {
            words[i] = c;
        }
    }
    if (same(word[0], "WHO") && count == 1) {
        hello_wanted = 1;
    } else if (same(word[0], "PING") && count == 1) {
        char *at = put_text(reply, "PONG ");
        set_reply(put_u32(at, received_us));
    } else if (same(word[0], "LAMP")) {
        int32_t lamp = number(word[1]);
        if (count != 3 || lamp < 1 || lamp > INPUTS) {
            error("LAMP", "no such lamp");
        } else if (same(word[2], "ON")) {
            lamps_set((uint8_t)lamp, LAMP_ON);
            ok();
        } else if (same(word[2], "OFF")) {
            lamps_set((uint8_t)lamp, LAMP_OFF);
            ok();
        } else if (same(word[2], "BLINK")) {
            lamps_set((uint8_t)lamp, LAMP_BLINK);
            ok();
        } else {
            error("LAMP", "bad state");
        }
    } else if (same(word[0], "LAMPS")) {
        if (count == 2 && same(word[1], "OFF")) {
            lamps_all_off();
            ok();
        } else {
            error("LAMPS", "bad state");
        }
    } else if (same(word[0], "BEEP")) {
        int32_t ms = number(word[1]);
        if (count != 2 || ms < 0 || ms > BEEP_MAX_MS) {
            error("BEEP", "bad duration");
        } else {
            beep((uint16_t)ms, clock_ms());
            ok();
        }
    } else if (same(word[0], "ID")) {
        uint8_t length = 0;
        while (word[1][length]) {
            length++;
        }
        if (count == 2 && boxid_write(word[1], length)) {
            ok();
            hello_wanted = 1; /* the host hears the new id at once */
        } else {
            error("ID", "bad id");
        }
    } else {
        error(word[0], "unknown command");
    }
}

/* Reads commands until one has a reply waiting. 1 if a byte was read. */
static uint8_t read_commands(void) {
    uint8_t read = 0;
    while (!reply_length && !hello_wanted) {
        uint32_t received_us = 0;
        int16_t byte = uart_get(&received_us);
        if (byte < 0) {
            break;
        }
        read = 1;
        if (byte == '\n') {
            command[command_length] = 0;
            run_command(received_us);
            command_length = 0;
            command_too_long = 0;
        } else if (command_length < COMMAND_MAX) {
            command[command_length++] = (char)byte;
        } else {
            command_too_long = 1;
        }
    }
    return read;
}

/* --- the loop ---------------------------------------------------------------------------------------------- */

int main(void) {
    lamps_init();
    inputs_init();
    uart_init();
    clock_init();
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();
    uint32_t tick = 0;
    uint32_t status_at = 0;
    for (;;) {
        uint8_t busy = 0; /* something was done: look again before sleeping */
        uint32_t now_ms = clock_ms();
        if (now_ms != tick) {
            tick = now_ms;
            inputs_settle(clock_us());
            lamps_update(now_ms, inputs_down());
        }
        struct event event;
        while (uart_room() >= PRESS_LINE_MAX && inputs_take(&event)) {
            send_event(&event);
            busy = 1;
        }
        if (reply_length && uart_room() >= reply_length) {
            uart_put(reply, reply_length);
            reply_length = 0;
            busy = 1;
        }
        if (hello_wanted && !reply_length) {
            make_hello(); /* sent as soon as it fits, before the next command is read */
            hello_wanted = 0;
            busy = 1;
        }
        busy |= read_commands();
        if (now_ms - status_at >= HEARTBEAT_MS && uart_room() >= 24) {
            status_at = now_ms;
            send_status();
        }
        if (busy) {
            continue;
        }
        /* Sleep until the next interrupt (the 1 ms tick at the latest). Interrupts off between the last
         * look and the sleep, so none is missed: `sei; sleep` sleeps before a pending one runs. */
        cli();
        sleep_enable();
        sei();
        sleep_cpu();
        sleep_disable();
    }
}
