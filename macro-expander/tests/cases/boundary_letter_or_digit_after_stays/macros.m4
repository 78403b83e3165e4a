define(NAME, `x')dnl
