define(HCP, `one')dnl
define(HCP, `two')dnl
