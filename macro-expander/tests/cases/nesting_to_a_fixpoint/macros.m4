define(L1, `L2(<$1>)')dnl
define(L2, `L3([$1])')dnl
define(L3, `L4({$1})')dnl
define(L4, `L5($1)')dnl
define(L5, `=$1=')dnl
