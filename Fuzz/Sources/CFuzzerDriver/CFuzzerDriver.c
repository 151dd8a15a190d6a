// The header only declares libFuzzer's driver; a C target needs one source file.
#include "CFuzzerDriver.h"
