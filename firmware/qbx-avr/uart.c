#include "uart.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "clock.h"

static volatile char tx[TX_SIZE];
static volatile uint8_t tx_head, tx_tail;
static volatile char rx[RX_SIZE];
static volatile uint8_t rx_head, rx_tail;
/* When each '\n' arrived (PING's PONG carries it): the clock's parts, put together outside the interrupt. */
static volatile struct {
    uint32_t overflows;
    uint16_t count;
    uint8_t overflow_pending;
} ends[LINE_ENDS];
static volatile uint8_t ends_head, ends_tail;

void uart_init(void) {
    /* U2X: 16 MHz / (8 × 17) = 117647 baud, 2.1 % off 115200, as the Arduino core runs it. */
    UCSR0A = _BV(U2X0);
    UBRR0 = (uint16_t)((F_CPU / (8UL * BAUD)) - 1);
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

uint8_t uart_room(void) {
    uint8_t used;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        used = (uint8_t)((tx_head - tx_tail) & (TX_SIZE - 1));
    }
    return (uint8_t)(TX_SIZE - 1 - used);
}

void uart_put(const char *text, uint8_t length) {
    for (uint8_t i = 0; i < length; i++) {
        tx[tx_head] = text[i];
        tx_head = (uint8_t)((tx_head + 1) & (TX_SIZE - 1));
    }
    UCSR0B |= _BV(UDRIE0);
}

ISR(USART_UDRE_vect) {
    if (tx_tail == tx_head) {
        UCSR0B &= (uint8_t)~_BV(UDRIE0);
        return;
    }
    UDR0 = tx[tx_tail];
    tx_tail = (uint8_t)((tx_tail + 1) & (TX_SIZE - 1));
}

ISR(USART_RX_vect) {
    char byte = (char)UDR0;
    uint8_t next = (uint8_t)((rx_head + 1) & (RX_SIZE - 1));
    if (next == rx_tail) {
        return; /* the ring is full: the line comes out garbled and is answered ERR */
    }
    if (byte == '\n') {
        uint8_t end = (uint8_t)((ends_head + 1) & (LINE_ENDS - 1));
        if (end == ends_tail) {
            return; /* more unread lines than stamps: the main loop is far behind (two lines become one) */
        }
        ends[ends_head].count = TCNT1;
        ends[ends_head].overflows = clock_overflows; /* interrupts are off here */
        ends[ends_head].overflow_pending = TIFR1 & _BV(TOV1);
        ends_head = end;
    }
    rx[rx_head] = byte;
    rx_head = next;
}

int16_t uart_get(uint32_t *line_end_us) {
    int16_t byte = -1;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        if (rx_tail != rx_head) {
            byte = (uint8_t)rx[rx_tail];
            rx_tail = (uint8_t)((rx_tail + 1) & (RX_SIZE - 1));
            if (byte == '\n') {
                *line_end_us = clock_us_of(ends[ends_tail].overflows, ends[ends_tail].count,
                                           ends[ends_tail].overflow_pending);
                ends_tail = (uint8_t)((ends_tail + 1) & (LINE_ENDS - 1));
            }
        }
    }
    return byte;
}
