define(D, `$1 $1')dnl
