/* The libgpiod 1.6 backend of metro_gpio.h: line objects owned by the chip, requested one at a time. */
#include "generation.h"
#if METRO_GPIOD_GENERATION == 1
#include "chip.h"
#include <errno.h>
#include <stdlib.h>
#include <time.h>

/* The line stays owned by the chip (libgpiod 1.6 frees it with the chip); the request only marks it held. */
struct metro_gpio_request { struct gpiod_line *line; };

const char *metro_gpio_library_version(void) { return gpiod_version_string(); }

int metro_gpio_chip_describe(metro_gpio_chip *chip, char name[METRO_GPIO_NAME_SIZE],
                             char label[METRO_GPIO_NAME_SIZE], uint32_t *line_count) {
    metro_gpio_copy_text(name, gpiod_chip_name(chip->chip));
    metro_gpio_copy_text(label, gpiod_chip_label(chip->chip));
    *line_count = gpiod_chip_num_lines(chip->chip);
    return 0;
}

int64_t metro_gpio_chip_find_line(metro_gpio_chip *chip, const char *name) {
    struct gpiod_line *line = gpiod_chip_find_line(chip->chip, name);
    return line == NULL ? -1 : (int64_t)gpiod_line_offset(line);
}

int metro_gpio_line_describe(metro_gpio_chip *chip, uint32_t offset, char name[METRO_GPIO_NAME_SIZE],
                             char consumer[METRO_GPIO_NAME_SIZE]) {
    name[0] = consumer[0] = '\0';
    struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
    /* libgpiod 1.6 caches line info from when the line object was made: refresh it from the kernel. */
    if (line == NULL || gpiod_line_update(line) != 0) return -1;
    metro_gpio_copy_text(name, gpiod_line_name(line));
    metro_gpio_copy_text(consumer, gpiod_line_consumer(line));
    return 0;
}

metro_gpio_request *metro_gpio_request_line(metro_gpio_chip *chip, uint32_t offset, metro_gpio_mode mode,
                                            metro_gpio_bias bias, bool active_low, const char *consumer,
                                            int initial_value) {
    struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
    if (line == NULL) return NULL;
    int flags = active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0;
    switch (bias) {
    case METRO_GPIO_BIAS_PULL_UP: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP; break;
    case METRO_GPIO_BIAS_PULL_DOWN: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN; break;
    case METRO_GPIO_BIAS_DISABLED: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE; break;
    case METRO_GPIO_BIAS_AS_IS: break;
    }
    struct gpiod_line_request_config config = {
        .consumer = consumer,
        .request_type = mode == METRO_GPIO_OUTPUT ? GPIOD_LINE_REQUEST_DIRECTION_OUTPUT
                                                  : GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES,
        .flags = flags,
    };
    metro_gpio_request *request = malloc(sizeof *request);
    if (request == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    if (gpiod_line_request(line, &config, initial_value) != 0) {
        int code = errno;
        free(request);
        errno = code;
        return NULL;
    }
    request->line = line;
    return request;
}

void metro_gpio_request_release(metro_gpio_request *request) {
    gpiod_line_release(request->line);
    free(request);
}

int metro_gpio_request_fd(metro_gpio_request *request) { return gpiod_line_event_get_fd(request->line); }

int metro_gpio_request_get_value(metro_gpio_request *request) { return gpiod_line_get_value(request->line); }

int metro_gpio_request_set_value(metro_gpio_request *request, int value) {
    return gpiod_line_set_value(request->line, value);
}

int metro_gpio_request_edges_pending(metro_gpio_request *request) {
    const struct timespec no_wait = {0, 0};
    return gpiod_line_event_wait(request->line, &no_wait);
}

int metro_gpio_request_read_edges(metro_gpio_request *request, metro_gpio_edge *edges, unsigned capacity) {
    struct gpiod_line_event events[16];
    if (capacity > 16) capacity = 16;
    int count = gpiod_line_event_read_multiple(request->line, events, capacity);
    for (int i = 0; i < count; i++) {
        edges[i].rising = events[i].event_type == GPIOD_LINE_EVENT_RISING_EDGE;
        edges[i].timestamp_ns = (uint64_t)events[i].ts.tv_sec * 1000000000u + (uint64_t)events[i].ts.tv_nsec;
    }
    return count;
}
#endif
