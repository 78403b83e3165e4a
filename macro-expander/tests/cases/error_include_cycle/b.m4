
include(a.m4)
