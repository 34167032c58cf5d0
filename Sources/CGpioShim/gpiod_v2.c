/* The libgpiod 2.x backend of metro_gpio.h: each line is requested through a settings / line config /
 * request config triple and held by a request object that outlives nothing but itself. */
#include "generation.h"
#if METRO_GPIOD_GENERATION == 2
#include "chip.h"
#include <errno.h>
#include <stdlib.h>

/* How many edges one read takes from the kernel; more wait for the next read of the same drain. */
enum { EDGE_BUFFER_CAPACITY = 16 };

struct metro_gpio_request {
    struct gpiod_line_request *request;
    unsigned int offset;
    struct gpiod_edge_event_buffer *edges; /* NULL for an output */
};

const char *metro_gpio_library_version(void) { return gpiod_api_version(); }

int metro_gpio_chip_describe(metro_gpio_chip *chip, char name[METRO_GPIO_NAME_SIZE],
                             char label[METRO_GPIO_NAME_SIZE], uint32_t *line_count) {
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip->chip);
    if (info == NULL) return -1;
    metro_gpio_copy_text(name, gpiod_chip_info_get_name(info));
    metro_gpio_copy_text(label, gpiod_chip_info_get_label(info));
    *line_count = (uint32_t)gpiod_chip_info_get_num_lines(info);
    gpiod_chip_info_free(info);
    return 0;
}

int64_t metro_gpio_chip_find_line(metro_gpio_chip *chip, const char *name) {
    int offset = gpiod_chip_get_line_offset_from_name(chip->chip, name);
    return offset < 0 ? -1 : (int64_t)offset;
}

int metro_gpio_line_describe(metro_gpio_chip *chip, uint32_t offset, char name[METRO_GPIO_NAME_SIZE],
                             char consumer[METRO_GPIO_NAME_SIZE]) {
    name[0] = consumer[0] = '\0';
    struct gpiod_line_info *info = gpiod_chip_get_line_info(chip->chip, offset);
    if (info == NULL) return -1;
    metro_gpio_copy_text(name, gpiod_line_info_get_name(info));
    metro_gpio_copy_text(consumer, gpiod_line_info_get_consumer(info));
    gpiod_line_info_free(info);
    return 0;
}

static enum gpiod_line_bias library_bias(metro_gpio_bias bias) {
    switch (bias) {
    case METRO_GPIO_BIAS_PULL_UP: return GPIOD_LINE_BIAS_PULL_UP;
    case METRO_GPIO_BIAS_PULL_DOWN: return GPIOD_LINE_BIAS_PULL_DOWN;
    case METRO_GPIO_BIAS_DISABLED: return GPIOD_LINE_BIAS_DISABLED;
    case METRO_GPIO_BIAS_AS_IS: break;
    }
    return GPIOD_LINE_BIAS_AS_IS;
}

/* The settings of one line, or NULL with errno. */
static struct gpiod_line_settings *line_settings(metro_gpio_mode mode, metro_gpio_bias bias, bool active_low,
                                                 int initial_value) {
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    if (settings == NULL) return NULL;
    int failed;
    if (mode == METRO_GPIO_OUTPUT) {
        failed = gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT) ||
                 gpiod_line_settings_set_output_value(settings, initial_value ? GPIOD_LINE_VALUE_ACTIVE
                                                                              : GPIOD_LINE_VALUE_INACTIVE);
    } else {
        failed = gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT) ||
                 gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH) ||
                 gpiod_line_settings_set_bias(settings, library_bias(bias));
    }
    gpiod_line_settings_set_active_low(settings, active_low);
    if (failed) {
        int code = errno;
        gpiod_line_settings_free(settings);
        errno = code;
        return NULL;
    }
    return settings;
}

/* Frees what a request was made from; each part may be NULL (its allocation failed). */
static void free_request_parts(struct gpiod_line_settings *settings, struct gpiod_line_config *line_config,
                               struct gpiod_request_config *request_config) {
    if (request_config != NULL) gpiod_request_config_free(request_config);
    if (line_config != NULL) gpiod_line_config_free(line_config);
    if (settings != NULL) gpiod_line_settings_free(settings);
}

metro_gpio_request *metro_gpio_request_line(metro_gpio_chip *chip, uint32_t offset, metro_gpio_mode mode,
                                            metro_gpio_bias bias, bool active_low, const char *consumer,
                                            int initial_value) {
    metro_gpio_request *request = calloc(1, sizeof *request);
    if (request == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    request->offset = offset;
    struct gpiod_line_settings *settings = line_settings(mode, bias, active_low, initial_value);
    int code = errno;
    struct gpiod_line_config *line_config = settings == NULL ? NULL : gpiod_line_config_new();
    struct gpiod_request_config *request_config = line_config == NULL ? NULL : gpiod_request_config_new();
    if (settings != NULL && request_config == NULL) code = ENOMEM;
    if (request_config != NULL && mode == METRO_GPIO_BOTH_EDGES &&
        (request->edges = gpiod_edge_event_buffer_new(EDGE_BUFFER_CAPACITY)) == NULL) {
        code = ENOMEM;
    } else if (request_config != NULL) {
        unsigned int line_offset = offset;
        if (gpiod_line_config_add_line_settings(line_config, &line_offset, 1, settings) == 0) {
            gpiod_request_config_set_consumer(request_config, consumer);
            request->request = gpiod_chip_request_lines(chip->chip, request_config, line_config);
        }
        code = errno;
    }
    free_request_parts(settings, line_config, request_config);
    if (request->request != NULL) return request;
    if (request->edges != NULL) gpiod_edge_event_buffer_free(request->edges);
    free(request);
    errno = code;
    return NULL;
}

void metro_gpio_request_release(metro_gpio_request *request) {
    gpiod_line_request_release(request->request);
    if (request->edges != NULL) gpiod_edge_event_buffer_free(request->edges);
    free(request);
}

int metro_gpio_request_fd(metro_gpio_request *request) { return gpiod_line_request_get_fd(request->request); }

int metro_gpio_request_get_value(metro_gpio_request *request) {
    enum gpiod_line_value value = gpiod_line_request_get_value(request->request, request->offset);
    if (value == GPIOD_LINE_VALUE_ERROR) return -1;
    return value == GPIOD_LINE_VALUE_ACTIVE ? 1 : 0;
}

int metro_gpio_request_set_value(metro_gpio_request *request, int value) {
    return gpiod_line_request_set_value(request->request, request->offset,
                                        value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
}

int metro_gpio_request_edges_pending(metro_gpio_request *request) {
    return gpiod_line_request_wait_edge_events(request->request, 0);
}

int metro_gpio_request_read_edges(metro_gpio_request *request, metro_gpio_edge *edges, unsigned capacity) {
    if (request->edges == NULL) {
        errno = EINVAL; /* an output has no edges */
        return -1;
    }
    if (capacity > EDGE_BUFFER_CAPACITY) capacity = EDGE_BUFFER_CAPACITY;
    int count = gpiod_line_request_read_edge_events(request->request, request->edges, capacity);
    for (int i = 0; i < count; i++) {
        struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(request->edges, (unsigned long)i);
        edges[i].rising = gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
        edges[i].timestamp_ns = gpiod_edge_event_get_timestamp_ns(event);
    }
    return count;
}
#endif
