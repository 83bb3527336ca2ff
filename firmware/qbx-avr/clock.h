/* The box's clock: Timer1 counts 0.5 µs ticks (16 MHz / 8); its overflows, counted in software, extend it
 * to a free-running microsecond clock that wraps at 2^32 µs (71.6 minutes), as QBX/1's t_us does. A
 * compare match on the same timer gives the main loop its 1 ms tick. */
#ifndef QBX_CLOCK_H
#define QBX_CLOCK_H

#include <avr/io.h>
#include <stdint.h>

#define TICKS_PER_US 2
#define US_PER_OVERFLOW 32768UL /* 65536 ticks */

/* Timer1 overflows since power-up. The simulator's test hook writes it to start the clock near the
 * wrap (sim/qbxsim.c, `clock`): keep the name. */
extern volatile uint32_t clock_overflows;

void clock_init(void);

/* t_us from a Timer1 reading taken with interrupts off, and TOV1 read after it. The overflow race: a
 * reading taken just after the counter wrapped, before the overflow interrupt has run, carries a pending
 * TOV1 and a small count; then the overflow is counted here. A pending TOV1 with a large count means the
 * wrap came after the reading: not counted. */
static inline uint32_t clock_us_of(uint32_t overflows, uint16_t count, uint8_t overflow_pending) {
    if (overflow_pending && count < 0x8000) {
        overflows++;
    }
    /* overflows × 32768 + count / 2, mod 2^32, without a 15-step shift loop (byte moves and one shift):
     * bit 31 of t_us is bit 16 of the overflow count. */
    uint32_t ticks = (overflows << 16) | count;
    return (ticks >> 1) | ((overflows & 0x10000UL) ? 0x80000000UL : 0);
}

static inline uint32_t clock_us_at(uint16_t count, uint8_t overflow_pending) {
    return clock_us_of(clock_overflows, count, overflow_pending);
}

/* Now, in µs (any context). */
uint32_t clock_us(void);

/* Milliseconds since power-up, from the 1 ms tick (wraps after 49 days). */
uint32_t clock_ms(void);

#endif
