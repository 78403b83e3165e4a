define(MAJ, `m')dnl
define(MAJOR, `M')dnl
