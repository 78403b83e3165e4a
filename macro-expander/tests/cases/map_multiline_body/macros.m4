define(NT_SYSTEM, `NT:P:2C STAYMAN
NT:P:2D XFER(H)')dnl
define(STAYMAN, `@00P[8-]')dnl
define(XFER, `@2$1[5-]')dnl
