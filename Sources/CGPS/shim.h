/* libgps (Debian libgps-dev, gpsd 3.22, API 11). */
#ifndef CGPS_SHIM_H
#define CGPS_SHIM_H
#include <gps.h>
#endif
