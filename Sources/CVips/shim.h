#ifndef TIMELINE_CVIPS_SHIM_H
#define TIMELINE_CVIPS_SHIM_H
#include <vips/vips.h>
#endif
