/* Debian's libzip (libzip-dev): reading GTFS feeds. */
#ifndef CLIBZIP_SHIM_H
#define CLIBZIP_SHIM_H
#include <zip.h>
#endif
