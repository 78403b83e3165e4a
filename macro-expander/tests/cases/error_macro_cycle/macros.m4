define(OPEN1, `1C MAJ')dnl
define(MAJ, `OPEN1')dnl
