#include "CLinuxShim.h"
