define(L1, `L2')dnl
define(L2, `L3')dnl
define(L3, `L4')dnl
define(L4, `x')dnl
