dnl The mini rulebook's macros (a small copy of the default book's).
define(HCP, `@00P~.[0$1,0$2+99*!0$2]~')
define(LEN, `&&~#24($1)[0$2,0$3+99*!0$3]~')
