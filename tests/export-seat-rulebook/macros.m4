dnl The seat export rulebook's macros (a small copy of the default book's).
define(HCP, `@00P~.[0$1,0$2+99*!0$2]~')
define(LEN, `&&~#24($1)[0$2,0$3+99*!0$3]~')
define(ANYSEAT, `(P:)?(P:)?(P:)?$1')
define(SEAT12, `(P:)?$1')
define(SEAT34, `P:P:(P:)?$1')
