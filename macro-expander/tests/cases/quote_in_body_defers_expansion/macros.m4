define(OPEN, `LATER')dnl
define(EAGER, LATER)dnl
define(LATER, `later')dnl
