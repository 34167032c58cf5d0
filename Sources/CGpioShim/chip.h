/* What both libgpiod backends share (gpiod_common.c): the chip handle, which wraps the same
 * struct gpiod_chip in 1.6 and 2.x, and the copy of library text into the caller's buffers. Private to
 * CGpioShim; Swift sees only metro_gpio.h. */
#ifndef METRO_GPIO_CHIP_H
#define METRO_GPIO_CHIP_H
#include "generation.h"
#include "metro_gpio.h"

struct metro_gpio_chip { struct gpiod_chip *chip; };

/* Copies `text` (NULL reads as empty) into `out`, cut to fit and always NUL-terminated. */
void metro_gpio_copy_text(char out[METRO_GPIO_NAME_SIZE], const char *text);
#endif
