define(HCP, `one')dnl
