define(OPEN1, `1C MAJ(S)')dnl
define(MAJ, `LEN($1,5)')dnl
define(LEN, `@2$1[$2-]')dnl
