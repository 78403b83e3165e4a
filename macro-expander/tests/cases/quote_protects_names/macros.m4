define(HCP, `x')dnl
