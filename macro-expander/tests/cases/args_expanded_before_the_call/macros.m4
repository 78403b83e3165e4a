define(TWICE, `$1 $1')dnl
define(ONE, `1')dnl
