define(WHO, ``$0'($1)')dnl
