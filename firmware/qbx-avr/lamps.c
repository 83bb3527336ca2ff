#include "lamps.h"

#include <avr/io.h>

#include "board.h"

static uint8_t states[INPUTS];
static uint32_t blink_from[INPUTS]; /* a blinking lamp starts lit when told, then every BLINK_HALF_MS */
static uint32_t last_ms;
static uint32_t beep_until;
static uint8_t beeping;

void lamps_init(void) {
    PORTC &= (uint8_t)~LAMPS_C_MASK;
    DDRC |= LAMPS_C_MASK;
    PORTB &= (uint8_t)~(_BV(LAMP7_BIT) | _BV(LAMP8_BIT) | _BV(BEEPER_BIT) | _BV(LED_BIT));
    DDRB |= _BV(LAMP7_BIT) | _BV(LAMP8_BIT) | _BV(BEEPER_BIT) | _BV(LED_BIT);
}

void lamps_set(uint8_t lamp, uint8_t state) {
    if (state == LAMP_BLINK && states[lamp - 1] != LAMP_BLINK) {
        blink_from[lamp - 1] = last_ms;
    }
    states[lamp - 1] = state;
}

void lamps_all_off(void) {
    for (uint8_t i = 0; i < INPUTS; i++) {
        states[i] = LAMP_OFF;
    }
}

void beep(uint16_t ms, uint32_t now_ms) {
    beeping = ms > 0;
    beep_until = now_ms + ms;
}

/* Only the main loop writes PORTB and PORTC (the inputs' pull-ups on PORTB are kept as they are). */
void lamps_update(uint32_t now_ms, uint8_t inputs_down) {
    last_ms = now_ms;
    uint8_t lit = 0;
    for (uint8_t i = 0; i < INPUTS; i++) {
        uint8_t blink_lit = 0;
        if (states[i] == LAMP_BLINK) {
            if (now_ms - blink_from[i] >= 2 * BLINK_HALF_MS) {
                blink_from[i] += 2 * BLINK_HALF_MS; /* called every tick: one period at a time, no division */
            }
            blink_lit = now_ms - blink_from[i] < BLINK_HALF_MS;
        }
        if (states[i] == LAMP_ON || blink_lit) {
            lit |= (uint8_t)(1 << i);
        }
    }
    if (beeping && (int32_t)(now_ms - beep_until) >= 0) {
        beeping = 0;
    }
    uint8_t c = (uint8_t)((PORTC & (uint8_t)~LAMPS_C_MASK) | (lit & LAMPS_C_MASK));
    if (c != PORTC) {
        PORTC = c;
    }
    uint8_t b = PORTB & (uint8_t)~(_BV(LAMP7_BIT) | _BV(LAMP8_BIT) | _BV(BEEPER_BIT) | _BV(LED_BIT));
    if (lit & 0x40) {
        b |= _BV(LAMP7_BIT);
    }
    if (lit & 0x80) {
        b |= _BV(LAMP8_BIT);
    }
    if (beeping) {
        b |= _BV(BEEPER_BIT);
    }
    if (inputs_down) {
        b |= _BV(LED_BIT);
    }
    if (b != PORTB) {
        PORTB = b;
    }
}
