define(LEN, `<$1|$2|$3>')dnl
