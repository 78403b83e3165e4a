define(A, `a')dnl
