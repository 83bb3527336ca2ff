/* The serial line: 115200 baud 8N1, interrupt-driven rings both ways. Nothing here ever waits: a line
 * goes out only when it fits whole, and the sender keeps what does not fit for later. */
#ifndef QBX_UART_H
#define QBX_UART_H

#include <stdint.h>

#define BAUD 115200UL
#define TX_SIZE 128 /* a power of two, at most 256 */
#define RX_SIZE 128 /* a power of two, at most 256 */
#define LINE_ENDS 8 /* line ends received and not yet read, each with its stamp */

void uart_init(void);

/* Room left in the output ring, in bytes. */
uint8_t uart_room(void);

/* Queues bytes the caller has checked fit (uart_room). */
void uart_put(const char *text, uint8_t length);

/* The next received byte, or -1. With a '\n' taken, *line_end_us is the time it arrived. */
int16_t uart_get(uint32_t *line_end_us);

#endif
