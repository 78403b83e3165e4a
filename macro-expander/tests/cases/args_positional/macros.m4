define(HCP, `@00P[$1-$2]')dnl
