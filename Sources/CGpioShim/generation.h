/* Which libgpiod generation the installed <gpiod.h> is; decided once here for both backends.
 * Only the 1.x API has line bulks (2.x replaced them with request configs), so GPIOD_LINE_BULK_MAX_LINES
 * tells the two apart. */
#ifndef METRO_GPIO_GENERATION_H
#define METRO_GPIO_GENERATION_H
#include <gpiod.h>
#ifdef GPIOD_LINE_BULK_MAX_LINES
#define METRO_GPIOD_GENERATION 1
#else
#define METRO_GPIOD_GENERATION 2
#endif
#endif
