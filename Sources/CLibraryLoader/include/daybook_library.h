#pragma once
#include <stddef.h>
#include <stdlib.h>

/* A C library opened on first use (dlopen) instead of linked, for a table of its functions
   (CHeif, CCurl): a command that never needs it never pays for loading it. */

/* Opens `soname` and allocates a zeroed table of `table_size` bytes into `*table`. NULL, with
   one line in `failure`, when the library or the memory is missing. */
void *daybook_library_open(const char *soname, size_t table_size, void **table, char *failure, size_t failure_size);

/* The function `name` of `library`; NULL, with one line in `failure`, when it has none. */
void *daybook_library_function(void *library, const char *soname, const char *name, char *failure, size_t failure_size);

/* Fills `table->name`, typed as the library's header declares it, or frees the table and
   returns NULL from the calling loader. */
#define DAYBOOK_LIBRARY_FIND(library, soname, table, name, failure, failure_size)                   \
    if (!((table)->name = (__typeof__((table)->name))daybook_library_function(                       \
              library, soname, #name, failure, failure_size))) {                                    \
        free(table);                                                                                \
        return NULL;                                                                                \
    }
