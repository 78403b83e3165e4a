define(LOOP, `(LOOP)')dnl
