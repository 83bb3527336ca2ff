/* The box's id (HELLO's id=…), set once over the line with `ID <id>` and kept in the EEPROM. */
#ifndef QBX_BOXID_H
#define QBX_BOXID_H

#include <stdint.h>

#define BOXID_MAX 16
#define BOXID_DEFAULT "box1"

/* The id as kept (or the default), NUL-terminated, into `out` (BOXID_MAX + 1 bytes). */
void boxid_read(char *out);

/* Keeps a new id: 1..BOXID_MAX of A-Z a-z 0-9 _ - . (the protocol's id is one token). 0 if refused. */
uint8_t boxid_write(const char *id, uint8_t length);

#endif
