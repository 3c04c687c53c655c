#include "cplacedata.h"

extern const unsigned char dbk_place_table_start[];
extern const unsigned char dbk_place_table_end[];

const unsigned char *dbk_place_table(size_t *size) {
    *size = (size_t)(dbk_place_table_end - dbk_place_table_start);
    return dbk_place_table_start;
}
