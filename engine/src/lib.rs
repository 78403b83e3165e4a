//! bidbook's engine: cards, hands, auctions, the hand pattern string, rule
//! matchers and the call resolver.
