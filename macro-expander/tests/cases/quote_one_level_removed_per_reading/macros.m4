define(HCP, `x')dnl
define(KEEP, ``HCP'')dnl
