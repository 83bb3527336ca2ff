#include "boxid.h"

#include <avr/eeprom.h>

#define MAGIC 'Q'
#define AT_MAGIC ((uint8_t *)0)
#define AT_LENGTH ((uint8_t *)1)
#define AT_TEXT ((uint8_t *)2)

static uint8_t allowed(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
}

void boxid_read(char *out) {
    uint8_t length = eeprom_read_byte(AT_LENGTH);
    if (eeprom_read_byte(AT_MAGIC) == MAGIC && length >= 1 && length <= BOXID_MAX) {
        eeprom_read_block(out, AT_TEXT, length);
        out[length] = 0;
        uint8_t sound = 1;
        for (uint8_t i = 0; i < length; i++) {
            sound &= allowed(out[i]);
        }
        if (sound) {
            return;
        }
    }
    const char *fallback = BOXID_DEFAULT; /* a new chip's EEPROM is all 0xFF */
    uint8_t i = 0;
    for (; fallback[i]; i++) {
        out[i] = fallback[i];
    }
    out[i] = 0;
}

uint8_t boxid_write(const char *id, uint8_t length) {
    if (length < 1 || length > BOXID_MAX) {
        return 0;
    }
    for (uint8_t i = 0; i < length; i++) {
        if (!allowed(id[i])) {
            return 0;
        }
    }
    eeprom_update_byte(AT_MAGIC, 0); /* a power cut mid-write leaves no half id: the default comes back */
    eeprom_update_block(id, AT_TEXT, length);
    eeprom_update_byte(AT_LENGTH, length);
    eeprom_update_byte(AT_MAGIC, MAGIC);
    return 1;
}
