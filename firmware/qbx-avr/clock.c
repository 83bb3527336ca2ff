#include "clock.h"

#include <avr/interrupt.h>
#include <util/atomic.h>

#define TICKS_PER_MS 2000

volatile uint32_t clock_overflows;
static volatile uint32_t milliseconds;

void clock_init(void) {
    TCCR1A = 0;
    TCCR1B = _BV(CS11); /* normal mode, clk/8: 0.5 µs per tick */
    OCR1A = TICKS_PER_MS;
    TIMSK1 = _BV(TOIE1) | _BV(OCIE1A);
}

/* Short on purpose: a press waits for a running interrupt before its stamp is taken. */
ISR(TIMER1_OVF_vect) {
    clock_overflows++;
}

ISR(TIMER1_COMPA_vect) {
    OCR1A += TICKS_PER_MS;
    milliseconds++;
}

uint32_t clock_us(void) {
    uint32_t now;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        uint16_t count = TCNT1;
        now = clock_us_at(count, TIFR1 & _BV(TOV1));
    }
    return now;
}

uint32_t clock_ms(void) {
    uint32_t now;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        now = milliseconds;
    }
    return now;
}
