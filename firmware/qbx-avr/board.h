/* The board: an Arduino Nano or Uno (ATmega328P, 16 MHz). Which pin does what.
 *
 *   input 1..6  D2..D7   PD2..PD7   button to GND, internal pull-up   (pin-change group PCINT2)
 *   input 7..8  D8..D9   PB0..PB1   button to GND, internal pull-up   (pin-change group PCINT0)
 *   lamp  1..6  A0..A5   PC0..PC5   high = lit
 *   lamp  7..8  D10..D11 PB2..PB3   high = lit
 *   beeper      D12      PB4        high = sounding (an active buzzer)
 *   status LED  D13      PB5        the board's own LED: lit while any input is held down
 *
 * D0/D1 are the serial line to the USB chip. docs/hardware.md «Build a box» has the wiring picture,
 * drawn from firmware/qbx-avr/wiring.py, which reads the same table: change both together.
 */
#ifndef QBX_BOARD_H
#define QBX_BOARD_H

#include <avr/io.h>

#define INPUTS 8

/* Inputs 1..6 are PIND bits 2..7, inputs 7..8 are PINB bits 0..1: one byte, bit 0 = input 1. */
#define INPUTS_D_MASK 0xFC
#define INPUTS_B_MASK 0x03
#define INPUT_LEVELS(pind, pinb) ((uint8_t)(((pind) >> 2) | ((pinb) << 6)))

#define LAMPS_C_MASK 0x3F /* lamps 1..6 on PC0..PC5 */
#define LAMP7_BIT PB2
#define LAMP8_BIT PB3
#define BEEPER_BIT PB4
#define LED_BIT PB5

#endif
