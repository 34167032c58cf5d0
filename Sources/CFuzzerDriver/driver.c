// SwiftPM needs one source file per C target; the target exists only to expose the declaration in
// include/CFuzzerDriver.h (the definition comes from libFuzzer at link time).
#include "CFuzzerDriver.h"
