define(P3, `[$1|$2|$3]')dnl
