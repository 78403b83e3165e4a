define(OPEN_CALL, `WRAP(')dnl
define(WRAP, `<$1>')dnl
