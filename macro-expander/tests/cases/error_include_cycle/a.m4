include(b.m4)
