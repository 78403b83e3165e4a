define(NT, `notrump')dnl
