// places.bin is assembled into the binary's read-only data: the binary finds its place table
// wherever it is copied (the systemd set-up installs it alone), and only the pages a lookup
// touches are ever read from disk. The path is found through the target's include path.
    .section .rodata.dbk_place_table, "a"
    .balign 16
    .globl dbk_place_table_start
dbk_place_table_start:
    .incbin "places.bin"
    .globl dbk_place_table_end
dbk_place_table_end:
    .section .note.GNU-stack, "", %progbits
