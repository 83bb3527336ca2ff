/* The lamps (one per input) and the beeper, as the host asks: LAMP n ON|OFF|BLINK, LAMPS OFF, BEEP ms. */
#ifndef QBX_LAMPS_H
#define QBX_LAMPS_H

#include <stdint.h>

#define LAMP_OFF 0
#define LAMP_ON 1
#define LAMP_BLINK 2
#define BLINK_HALF_MS 250 /* 2 Hz, lit first: a lamp told to blink lights at once */
#define BEEP_MAX_MS 10000

void lamps_init(void);
void lamps_set(uint8_t lamp, uint8_t state); /* lamp 1..INPUTS */
void lamps_all_off(void);
void beep(uint16_t ms, uint32_t now_ms);

/* Drives the pins for this moment: blinking lamps, the beeper's end, the status LED. */
void lamps_update(uint32_t now_ms, uint8_t inputs_down);

#endif
