define(BAL, `bal')dnl
