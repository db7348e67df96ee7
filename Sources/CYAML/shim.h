#ifndef REST_RUN_CYAML_SHIM_H
#define REST_RUN_CYAML_SHIM_H
#include <yaml.h>
#endif
