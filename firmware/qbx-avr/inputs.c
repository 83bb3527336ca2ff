/* An edge costs its interrupt only a snapshot: the timer, both ports and the overflow count, into a ring
 * (a few µs, so a press right behind another is stamped late by at most that). The main loop turns the
 * snapshots into presses: an input whose level differs from what was last reported, outside its debounce
 * lockout, is a press (or release) stamped at its snapshot; edges in the DEBOUNCE_US after it are bounce.
 * Both ports are in every snapshot, so inputs pressed in the same microsecond come out together, in input
 * order, with the same stamp. Nothing here waits for the serial line: events wait in a queue, and one the
 * full queue cannot keep still uses up its seq (the host counts it as a lost line). */
#include "inputs.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "board.h"
#include "clock.h"

#ifndef QUEUE_LEN
#define QUEUE_LEN 32 /* a power of two; the tests build a smaller one to overflow it */
#endif
#define EDGES_LEN 32 /* a power of two */

struct snapshot {
    uint32_t overflows;
    uint16_t count;
    uint8_t overflow_pending;
    uint8_t pind, pinb;
};

static volatile struct snapshot edges[EDGES_LEN];
static volatile uint8_t edges_head, edges_tail;

static struct event queue[QUEUE_LEN];
static uint8_t queue_head, queue_tail; /* head: the next free slot; tail: the oldest event */
static uint16_t next_seq = 1; /* an event the full queue cannot keep still takes its number: the host sees the gap */

static uint8_t reported; /* the state last reported, bit = input held down */
static uint8_t levels; /* the pins as last seen (bit = input down) */
static uint8_t locked; /* inputs in their debounce lockout */
static uint32_t locked_at[INPUTS];
static uint32_t last_edge[INPUTS];

static inline uint8_t read_levels(void) {
    return (uint8_t)~INPUT_LEVELS(PIND, PINB);
}

static void enqueue(uint8_t input, uint32_t t_us) {
    uint16_t seq = next_seq++;
    uint8_t next = (uint8_t)((queue_head + 1) & (QUEUE_LEN - 1));
    if (next == queue_tail) {
        return;
    }
    queue[queue_head].t_us = t_us;
    queue[queue_head].seq = seq;
    queue[queue_head].input = input;
    queue_head = next;
}

void inputs_init(void) {
    DDRD &= (uint8_t)~INPUTS_D_MASK;
    PORTD |= INPUTS_D_MASK; /* pull-ups: a button pulls its pin to ground */
    DDRB &= (uint8_t)~INPUTS_B_MASK;
    PORTB |= INPUTS_B_MASK;
    __asm__ __volatile__("nop"); /* one cycle for the synchroniser before the first reading */
    levels = reported = read_levels(); /* held at power-up: down, but not a press */
    PCMSK2 = INPUTS_D_MASK;
    PCMSK0 = INPUTS_B_MASK;
    PCICR = _BV(PCIE0) | _BV(PCIE2);
}

/* The moment of an edge, as the entry stub read it: Timer1's count, then both ports. */
volatile uint16_t edge_count;
volatile uint8_t edge_pind, edge_pinb;

/* The pin-change vectors enter here. gcc's own entry would save registers for 1-3 µs before the first
 * statement; this stub reads the timer 0.7 µs and the pins 1 µs after the edge (entry, jump, one push).
 * It changes no flags, and jumps to the handler below, which returns from the interrupt. */
ISR(PCINT0_vect, ISR_NAKED) {
    __asm__ __volatile__(
        "push r24\n\t"
        "lds r24, %[count_low]\n\t" /* reading the low byte latches the high byte */
        "sts edge_count, r24\n\t"
        "lds r24, %[count_high]\n\t"
        "sts edge_count+1, r24\n\t"
        "in r24, %[pind]\n\t"
        "sts edge_pind, r24\n\t"
        "in r24, %[pinb]\n\t"
        "sts edge_pinb, r24\n\t"
        "pop r24\n\t"
        "jmp __vector_edge\n\t" ::[count_low] "n"(_SFR_MEM_ADDR(TCNT1L)),
        [count_high] "n"(_SFR_MEM_ADDR(TCNT1H)), [pind] "I"(_SFR_IO_ADDR(PIND)), [pinb] "I"(_SFR_IO_ADDR(PINB)));
}

