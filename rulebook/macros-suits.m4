dnl Macros for suit auctions, competition and the fallback rules.
