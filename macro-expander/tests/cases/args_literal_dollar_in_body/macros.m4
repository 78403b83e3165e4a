define(LAST, `START,:X$`'1')dnl
