dnl No macros.