ISR(PCINT2_vect, ISR_ALIASOF(PCINT0_vect));

void __vector_edge(void) __attribute__((signal, used));
void __vector_edge(void) {
    uint8_t head = edges_head;
    uint8_t next = (uint8_t)((head + 1) & (EDGES_LEN - 1));
    if (next == edges_tail) {
        return; /* chatter faster than the main loop: the next look at the pins settles it (inputs_settle) */
    }
    volatile struct snapshot *slot = &edges[head];
    slot->count = edge_count;
    slot->pind = edge_pind;
    slot->pinb = edge_pinb;
    slot->overflows = clock_overflows; /* the overflow interrupt cannot run meanwhile */
    slot->overflow_pending = TIFR1 & _BV(TOV1);
    edges_head = next;
}

/* One snapshot: an input that differs from what was reported, and is not in its lockout, is news. */
static void edge(uint8_t now_levels, uint32_t now) {
    uint8_t changed = now_levels ^ levels;
    levels = now_levels;
    uint8_t fresh = (now_levels ^ reported) & (uint8_t)~locked;
    for (uint8_t i = 0, bit = 1; i < INPUTS; i++, bit <<= 1) {
        if (fresh & bit) {
            enqueue((uint8_t)((i + 1) | ((now_levels & bit) ? 0 : EVENT_RELEASE)), now);
            reported ^= bit;
            locked |= bit;
            locked_at[i] = now;
            last_edge[i] = now;
        } else if (changed & bit) {
            last_edge[i] = now; /* bounce */
        }
    }
}

void inputs_process(void) {
    for (;;) {
        struct snapshot taken;
        ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
            if (edges_tail == edges_head) {
                return;
            }
            taken.count = edges[edges_tail].count;
            taken.pind = edges[edges_tail].pind;
            taken.pinb = edges[edges_tail].pinb;
            taken.overflows = edges[edges_tail].overflows;
            taken.overflow_pending = edges[edges_tail].overflow_pending;
            edges_tail = (uint8_t)((edges_tail + 1) & (EDGES_LEN - 1));
        }
        edge((uint8_t)~INPUT_LEVELS(taken.pind, taken.pinb),
             clock_us_of(taken.overflows, taken.count, taken.overflow_pending));
    }
}

void inputs_settle(uint32_t now_us) {
    inputs_process();
    uint8_t current, overflow_pending;
    uint16_t count;
    uint32_t overflows;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { /* short: a press waits for it before its snapshot */
        if (edges_tail != edges_head || (PCIFR & (_BV(PCIF0) | _BV(PCIF2)))) {
            return; /* an edge on its way: its own snapshot first (the next tick settles) */
        }
        count = TCNT1;
        current = read_levels();
        overflows = clock_overflows;
        overflow_pending = TIFR1 & _BV(TOV1);
    }
    uint32_t read_at = clock_us_of(overflows, count, overflow_pending);
    for (uint8_t i = 0, bit = 1; i < INPUTS; i++, bit <<= 1) {
        if (!(locked & bit) || now_us - locked_at[i] < DEBOUNCE_US) {
            continue;
        }
        if ((current ^ reported) & bit) {
            /* It changed during the lockout (released within it, say): report where it settled, and lock
             * again from now. */
            enqueue((uint8_t)((i + 1) | ((current & bit) ? 0 : EVENT_RELEASE)), last_edge[i]);
            reported ^= bit;
            locked_at[i] = now_us;
        } else {
            locked &= (uint8_t)~bit;
        }
    }
    /* Unlocked, no edge on its way, yet not as reported: its snapshot was lost (a full ring, or chatter
     * shorter than the stub's reading). Reported now. */
    uint8_t missed = (current ^ reported) & (uint8_t)~locked;
    if (missed) {
        edge((uint8_t)((levels & (uint8_t)~missed) | (current & missed)), read_at);
    }
}

uint8_t inputs_take(struct event *out) {
    inputs_process();
    if (queue_tail == queue_head) {
        return 0;
    }
    *out = queue[queue_tail];
    queue_tail = (uint8_t)((queue_tail + 1) & (QUEUE_LEN - 1));
    return 1;
}

uint8_t inputs_down(void) {
    return reported;
}
