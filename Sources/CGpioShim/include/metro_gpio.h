/* metro_gpio: the GPIO calls MetroGPIO needs, the same for libgpiod 1.6 and libgpiod 2.x.
 *
 * Which library generation is underneath is decided when this target is compiled, from the installed
 * <gpiod.h> (generation.h); exactly one of gpiod_v1.c and gpiod_v2.c has a body, and gpiod_common.c holds
 * the calls that are the same in both. Swift sees only this header: opaque chips and requests, plain numbers, text copied into the caller's buffers. Every function
 * that fails returns NULL or -1 with errno set by the library or the kernel, so the Swift side builds the
 * same messages whichever library answered.
 */
#ifndef METRO_GPIO_H
#define METRO_GPIO_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/** An open GPIO chip (/dev/gpiochipN). */
typedef struct metro_gpio_chip metro_gpio_chip;
/** One requested line: a button (both-edge events) or the motor (output). */
typedef struct metro_gpio_request metro_gpio_request;

/** The room for a chip or line name, label or consumer: the kernel's limit is 32 bytes with the NUL. */
enum { METRO_GPIO_NAME_SIZE = 64 };

/** How a line is requested. */
typedef enum {
    METRO_GPIO_BOTH_EDGES = 0, /* input reporting rising and falling edges */
    METRO_GPIO_OUTPUT = 1,     /* output */
} metro_gpio_mode;

/** The internal resistor of an input line. */
typedef enum {
    METRO_GPIO_BIAS_AS_IS = 0,
    METRO_GPIO_BIAS_PULL_UP = 1,
    METRO_GPIO_BIAS_PULL_DOWN = 2,
    METRO_GPIO_BIAS_DISABLED = 3,
} metro_gpio_bias;

/** One edge: the logical level after it and the kernel's CLOCK_MONOTONIC timestamp. */
typedef struct {
    bool rising;
    uint64_t timestamp_ns;
} metro_gpio_edge;

/** The version of the libgpiod underneath, as the library reports it: "1.6.3", "2.2.1" (a static string). */
const char *metro_gpio_library_version(void);

/** Opens the chip at a device path. NULL with errno on failure (ENOENT: no such device). */
metro_gpio_chip *metro_gpio_chip_open(const char *path);
void metro_gpio_chip_close(metro_gpio_chip *chip);
/** The kernel's name (gpiochip0), the driver's label and the number of lines. 0, or -1 with errno. */
int metro_gpio_chip_describe(metro_gpio_chip *chip, char name[METRO_GPIO_NAME_SIZE],
                             char label[METRO_GPIO_NAME_SIZE], uint32_t *line_count);
/** The offset of the line called `name`; -1 with errno ENOENT when the chip has none. */
int64_t metro_gpio_chip_find_line(metro_gpio_chip *chip, const char *name);
/** A line's name and current consumer, read fresh from the kernel (empty strings when it has none). */
int metro_gpio_line_describe(metro_gpio_chip *chip, uint32_t offset, char name[METRO_GPIO_NAME_SIZE],
                             char consumer[METRO_GPIO_NAME_SIZE]);

/** Requests one line. `active_low` makes values and edges logical; `initial_value` (logical) is for outputs,
 *  `bias` for inputs. NULL with errno on failure (EBUSY: another consumer holds it). */
metro_gpio_request *metro_gpio_request_line(metro_gpio_chip *chip, uint32_t offset, metro_gpio_mode mode,
                                            metro_gpio_bias bias, bool active_low, const char *consumer,
                                            int initial_value);
/** Gives the line back to the kernel and frees the request. */
void metro_gpio_request_release(metro_gpio_request *request);
/** The file descriptor that polls readable when edges are queued. */
int metro_gpio_request_fd(metro_gpio_request *request);
/** The line's logical value: 0 or 1, or -1 with errno. */
int metro_gpio_request_get_value(metro_gpio_request *request);
/** Drives an output to a logical value. 0, or -1 with errno. */
int metro_gpio_request_set_value(metro_gpio_request *request, int value);
/** Whether edges are queued, without waiting: 1 yes, 0 no, -1 with errno (a hang-up or an error). */
int metro_gpio_request_edges_pending(metro_gpio_request *request);
/** Reads up to `capacity` queued edges into `edges`: their count, or -1 with errno (EAGAIN: none queued). */
int metro_gpio_request_read_edges(metro_gpio_request *request, metro_gpio_edge *edges, unsigned capacity);

#endif
