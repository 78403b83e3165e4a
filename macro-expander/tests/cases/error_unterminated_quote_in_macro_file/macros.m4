define(BAD, ``x')
