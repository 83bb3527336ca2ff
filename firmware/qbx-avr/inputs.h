/* The buttons: each press (and release) stamped in its pin-change interrupt, queued for the serial line. */
#ifndef QBX_INPUTS_H
#define QBX_INPUTS_H

#include <stdint.h>

#define EVENT_RELEASE 0x80 /* in event.input: a release, not a press */
#define DEBOUNCE_US 20000UL /* edges after the first are bounce for this long */

struct event {
    uint32_t t_us;
    uint16_t seq;
    uint8_t input; /* 1..INPUTS, | EVENT_RELEASE for a release */
};

void inputs_init(void);

/* Turns the edges' snapshots into events (the main loop, whenever it wakes). */
void inputs_process(void);

/* The oldest waiting event, if any (the main loop, when a whole line fits in the output). */
uint8_t inputs_take(struct event *out);

/* Ends the debounce lockouts that are over; an input that changed meanwhile is reported then, stamped
 * with its last edge (the main loop, every tick). */
void inputs_settle(uint32_t now_us);

/* Inputs held down, as reported (bit 0 = input 1). */
uint8_t inputs_down(void);

#endif
