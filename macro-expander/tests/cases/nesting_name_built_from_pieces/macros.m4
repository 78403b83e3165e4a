define(GLUE, `$1$2')dnl
define(AB, `joined')dnl
