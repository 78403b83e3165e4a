define(FIRST, `<$1>')dnl
