define(M, `$1')dnl
