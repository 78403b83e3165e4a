dnl a comment with HCP(
define(A, `a')dnl trailing
