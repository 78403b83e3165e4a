define(MAJ, `[HS]')dnl
