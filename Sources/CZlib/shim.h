#ifndef REST_RUN_CZLIB_SHIM_H
#define REST_RUN_CZLIB_SHIM_H
#include <zlib.h>
#endif
