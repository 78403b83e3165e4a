dnl A macro that calls a function the dispatch table does not have.
define(STRENGTH, `~#99>=$1~')
