define(E, `')dnl
define(D, `E`'E`'E`'E`'E`'E`'E`'E`'E`'E')dnl
define(C, `D`'D`'D`'D`'D`'D`'D`'D`'D`'D')dnl
define(B, `C`'C`'C`'C`'C`'C`'C`'C`'C`'C')dnl
define(A, `B`'B`'B`'B`'B`'B`'B`'B`'B`'B')dnl
