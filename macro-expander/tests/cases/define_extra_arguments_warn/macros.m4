define(LIST, a,b)dnl
