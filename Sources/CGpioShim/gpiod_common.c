/* The part of metro_gpio.h that is the same call in both libgpiod generations: opening and closing a chip
 * (gpiod_chip_open / gpiod_chip_close kept their names and meaning from 1.6 to 2.x), and the text copy. */
#include "chip.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void metro_gpio_copy_text(char out[METRO_GPIO_NAME_SIZE], const char *text) {
    out[0] = '\0';
    if (text != NULL) {
        strncpy(out, text, METRO_GPIO_NAME_SIZE - 1);
        out[METRO_GPIO_NAME_SIZE - 1] = '\0';
    }
}

metro_gpio_chip *metro_gpio_chip_open(const char *path) {
    struct gpiod_chip *opened = gpiod_chip_open(path);
    if (opened == NULL) return NULL;
    metro_gpio_chip *chip = malloc(sizeof *chip);
    if (chip == NULL) {
        gpiod_chip_close(opened);
        errno = ENOMEM;
        return NULL;
    }
    chip->chip = opened;
    return chip;
}

void metro_gpio_chip_close(metro_gpio_chip *chip) {
    gpiod_chip_close(chip->chip);
    free(chip);
}
