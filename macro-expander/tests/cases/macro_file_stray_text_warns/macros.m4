define(A, `a')
stray A
