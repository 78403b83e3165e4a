include(lib/hcp.m4)dnl
