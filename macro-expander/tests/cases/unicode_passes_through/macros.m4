define(SUIT, `♠')dnl
