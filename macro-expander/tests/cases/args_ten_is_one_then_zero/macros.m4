define(A, `$10|$1$2')dnl
