define(BAL, `bal[$1]')dnl
