define(HCP, `old')dnl
define(HCP, `new')dnl
