#include "daybook_library.h"
#include <dlfcn.h>
#include <stdio.h>

void *daybook_library_open(const char *soname, size_t table_size, void **table, char *failure, size_t failure_size) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure, failure_size, "%s", dlerror());
        return NULL;
    }
    *table = calloc(1, table_size);
    if (!*table) {
        snprintf(failure, failure_size, "out of memory");
        return NULL;
    }
    return library;
}

void *daybook_library_function(void *library, const char *soname, const char *name, char *failure, size_t failure_size) {
    void *function = dlsym(library, name);
    if (!function) snprintf(failure, failure_size, "%s has no function %s", soname, name);
    return function;
}
