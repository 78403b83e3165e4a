

define(`dnl', x)
