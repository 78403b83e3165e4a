define(N, `notrump')dnl
define(P, `pass')dnl
define(X, `double')dnl
